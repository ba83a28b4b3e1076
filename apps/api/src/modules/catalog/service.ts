/**
 * The catalogue (behaviour.md §3, §7 Catalogue): category tree, collections, homepage sections, product
 * search, product detail and related products. Reads only; prices leave here in rupees,
 * image paths as absolute URLs on the API's public address.
 *
 * Errors: NotFoundError for an unknown or inactive product.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CATALOG_MESSAGES,
  RELATED_PRODUCTS_LIMIT,
  type CatalogLang,
  type CategoryNode,
  type CategoryRef,
  type Collection,
  type HomepageSection,
  type Image,
  type PageMeta,
  type ProductDetail,
  type ProductSearchQuery,
  type ProductSearchResult,
  type ProductSummary,
} from '@vastra/contracts';
import { afterTransaction, queryRows, type Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { paiseToRupees } from '../../lib/money';
import { compareSizes } from '../../lib/sizes';
import { TtlCache } from '../../lib/ttl-cache';
import { CatalogAnswers } from './answers';
import { loadHomepageSections, sectionsShownAt } from './homepage';
import { prepareProductQueries } from './product-queries';
import { facets, orderBy, planSearch, textList } from './search';
import { loadSynonyms, type Synonyms } from './synonyms';
import { SUMMARY_COLUMNS, inLang, toImages, toSummary, type SummaryRow } from './summary';
import { categories, collections, type ImageJson } from './tables';
import { loadCategoryTree, loadCollections, pageMeta } from './taxonomy';
import type { VariantDetail, VariantDetailRow } from './variant-detail';

export { pageMeta };
export type { VariantDetail };

/** `cacheTtlMs`: how long answers that are the same for every shopper are reused. */
export type CatalogOptions = { mediaBaseUrl: string; cacheTtlMs: number };

/** Results up to this many products are filtered before they are sorted. */
const SMALL_RESULT = 2000;

