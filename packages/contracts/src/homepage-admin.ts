/**
 * Shapes of the admin's homepage editor (`/admin/api/homepage/*`; docs/admin.md "Homepage"):
 * each section type's stored content (the references the API resolves into what shoppers
 * see), the bodies that make, change and reorder sections, and a section as the admin reads it
 * with its schedule. Times are ISO 8601 strings; a section shows from `startsAt` (inclusive)
 * to `endsAt` (exclusive), either open.
 */
import { z } from 'zod';
import { hindiText } from './catalog-language';
import { SECTION_TYPES, type SectionType } from './catalog';

export const HOMEPAGE_MESSAGES = {
  sectionNotFound: 'No such homepage section.',
  endBeforeStart: 'The end must be after the start.',
  unknownCollection: 'No such collection.',
  unknownCategory: 'One of the categories does not exist.',
  unknownProduct: 'One of the products does not exist.',
  orderNotEverySection: 'Give every section of the homepage exactly once.',
  nothingToChange: 'Change at least one field.',
} as const;

/** How a section stands at a moment: switched off, not started, showing, or over. */
export const SECTION_STATES = ['inactive', 'scheduled', 'live', 'ended'] as const;
export type SectionState = (typeof SECTION_STATES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
/** A page of the storefront ("/collections/sportswear") or an https address. */
const href = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/)/, 'Use a storefront path such as /shop, or an https:// address.');
/** A media path on the API ("/media/…") or an https address of a picture. */
const image = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/)/, 'Use a /media/… path or an https:// address.');
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a slug.');
/** Hindi texts of a banner, beside the English ones; left out: the English is shown. */
const hi = (max: number) => z.string().trim().max(max).optional();
const cta = z.object({ label: text(60), labelHi: hi(60), href });

/**
 * What each section type stores in `content`. Links to the catalogue are by slug (collections,
 * categories) or id (products); best sellers show the hand-picked `productIds` in that order
 * when given, else the best-rated products.
 */
export const sectionContentSchemas = {
  hero: z.object({
    slides: z
      .array(
        z.object({
          title: text(120),
          subtitle: z.string().trim().max(200),
          titleHi: hi(120),
          subtitleHi: hi(200),
          image,
          cta,
        }),
      )
      .min(1)
      .max(8),
  }),
  fashion_showcase: z.object({
    items: z
      .array(z.object({ title: text(60), titleHi: hi(60), image, href }))
      .min(1)
      .max(12),
  }),
  collection_highlight: z.object({
    collectionSlug: slug,
    productLimit: z.number().int().min(1).max(24).default(8),
    cta: cta.optional(),
  }),
  best_seller_products: z.object({
    limit: z.number().int().min(1).max(24).default(8),
    productIds: z.array(z.uuid()).max(24).default([]),
    cta: cta.default({ label: 'View all best sellers', href: '/shop?sort=rating' }),
  }),
  testimonials: z.object({ limit: z.number().int().min(1).max(12).default(6) }),
  featured_categories: z.object({ categorySlugs: z.array(slug).min(1).max(12) }),
} as const;
export type SectionContent<T extends SectionType> = z.output<(typeof sectionContentSchemas)[T]>;

const instant = z.iso.datetime({ offset: true }).nullable();
const common = {
  title: text(120),
  subtitle: z.string().trim().max(200).nullable().default(null),
  /** Hindi title and subtitle; empty or null: none (the English is shown). */
  titleHi: hindiText(120).default(null),
  subtitleHi: hindiText(200).default(null),
  isActive: z.boolean().default(true),
  startsAt: instant.default(null),
  endsAt: instant.default(null),
};
const windowOk = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt);

const sectionOf = <T extends SectionType>(type: T) =>
  z.object({ sectionType: z.literal(type), ...common, content: sectionContentSchemas[type] });

/** POST /admin/api/homepage/sections: a section of one type with its content; it goes last. */
export const sectionCreateBodySchema = z
  .discriminatedUnion('sectionType', [
    sectionOf('hero'),
    sectionOf('fashion_showcase'),
    sectionOf('collection_highlight'),
    sectionOf('best_seller_products'),
    sectionOf('testimonials'),
    sectionOf('featured_categories'),
  ])
  .refine(windowOk, { message: HOMEPAGE_MESSAGES.endBeforeStart, path: ['endsAt'] });
export type SectionCreateBody = z.input<typeof sectionCreateBodySchema>;
export type SectionCreateInput = z.output<typeof sectionCreateBodySchema>;

/**
 * PATCH /admin/api/homepage/sections/{id}: the fields to change; `content` is checked against
 * the section's type, and the schedule as it will stand (ends after starts).
 */
export const sectionUpdateBodySchema = z
  .object({
    title: common.title,
    subtitle: common.subtitle.unwrap(),
    titleHi: hindiText(120),
    subtitleHi: hindiText(200),
    isActive: z.boolean(),
    startsAt: instant,
    endsAt: instant,
    content: z.record(z.string(), z.unknown()),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, HOMEPAGE_MESSAGES.nothingToChange)
  .refine(windowOk, { message: HOMEPAGE_MESSAGES.endBeforeStart, path: ['endsAt'] });
export type SectionUpdateBody = z.input<typeof sectionUpdateBodySchema>;

/** PUT /admin/api/homepage/order: every section's id once, first shown first. */
export const sectionOrderBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

/** GET /admin/api/homepage/preview: the moment to see the homepage at; now when left out. */
export const homepagePreviewQuerySchema = z.object({ at: z.iso.datetime({ offset: true }).optional() });

/** A section as the admin edits it: its stored content, schedule and state now. */
export const adminSectionSchema = z.object({
  id: z.string(),
  sectionType: z.enum(SECTION_TYPES),
  position: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  titleHi: z.string().nullable(),
  subtitleHi: z.string().nullable(),
  content: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  state: z.enum(SECTION_STATES),
});
export type AdminSection = z.infer<typeof adminSectionSchema>;
