/**
 * Shapes of the catalogue API (behaviour.md §3, §7 Catalogue). Money is in rupees here (numbers with at
 * most two decimals); the API converts from integer paise at its edge.
 */
import { z } from 'zod';
import { catalogLangSchema } from './catalog-language';
import { MAX_PAGE_LIMIT, SHOP_PAGE_SIZE } from './constants';
import { productLegalSchema } from './product-legal';

export const imageSchema = z.object({ url: z.string(), isPrimary: z.boolean() });
export type Image = z.infer<typeof imageSchema>;

export const categoryRefSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const GENDERS = ['Men', 'Women', 'Unisex', 'Boys', 'Girls'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** A product as a card in a listing. */
export const productSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  gender: genderSchema,
  color: z.string(),
  category: categoryRefSchema,
  price: z.number(),
  mrp: z.number(),
  discountPercent: z.number().int(),
  isOnSale: z.boolean(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  primaryImage: imageSchema.nullable(),
  sizes: z.array(z.string()),
  inStock: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** One purchasable SKU: a colour and a size of a product. */
export const variantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  color: z.string(),
  size: z.string(),
  price: z.number(),
  mrp: z.number(),
  stock: z.number().int(),
  inStock: z.boolean(),
  images: z.array(imageSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const collectionRefSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  hsnCode: z.string(),
  categoryPath: z.array(categoryRefSchema),
  season: z.string().nullable(),
  usage: z.string().nullable(),
  year: z.number().int().nullable(),
  collections: z.array(collectionRefSchema),
  images: z.array(imageSchema),
  variants: z.array(variantSchema),
  /** Legal details of the listing (country of origin, manufacturer, importer, net quantity); null: not stated. */
  ...productLegalSchema.shape,
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export type CategoryNode = {
  id: string;
  name: string;
  slug: string;
  parent: string | null;
  level: 'master' | 'sub' | 'article';
  productCount: number;
  image: string | null;
  children: CategoryNode[];
};
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    parent: z.string().nullable(),
    level: z.enum(['master', 'sub', 'article']),
    productCount: z.number().int(),
    image: z.string().nullable(),
    children: z.array(categoryNodeSchema),
  }),
);

export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  productCount: z.number().int(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating', 'discount'] as const;
export const sortSchema = z.enum(SORTS);
export type Sort = z.infer<typeof sortSchema>;

const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
const facetRefSchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export const searchFiltersSchema = z.object({
  priceRange: z.object({ min: z.number(), max: z.number() }),
  colors: z.array(facetValueSchema),
  sizes: z.array(facetValueSchema),
  categories: z.array(facetRefSchema),
  collections: z.array(facetRefSchema),
  brands: z.array(facetValueSchema),
  genders: z.array(facetValueSchema),
  onSale: z.number().int(),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

/** A comma-separated list parameter (`colors=Blue,Black`), also accepted repeated. */
const listParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .optional();

const boolParam = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();

const rupeeParam = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .optional();

/**
 * Paging query parameters: `page` from 1, `limit` from 1 with a default per endpoint, clamped
 * to MAX_PAGE_LIMIT (a shopper asking for 100000 gets the largest page, not an error).
 */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ message: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .default(1),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .default(defaultLimit)
      .transform((n) => Math.min(n, MAX_PAGE_LIMIT)),
  });
}

/**
 * Query of GET /products/search (behaviour.md §7). Out-of-range limits are clamped to MAX_PAGE_LIMIT;
 * values that cannot be read (page=-1, minPrice=abc) are rejected.
 */
export const productSearchQuerySchema = pageQuerySchema(SHOP_PAGE_SIZE)
  .extend({
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
    /** The language of the answer's texts (names, category names), en by default. */
    lang: catalogLangSchema,
    categories: listParam,
    collections: listParam,
    minPrice: rupeeParam('minPrice'),
    maxPrice: rupeeParam('maxPrice'),
    colors: listParam,
    brands: listParam,
    sizes: listParam,
    gender: listParam.refine(
      (list) => !list || list.every((g) => GENDERS.some((known) => known.toLowerCase() === g.toLowerCase())),
      { message: `gender must be one of ${GENDERS.join(', ')}` },
    ),
    sort: sortSchema.optional(),
    onSale: boolParam,
    isOnSale: boolParam,
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;

export const productSearchResultSchema = z.object({
  products: z.array(productSummarySchema),
  filters: searchFiltersSchema,
  meta: pageMetaSchema,
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

export const SECTION_TYPES = [
  'hero',
  'fashion_showcase',
  'collection_highlight',
  'best_seller_products',
  'testimonials',
  'featured_categories',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

const ctaSchema = z.object({ label: z.string(), href: z.string() });
const sectionBase = { id: z.string(), position: z.number().int(), title: z.string(), subtitle: z.string().nullable() };

/** A homepage section with everything it needs to render (behaviour.md §3 Homepage section). */
export const homepageSectionSchema = z.discriminatedUnion('section_type', [
  z.object({
    ...sectionBase,
    section_type: z.literal('hero'),
    content: z.object({
      slides: z.array(z.object({ title: z.string(), subtitle: z.string(), image: z.string(), cta: ctaSchema })),
    }),
  }),
  z.object({
    ...sectionBase,
    section_type: z.literal('fashion_showcase'),
    content: z.object({ items: z.array(z.object({ title: z.string(), image: z.string(), href: z.string() })) }),
  }),
  z.object({
    ...sectionBase,
    section_type: z.literal('collection_highlight'),
    content: z.object({ collection: collectionSchema, products: z.array(productSummarySchema), cta: ctaSchema }),
  }),
  z.object({
    ...sectionBase,
    section_type: z.literal('best_seller_products'),
    content: z.object({ products: z.array(productSummarySchema), cta: ctaSchema }),
  }),
  z.object({
    ...sectionBase,
    section_type: z.literal('testimonials'),
    content: z.object({
      testimonials: z.array(
        z.object({ name: z.string(), city: z.string(), quote: z.string(), rating: z.number().int() }),
      ),
    }),
  }),
  z.object({
    ...sectionBase,
    section_type: z.literal('featured_categories'),
    content: z.object({
      categories: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          slug: z.string(),
          image: z.string().nullable(),
          productCount: z.number().int(),
        }),
      ),
    }),
  }),
]);
export type HomepageSection = z.infer<typeof homepageSectionSchema>;
