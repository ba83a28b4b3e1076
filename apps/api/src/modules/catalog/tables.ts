/**
 * Tables of the catalogue module: the category tree, products and their variants (SKUs),
 * collections, homepage sections, testimonials and the search dictionary. Money in integer
 * paise. Other modules read these through `CatalogService` and `InventoryService`; their own
 * tables may reference these rows by foreign key.
 */
import {
  CATALOG_IMPORT_STATUSES,
  GENDERS,
  PRODUCT_STATUSES,
  SECTION_TYPES,
  STOCK_MOVEMENT_REASONS,
  type CatalogImportStatus,
  type StockMovementReason,
} from '@vastra/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type ImageJson = { url: string; isPrimary: boolean };

/** Category tree of the catalogue: masterCategory → subCategory → articleType. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    /** The name in Hindi; null: shoppers reading Hindi see `name` (behaviour.md "Catalogue languages"). */
    nameHi: text('name_hi'),
    slug: text('slug').notNull().unique(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    level: text('level', { enum: ['master', 'sub', 'article'] }).notNull(),
    image: text('image'),
    position: integer('position').notNull().default(0),
    /** False: hidden by the admin; it and the categories below it leave the storefront's tree. */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    /** The id of the product in the source catalogue (Myntra style id, or the CSV's own). */
    externalId: text('external_id').notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    description: text('description').notNull(),
    /** Hindi name and description; null: the English is shown (behaviour.md "Catalogue languages"). */
    nameHi: text('name_hi'),
    descriptionHi: text('description_hi'),
    gender: text('gender', { enum: GENDERS }).notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    color: text('color').notNull(),
    season: text('season'),
    usage: text('usage'),
    year: integer('year'),
    hsnCode: text('hsn_code').notNull(),
    /**
     * Legal details of the listing (Legal Metrology (Packaged Commodities) Rules; behaviour.md
     * "Policies and listing details"); null: not stated. The seeded catalogue states none: its
     * source data says nothing of where the goods were made.
     */
    countryOfOrigin: text('country_of_origin'),
    /** The manufacturer's or packer's name and address. */
    manufacturer: text('manufacturer'),
    /** The importer's name and address (imported goods). */
    importer: text('importer'),
    /** Net quantity in number, e.g. "1 N". */
    netQuantity: text('net_quantity'),
    /** Lowest variant price and its MRP, kept here so listings sort and filter without joins. */
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    ratingAverage: real('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    images: jsonb('images').$type<ImageJson[]>().notNull().default([]),
    /** Sizes of the variants in stock order (what the product comes in). */
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The sizes that have stock, in the same order: the size filter and its facet read these
     * (a sold-out size matches no filter). Kept with `in_stock` by every change of stock.
     */
    sizesInStock: text('sizes_in_stock')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStock: boolean('in_stock').notNull().default(true),
    /** draft (being prepared), active (on sale) or archived (no longer sold); set by the admin. */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** On sale: derived from `status`, so the storefront's reads keep one boolean to test. */
    isActive: boolean('is_active')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${products.status} = 'active'`),
    /** Name, brand, category names, colour and description, normalised for search. */
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('english', ${products.searchText})`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_price_idx').on(t.pricePaise),
    // Filters match brand and colour case-insensitively; indexing lower() also gives the
    // planner statistics for those expressions.
    index('products_brand_lower_idx').on(sql`lower(${t.brand})`),
    index('products_color_lower_idx').on(sql`lower(${t.color})`),
    index('products_gender_idx').on(t.gender),
    index('products_created_idx').on(t.createdAt),
    index('products_rating_idx').on(t.ratingAverage.desc(), t.ratingCount.desc()),
    index('products_discount_idx').on(t.discountPercent.desc()),
    index('products_sizes_in_stock_idx').using('gin', t.sizesInStock),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // products_color_gender_facets_idx, a covering index (INCLUDE) that drizzle cannot
    // declare, is made by migration 0017_facet_covering_index.sql (its sizes: 0023_sizes_in_stock.sql).
  ],
);

/** One purchasable SKU: a size of a product (each product is one colour). */
export const variants = pgTable(
  'variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    size: text('size').notNull(),
    color: text('color').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('variants_product_idx').on(t.productId)],
);

export const collections = pgTable('collections', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  /** Hindi name and description; null: the English is shown (behaviour.md "Catalogue languages"). */
  nameHi: text('name_hi'),
  descriptionHi: text('description_hi'),
  image: text('image'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const productCollections = pgTable(
  'product_collections',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.collectionId] }),
    index('product_collections_collection_idx').on(t.collectionId),
  ],
);

/** Homepage sections (behaviour.md §3); `content` holds references that the service resolves. */
export const homepageSections = pgTable(
  'homepage_sections',
  {
    id: id(),
    sectionType: text('section_type', { enum: SECTION_TYPES }).notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    /** Hindi title and subtitle; null: the English is shown. The banners' own texts carry theirs in `content`. */
    titleHi: text('title_hi'),
    subtitleHi: text('subtitle_hi'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    /** When shoppers start and stop seeing it; null: no limit (docs/admin.md "Homepage"). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    check('homepage_sections_window', sql`${t.endsAt} IS NULL OR ${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
  ],
);

export const testimonials = pgTable('testimonials', {
  id: id(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  quote: text('quote').notNull(),
  rating: integer('rating').notNull(),
  position: integer('position').notNull().default(0),
});

/** Words of the catalogue with their frequency: the dictionary typo correction draws on. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    frequency: integer('frequency').notNull(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/**
 * Search synonyms the admin edits (behaviour.md "Search synonyms"): a query word `term` (one
 * word, lower case, Latin or Devanagari) also finds the products that match any of its
 * `equivalents` (each a word or a phrase). One way: "chappal" → "flip flops"; a two-way pair is
 * two rows.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: uuid('id').primaryKey().defaultRandom(),
  term: text('term').notNull().unique(),
  equivalents: text('equivalents').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of a size's stock (docs/admin.md "Stock"): an order taking it and giving it back
 * (released, cancelled), a return put back on the shelf, and the store's adjustments. Who,
 * when, why, and the stock before and after.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).$type<StockMovementReason>().notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /** Who made the change: a staff member's email, `operator` (the operator token), `shopper` or `system`. */
    actor: text('actor').notNull(),
    /** What it belongs to: the order number, or the store's note on an adjustment. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_variant_idx').on(t.variantId, t.createdAt)],
);

/**
 * The admin's catalogue CSV imports (docs/admin.md "Importing and exporting the catalogue"):
 * each a background job with its progress, its problems by line, and what it wrote; the list
 * is the import history.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    /** A check only: every row is read and checked, nothing is written. */
    dryRun: boolean('dry_run').notNull(),
    status: text('status', { enum: CATALOG_IMPORT_STATUSES }).$type<CatalogImportStatus>().notNull(),
    /** Products in the file once it is read, and how many are written so far. */
    total: integer('total'),
    done: integer('done').notNull().default(0),
    problems: jsonb('problems').$type<{ line: number; message: string }[]>().notNull().default([]),
    variants: integer('variants'),
    actor: text('actor').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_created_idx').on(t.createdAt)],
);