export class CatalogService {
  private readonly shared: TtlCache;
  private readonly productQueries: ReturnType<typeof prepareProductQueries>;
  /** The public catalogue answers as sent over HTTP (routes.ts), dropped with every change. */
  readonly answers: CatalogAnswers;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogOptions,
  ) {
    this.shared = new TtlCache(options.cacheTtlMs);
    this.answers = new CatalogAnswers(options.cacheTtlMs);
    this.productQueries = prepareProductQueries(db);
  }

  /** Drops the cached answers (facets, the category tree, homepage sections, HTTP answers): the catalogue changed. */
  forget(): void {
    this.shared.clear();
    this.answers.clear();
  }

  /**
   * The stock, rating or reviews of products changed: the HTTP answers that show them (product
   * pages, results, related products, pages of reviews) are dropped once the caller's
   * transaction ends, when readers can see the change. Facets, the category tree and homepage
   * sections do not count stock or ratings per request and keep theirs.
   */
  productsChanged(): void {
    afterTransaction(() => this.answers.clear());
  }

  /** Drops the kept HTTP answers only: another instance's productsChanged. */
  forgetAnswers(): void {
    this.answers.clear();
  }

  /** An absolute URL for a stored media path; absolute URLs pass through. */
  mediaUrl(path: string): string {
    return path.startsWith('/') ? `${this.options.mediaBaseUrl}${path}` : path;
  }

  private images(images: ImageJson[]): Image[] {
    return toImages(images, (path) => this.mediaUrl(path));
  }

  private summary(row: SummaryRow, lang: CatalogLang = 'en'): ProductSummary {
    return toSummary(row, (path) => this.mediaUrl(path), lang);
  }

  /**
   * The admin's search synonyms (synonyms.ts), kept with the other cached answers: an edit is a
   * catalogue change, which drops them here and on every other instance.
   */
  synonyms(): Promise<Synonyms> {
    return this.shared.get('synonyms', () => loadSynonyms(this.db));
  }

  /**
   * GET /products/search: a page of products, facets of the whole result, page meta; names in
   * `query.lang` (English where no Hindi is written).
   */
  async search(query: ProductSearchQuery): Promise<ProductSearchResult> {
    const lang = query.lang ?? 'en';
    const plan = await planSearch(this.db, query, await this.synonyms(), lang);
    const sort = query.sort ?? (plan.phrase ? 'relevance' : 'newest');
    const offset = (query.page - 1) * query.limit;
    const { total, filters } = await this.shared.get(`facets:${plan.key}`, () => facets(this.db, plan));
    // The result's size is known from its facets: a small result is filtered first and then
    // sorted, rather than found by walking a sort index past every product that misses; the
    // page's ids are picked first (from the facet index alone when it covers the filters and
    // the sort), then only those rows are read whole.
    const order = orderBy(sort, plan);
    const page = (from: SQL, where: SQL) =>
      queryRows<SummaryRow>(
        this.db,
        sql`
        SELECT ${SUMMARY_COLUMNS} FROM ${from} JOIN categories c ON c.id = p.category_id
        WHERE ${where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}`,
      );
    const rows =
      offset >= total
        ? []
        : total <= SMALL_RESULT
          ? await queryRows<SummaryRow>(
              this.db,
              sql`
              SELECT ${SUMMARY_COLUMNS} FROM (
                SELECT p.id FROM (SELECT * FROM products p WHERE ${plan.where} OFFSET 0) p
                ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}
              ) k JOIN products p ON p.id = k.id JOIN categories c ON c.id = p.category_id
              ORDER BY ${order}`,
            )
          : await page(sql`products p`, plan.where);
    return {
      products: rows.map((r) => this.summary(r, lang)),
      filters,
      meta: pageMeta(total, query.page, query.limit),
    };
  }

  /**
   * GET /products/{id}: one product by id (or slug) with variants, its texts (name, description,
   * category path, collections) in `lang`, each English where no Hindi is written; NotFoundError otherwise.
   */
  async getProduct(idOrSlug: string, lang: CatalogLang = 'en'): Promise<ProductDetail> {
    const query = isUuid(idOrSlug) ? this.productQueries.byId : this.productQueries.bySlug;
    const [[row], categoryMap, collectionMap] = await Promise.all([
      query.execute({ key: idOrSlug }),
      this.categoryMap(),
      this.collectionMap(),
    ]);
    if (!row) throw new NotFoundError(CATALOG_MESSAGES.productNotFound);

    const categoryPath: CategoryRef[] = [];
    for (let c = categoryMap.get(row.category_id); c; c = c.parentId ? categoryMap.get(c.parentId) : undefined) {
      categoryPath.unshift({ id: c.id, name: inLang(lang, c.name, c.nameHi), slug: c.slug });
    }
    const images = this.images(row.images);
    return {
      ...this.summary(row, lang),
      description: inLang(lang, row.description, row.description_hi),
      hsnCode: row.hsn_code,
      categoryPath,
      season: row.season,
      usage: row.usage,
      year: row.year,
      collections: (row.collection_ids ?? [])
        .map((id) => collectionMap.get(id))
        .filter((c) => c !== undefined)
        .sort((a, b) => a.position - b.position)
        .map(({ id, name, nameHi, slug }) => ({ id, name: inLang(lang, name, nameHi), slug })),
      images,
      variants: (row.variants ?? [])
        .sort((a, b) => compareSizes(a.size, b.size))
        .map((v) => ({
          id: v.id,
          sku: v.sku,
          color: v.color,
          size: v.size,
          price: paiseToRupees(v.price_paise),
          mrp: paiseToRupees(v.mrp_paise),
          stock: v.stock,
          inStock: v.stock > 0,
          images,
        })),
      countryOfOrigin: row.country_of_origin,
      manufacturer: row.manufacturer,
      importer: row.importer,
      netQuantity: row.net_quantity,
    };
  }

  /**
   * The products and sizes behind a set of variant ids, for the cart and the wishlist, in one
   * query: every variant's product (active or not, so a withdrawn product can be shown as
   * such) with all of its sizes. Unknown ids are absent from the map. Money in paise.
   */
  async variantDetails(variantIds: readonly string[]): Promise<Map<string, VariantDetail>> {
    const ids = [...new Set(variantIds)].filter((id) => isUuid(id));
    if (ids.length === 0) return new Map();
    const rows = await queryRows<VariantDetailRow>(
      this.db,
      sql`
      SELECT v.id AS variant_id, p.id, p.slug, p.name, p.brand, p.is_active, p.hsn_code, p.category_id, p.images,
        (SELECT json_agg(json_build_object('id', s.id, 'sku', s.sku, 'size', s.size, 'color', s.color,
                 'price_paise', s.price_paise, 'mrp_paise', s.mrp_paise, 'stock', s.stock))
         FROM variants s WHERE s.product_id = p.id) AS variants
      FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const details = new Map<string, VariantDetail>();
    for (const row of rows) {
      const siblings = (row.variants ?? [])
        .sort((a, b) => compareSizes(a.size, b.size))
        .map((v) => ({
          id: v.id,
          sku: v.sku,
          size: v.size,
          color: v.color,
          pricePaise: v.price_paise,
          mrpPaise: v.mrp_paise,
          stock: v.stock,
        }));
      const variant = siblings.find((v) => v.id === row.variant_id);
      if (!variant) continue;
      const images = this.images(row.images);
      details.set(row.variant_id, {
        ...variant,
        product: {
          id: row.id,
          slug: row.slug,
          name: row.name,
          brand: row.brand,
          isActive: row.is_active,
          hsnCode: row.hsn_code,
          categoryId: row.category_id,
          images,
          primaryImage: images.find((i) => i.isPrimary) ?? images[0] ?? null,
          variants: siblings,
        },
      });
    }
    return details;
  }

  /**
   * Counts a new review's rating into the product's average and count, which cards, sorting
   * and the rating filter read. `db` lets the caller run it inside its own transaction; the
   * caller tells `review.changed`, which drops the answers that show ratings.
   */
  async addRating(productId: string, rating: number, db: Db = this.db): Promise<void> {
    await db.execute(
      sql`UPDATE products SET rating_average = (rating_average * rating_count + ${rating}) / (rating_count + 1),
            rating_count = rating_count + 1
          WHERE id = ${productId}::uuid`,
    );
  }

  /** The names of these products (any status), by id; unknown ids are absent. */
  async productNames(productIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(productIds)].filter((id) => isUuid(id));
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: string; name: string }>(
      this.db,
      sql`SELECT id, name FROM products WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Takes one review's rating out of the product's average and count (a review the store hid). */
  async removeRating(productId: string, rating: number, db: Db = this.db): Promise<void> {
    await db.execute(
      sql`UPDATE products SET rating_average = CASE WHEN rating_count <= 1 THEN 0
              ELSE (rating_average * rating_count - ${rating}) / (rating_count - 1) END,
            rating_count = GREATEST(rating_count - 1, 0)
          WHERE id = ${productId}::uuid`,
    );
  }

  /**
   * The HSN code and category of each active product among `productIds`, in one query (what
   * GST needs of a product). Unknown, malformed and withdrawn ids are absent from the map.
   */
  async taxKeys(productIds: readonly string[]): Promise<Map<string, { hsnCode: string; categoryId: string }>> {
    const ids = [...new Set(productIds)].filter((id) => isUuid(id));
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: string; hsn_code: string; category_id: string }>(
      this.db,
      sql`SELECT id, hsn_code, category_id FROM products WHERE is_active AND id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.id, { hsnCode: r.hsn_code, categoryId: r.category_id }]));
  }

  /** The first size in stock of an active product (else its first size); null for an unknown or inactive product. */
  async defaultVariantId(productId: string): Promise<string | null> {
    if (!isUuid(productId)) return null;
    const rows = await queryRows<{ id: string; size: string; stock: number }>(
      this.db,
      sql`SELECT v.id, v.size, v.stock FROM variants v JOIN products p ON p.id = v.product_id
          WHERE p.id = ${productId}::uuid AND p.is_active`,
    );
    const sorted = rows.sort((a, b) => compareSizes(a.size, b.size));
    return (sorted.find((v) => v.stock > 0) ?? sorted[0])?.id ?? null;
  }

  /** Ids of the categories with these slugs (unknown slugs are left out). */
  async categoryIdsBySlug(slugs: readonly string[]): Promise<string[]> {
    if (slugs.length === 0) return [];
    const rows = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.slug, [...slugs]));
    return rows.map((r) => r.id);
  }

  /**
   * A category and its ancestors, itself first and the top-level category last (for
   * coupons limited to a category, which cover the whole subtree); null for an unknown id.
   * `db`: the caller's transaction, if any; the tree is then read in it when not cached.
   */
  async categoryLineage(categoryId: string, db?: Db): Promise<string[] | null> {
    const map = await this.categoryMap(db);
    if (!map.has(categoryId)) return null;
    const lineage: string[] = [];
    for (let c = map.get(categoryId); c && !lineage.includes(c.id); c = c.parentId ? map.get(c.parentId) : undefined) {
      lineage.push(c.id);
    }
    return lineage;
  }

  /**
   * Every category by id, for category paths. Inside a transaction (`db`) it never waits on a
   * load outside it: on the embedded database that load would wait for the transaction.
   */
  private categoryMap(
    db?: Db,
  ): Promise<Map<string, { id: string; name: string; nameHi: string | null; slug: string; parentId: string | null }>> {
    const load = async (from: Db) => {
      const rows = await from
        .select({
          id: categories.id,
          name: categories.name,
          nameHi: categories.nameHi,
          slug: categories.slug,
          parentId: categories.parentId,
        })
        .from(categories);
      return new Map(rows.map((r) => [r.id, r]));
    };
    return db && db !== this.db
      ? this.shared.getLoaded('category-map', () => load(db))
      : this.shared.get('category-map', () => load(this.db));
  }

  /** Active collections by id. */
  private collectionMap(): Promise<
    Map<string, { id: string; name: string; nameHi: string | null; slug: string; position: number }>
  > {
    return this.shared.get('collection-map', async () => {
      const rows = await this.db
        .select({
          id: collections.id,
          name: collections.name,
          nameHi: collections.nameHi,
          slug: collections.slug,
          position: collections.position,
        })
        .from(collections)
        .where(eq(collections.isActive, true));
      return new Map(rows.map((r) => [r.id, r]));
    });
  }

  /**
   * GET /products/{id}/related: products of the same article type, brand or colour family,
   * closest first, never the product itself; names in `lang`.
   */
  async related(idOrSlug: string, limit = RELATED_PRODUCTS_LIMIT, lang: CatalogLang = 'en'): Promise<ProductSummary[]> {
    const product = await this.getProduct(idOrSlug);
    const rows = await queryRows<SummaryRow>(
      this.db,
      sql`
      SELECT ${SUMMARY_COLUMNS} FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.is_active AND p.id <> ${product.id}::uuid
        AND (p.category_id = ${product.category.id}::uuid OR p.brand = ${product.brand} OR p.color = ${product.color})
      ORDER BY (p.category_id = ${product.category.id}::uuid)::int * 4 + (p.gender = ${product.gender})::int * 2
               + (p.brand = ${product.brand})::int * 2 + (p.color = ${product.color})::int DESC,
               p.rating_count DESC, p.id
      LIMIT ${limit}`,
    );
    return rows.map((r) => this.summary(r, lang));
  }

  /**
   * A page of active products in id order, each with its variants as `getProduct` gives it,
   * and how many match in all: the listing of the commerce API (/store/products). Filters:
   * ids, slugs, categories (by id, with their sub-categories) and a search text (the same
   * typo-tolerant search as GET /products/search); each narrows the result.
   */
  async listProducts(filter: {
    limit: number;
    offset: number;
    ids?: string[];
    slugs?: string[];
    categoryIds?: string[];
    search?: string;
  }): Promise<{ products: ProductDetail[]; count: number }> {
    const plan = await planSearch(
      this.db,
      { page: 1, limit: filter.limit, search: filter.search, categories: filter.categoryIds, lang: 'en' },
      await this.synonyms(),
      'en',
    );
    const conditions = [plan.where];
    if (filter.ids) conditions.push(sql`p.id::text = ANY(${textList(filter.ids)}::text[])`);
    if (filter.slugs) conditions.push(sql`p.slug = ANY(${textList(filter.slugs)}::text[])`);
    const where = sql.join(conditions, sql` AND `);
    const [rows, totals] = await Promise.all([
      queryRows<{ id: string }>(
        this.db,
        sql`SELECT p.id FROM products p WHERE ${where} ORDER BY p.id LIMIT ${filter.limit} OFFSET ${filter.offset}`,
      ),
      queryRows<{ count: number }>(this.db, sql`SELECT count(*)::int AS count FROM products p WHERE ${where}`),
    ]);
    return {
      products: await Promise.all(rows.map((r) => this.getProduct(r.id))),
      count: Number(totals[0]?.count ?? 0),
    };
  }

  /** GET /categories: the tree with product counts (active products, whole subtree); names in `lang`. */
  categoryTree(lang: CatalogLang = 'en'): Promise<{ categories: CategoryNode[]; count: number }> {
    return this.shared.get(`categories:${lang}`, () => loadCategoryTree(this.db, (path) => this.mediaUrl(path), lang));
  }

  /** GET /collections: active collections in their order, with product counts; texts in `lang`. */
  collections(
    page: number,
    limit: number,
    lang: CatalogLang = 'en',
  ): Promise<{ collections: Collection[]; meta: PageMeta }> {
    return this.shared.get(`collections:${page}:${limit}:${lang}`, () =>
      loadCollections(this.db, (path) => this.mediaUrl(path), page, limit, lang),
    );
  }

  /**
   * Active products in stock matching `where` (over `products p`), best rated first: a homepage
   * section's picks, names in `lang`.
   */
  async topProducts(where: SQL, limit: number, lang: CatalogLang = 'en'): Promise<ProductSummary[]> {
    const rows = await queryRows<SummaryRow>(
      this.db,
      sql`
      SELECT ${SUMMARY_COLUMNS} FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.is_active AND p.in_stock AND ${where}
      ORDER BY p.rating_average DESC, p.rating_count DESC, p.id LIMIT ${limit}`,
    );
    return rows.map((r) => this.summary(r, lang));
  }

  /**
   * GET /homepage-sections: active sections by position whose schedule holds `at` (default
   * now), each resolved into what it renders (products of a collection, best sellers,
   * testimonials, categories with counts). A section whose references no longer resolve is
   * left out rather than shown broken. The resolved sections are cached with their windows and
   * filtered per call, so a section starts and ends on time whatever the cache's age. Texts in
   * `lang`, each English where no Hindi is written.
   */
  async homepageSections(at = new Date(), lang: CatalogLang = 'en'): Promise<HomepageSection[]> {
    return sectionsShownAt(
      await this.shared.get(`homepage:${lang}`, () => loadHomepageSections(this.db, this, lang)),
      at,
    );
  }
}
