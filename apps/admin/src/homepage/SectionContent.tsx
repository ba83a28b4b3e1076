/**
 * The content inputs of a homepage section's form by its type (docs/admin.md "Homepage"):
 * slides and tiles (titles, pictures, links), the collection to highlight, products picked by
 * search, the categories to feature; a new section's starting content and the content as the
 * API takes it.
 */
import { Alert, Stack } from '@mui/material';
import type { AdminSection, SectionType } from '@vastra/contracts';
import { SECTION_TYPES } from '@vastra/contracts';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceArrayInput,
  SimpleFormIterator,
  TextInput,
  maxValue,
  minValue,
  required,
} from 'react-admin';
import { PictureInput } from '../settings/PictureUpload';

export type Values = Omit<AdminSection, 'content'> & { content: Record<string, unknown> };
export type Choice = { id: string; name: string };

const NEW_CONTENT: Record<SectionType, Record<string, unknown>> = {
  hero: { slides: [{ title: '', subtitle: '', image: '', cta: { label: 'Shop now', href: '/shop' } }] },
  fashion_showcase: { items: [{ title: '', image: '', href: '/shop' }] },
  collection_highlight: { collectionSlug: '', productLimit: 8 },
  best_seller_products: {
    limit: 8,
    productIds: [],
    cta: { label: 'View all best sellers', href: '/shop?sort=rating' },
  },
  testimonials: { limit: 6 },
  featured_categories: { categorySlugs: [] },
};

const LINK_HELP = 'A storefront path such as /collections/sportswear, or an https:// address';
const IMAGE_HELP = 'Upload a picture, or type a /media/… path or an https:// address';

export const endAfterStart = (endsAt: unknown, values: { startsAt?: string | null }) =>
  endsAt && values.startsAt && Date.parse(String(endsAt)) <= Date.parse(values.startsAt)
    ? 'The end must be after the start.'
    : undefined;

/** A link's label and address; both empty means "none" (the API's default applies). */
function CtaInputs({ source, label }: { source: string; label: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, width: '100%' }}>
      <TextInput source={`${source}.label`} label={`${label}: text`} sx={{ flex: 1 }} />
      <TextInput
        source={`${source}.labelHi`}
        label={`${label}: text (Hindi)`}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { lang: 'hi' } }}
      />
      <TextInput source={`${source}.href`} label={`${label}: link`} helperText={LINK_HELP} sx={{ flex: 2 }} />
    </Stack>
  );
}

/** A form's content as the API takes it: empty optional links left out. */
export function contentBody(type: SectionType, content: Record<string, unknown>): Record<string, unknown> {
  const cta = content.cta as { label?: string; href?: string } | undefined;
  if ((type === 'collection_highlight' || type === 'best_seller_products') && !cta?.label && !cta?.href) {
    return Object.fromEntries(Object.entries(content).filter(([key]) => key !== 'cta'));
  }
  return content;
}

export function ContentInputs({
  type,
  categories,
  collections,
}: {
  type: SectionType;
  categories: Choice[];
  collections: Choice[];
}) {
  switch (type) {
    case 'hero':
      return (
        <ArrayInput source="content.slides" label="Slides">
          <SimpleFormIterator fullWidth inline={false}>
            <TextInput source="title" label="Slide title" validate={required()} />
            <TextInput source="subtitle" label="Slide subtitle" />
            <TextInput source="titleHi" label="Slide title (Hindi)" slotProps={{ htmlInput: { lang: 'hi' } }} />
            <TextInput source="subtitleHi" label="Slide subtitle (Hindi)" slotProps={{ htmlInput: { lang: 'hi' } }} />
            <PictureInput source="image" label="Picture" helperText={IMAGE_HELP} />
            <TextInput source="cta.label" label="Button text" validate={required()} />
            <TextInput source="cta.labelHi" label="Button text (Hindi)" slotProps={{ htmlInput: { lang: 'hi' } }} />
            <TextInput source="cta.href" label="Button link" helperText={LINK_HELP} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'fashion_showcase':
      return (
        <ArrayInput source="content.items" label="Tiles">
          <SimpleFormIterator fullWidth inline={false}>
            <TextInput source="title" label="Tile title" validate={required()} />
            <TextInput source="titleHi" label="Tile title (Hindi)" slotProps={{ htmlInput: { lang: 'hi' } }} />
            <PictureInput source="image" label="Picture" helperText={IMAGE_HELP} />
            <TextInput source="href" label="Link" helperText={LINK_HELP} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'collection_highlight':
      return (
        <>
          <AutocompleteInput
            source="content.collectionSlug"
            label="Collection"
            choices={collections}
            validate={required()}
          />
          <NumberInput
            source="content.productLimit"
            label="Products shown"
            step={1}
            validate={[minValue(1), maxValue(24)]}
          />
          <CtaInputs source="content.cta" label="Link (optional)" />
        </>
      );
    case 'best_seller_products':
      return (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            Without picked products the section shows the best-rated products in stock.
          </Alert>
          <ReferenceArrayInput source="content.productIds" reference="products" perPage={20}>
            <AutocompleteArrayInput
              label="Picked products, in this order (search by name)"
              optionText="name"
              filterToQuery={(q: string) => (q ? { q } : {})}
            />
          </ReferenceArrayInput>
          <NumberInput source="content.limit" label="Products shown" step={1} validate={[minValue(1), maxValue(24)]} />
          <CtaInputs source="content.cta" label="Link" />
        </>
      );
    case 'testimonials':
      return (
        <NumberInput
          source="content.limit"
          label="Testimonials shown"
          step={1}
          validate={[minValue(1), maxValue(12)]}
        />
      );
    case 'featured_categories':
      return (
        <AutocompleteArrayInput
          source="content.categorySlugs"
          label="Categories, in this order"
          choices={categories}
          validate={required()}
        />
      );
  }
}

/** A new section of `type` with starting content; null for an unknown type. */
export function newSection(type: string | undefined): Values | null {
  if (!SECTION_TYPES.includes(type as SectionType)) return null;
  const sectionType = type as SectionType;
  return {
    id: '',
    sectionType,
    position: 0,
    title: '',
    subtitle: null,
    titleHi: null,
    subtitleHi: null,
    isActive: true,
    startsAt: null,
    endsAt: null,
    state: 'live',
    content: NEW_CONTENT[sectionType],
  };
}
