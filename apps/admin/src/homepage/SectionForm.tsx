/**
 * One homepage section's form (docs/admin.md "Homepage"): title, subtitle, switched on or off,
 * the schedule in Indian time, and the content of its type: slides and tiles (titles, pictures,
 * links), the collection to highlight, products picked by search, the categories to feature.
 * New sections go last; removing one asks first.
 */
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { AdminSection, SectionType } from '@vastra/contracts';
import { SECTION_TYPES } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Confirm,
  Form,
  NumberInput,
  ReferenceArrayInput,
  ResourceContextProvider,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  Title,
  maxValue,
  minValue,
  required,
  useNotify,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PictureInput } from '../settings/PictureUpload';
import { adminApi } from '../client';
import { TYPE_NAMES, fromIstInput, toIstInput } from './sections';

type Values = Omit<AdminSection, 'content'> & { content: Record<string, unknown> };
type Choice = { id: string; name: string };

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

const endAfterStart = (endsAt: unknown, values: { startsAt?: string | null }) =>
  endsAt && values.startsAt && Date.parse(String(endsAt)) <= Date.parse(values.startsAt)
    ? 'The end must be after the start.'
    : undefined;

/** A link's label and address; both empty means "none" (the API's default applies). */
function CtaInputs({ source, label }: { source: string; label: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 }, width: '100%' }}>
      <TextInput source={`${source}.label`} label={`${label}: text`} sx={{ flex: 1 }} />
      <TextInput source={`${source}.href`} label={`${label}: link`} helperText={LINK_HELP} sx={{ flex: 2 }} />
    </Stack>
  );
}

/** A form's content as the API takes it: empty optional links left out. */
function contentBody(type: SectionType, content: Record<string, unknown>): Record<string, unknown> {
  const cta = content.cta as { label?: string; href?: string } | undefined;
  if ((type === 'collection_highlight' || type === 'best_seller_products') && !cta?.label && !cta?.href) {
    return Object.fromEntries(Object.entries(content).filter(([key]) => key !== 'cta'));
  }
  return content;
}

function ContentInputs({
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
            <PictureInput source="image" label="Picture" helperText={IMAGE_HELP} />
            <TextInput source="cta.label" label="Button text" validate={required()} />
            <TextInput source="cta.href" label="Button link" helperText={LINK_HELP} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'fashion_showcase':
      return (
        <ArrayInput source="content.items" label="Tiles">
          <SimpleFormIterator fullWidth inline={false}>
            <TextInput source="title" label="Tile title" validate={required()} />
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
function newSection(type: string | undefined): Values | null {
  if (!SECTION_TYPES.includes(type as SectionType)) return null;
  const sectionType = type as SectionType;
  return {
    id: '',
    sectionType,
    position: 0,
    title: '',
    subtitle: null,
    isActive: true,
    startsAt: null,
    endsAt: null,
    state: 'live',
    content: NEW_CONTENT[sectionType],
  };
}

/** The section's form: `/homepage/new/:type` makes one, `/homepage/:id` edits it. */
export function SectionForm() {
  const { id, type: newType } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [loaded, setLoaded] = useState<Values | null>(null);
  const record = id ? loaded : newSection(newType);
  const [categories, setCategories] = useState<Choice[]>([]);
  const [collections, setCollections] = useState<Choice[]>([]);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const fail = (err: Error) => notify(err.message, { type: 'error' });
    if (id) adminApi.homepage.section(id).then(setLoaded, fail);
    adminApi.categories.list().then((rows) => setCategories(rows.map((c) => ({ id: c.slug, name: c.path }))), fail);
    adminApi.collections
      .list()
      .then(
        (rows) => setCollections(rows.map((c) => ({ id: c.slug, name: c.isActive ? c.name : `${c.name} (hidden)` }))),
        fail,
      );
  }, [id, notify]);

  if (!record) return <Typography sx={{ m: 2 }}>Loading…</Typography>;
  const type = record.sectionType;

  const save = async (values: Record<string, unknown>) => {
    const v = values as Values;
    const body = {
      title: v.title,
      subtitle: v.subtitle || null,
      isActive: Boolean(v.isActive),
      startsAt: v.startsAt ?? null,
      endsAt: v.endsAt ?? null,
      content: contentBody(type, v.content),
    };
    try {
      if (id) await adminApi.homepage.update(id, body);
      else await adminApi.homepage.create({ ...body, sectionType: type });
      notify(id ? 'Section saved' : 'Section added', { type: 'info' });
      navigate('/homepage');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await adminApi.homepage.remove(id!);
      notify('Section removed', { type: 'info' });
      navigate('/homepage');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const heading = id ? `Homepage section: ${record.title}` : `New section: ${TYPE_NAMES[type]}`;
  return (
    <Box sx={{ mt: 2, maxWidth: 800 }}>
      <Title title="Homepage" />
      <Button component={Link} to="/homepage" sx={{ mb: 1 }}>
        ← All sections
      </Button>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {TYPE_NAMES[type]}
          </Typography>
          {/* The form's array inputs need a resource; every label is given, so it names nothing shown. */}
          <ResourceContextProvider value="homepage">
            <Form record={record} onSubmit={save}>
              <TextInput source="title" label="Title" validate={required()} fullWidth />
              <TextInput source="subtitle" label="Subtitle (optional)" fullWidth />
              <BooleanInput source="isActive" label="Switched on (shown within its dates)" />
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
                <TextInput
                  source="startsAt"
                  label="Starts (India time, optional)"
                  type="datetime-local"
                  format={toIstInput}
                  parse={fromIstInput}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextInput
                  source="endsAt"
                  label="Ends (India time, optional)"
                  type="datetime-local"
                  format={toIstInput}
                  parse={fromIstInput}
                  validate={endAfterStart}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <Typography component="h2" variant="h6" sx={{ mt: 1, mb: 1 }}>
                Content
              </Typography>
              <ContentInputs type={type} categories={categories} collections={collections} />
              <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
                <SaveButton label={id ? 'Save section' : 'Add section'} alwaysEnable />
                {id ? (
                  <Button color="error" onClick={() => setConfirming(true)}>
                    Remove section
                  </Button>
                ) : null}
              </Stack>
            </Form>
          </ResourceContextProvider>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming}
        title="Remove this section?"
        content="Shoppers no longer see it. This cannot be undone."
        confirm="Remove"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
