/**
 * The catalogue (§3, §7 Catalogue): category tree, collections, homepage sections, product
 * search, product detail and related products. Reads only; prices leave here in rupees,
 * image paths as absolute URLs on the API's public address.
 *
 * Errors: NotFoundError for an unknown or inactive product.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  RELATED_PRODUCTS_LIMIT,
  type CategoryNode,
  type CategoryRef,
  type Collection,
  type Gender,
  type HomepageSection,
  type Image,
  type PageMeta,
  type ProductDetail,
  type ProductSearchQuery,
  type ProductSearchResult,
  type ProductSummary,
} from '@vastra/contracts';
import { queryRows, type Db } from '../../db/client';
import { categories, collections, type ImageJson } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { paiseToRupees } from '../../lib/money';
import { compareSizes } from '../../lib/sizes';
import { TtlCache } from '../../lib/ttl-cache';
import { prepareProductQueries, type VariantJson } from './product-queries';
import { facets, orderBy, planSearch, textList } from './search';

/** `cacheTtlMs`: how long answers that are the same for every shopper are reused. */
export type CatalogOptions = { mediaBaseUrl: string; cacheTtlMs: number };

/** Columns every product card needs, over `products p` joined to its leaf `categories c`. */
const SUMMARY_COLUMNS = sql`p.id, p.slug, p.name, p.brand, p.gender, p.color, p.price_paise, p.mrp_paise,
  p.discount_percent, p.rating_average, p.rating_count, p.images, p.sizes, p.in_stock,
  c.id AS category_id, c.name AS category_name, c.slug AS category_slug`;

type SummaryRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  gender: Gender;
  color: string;
  price_paise: number;
  mrp_paise: number;
  discount_percent: number;
  rating_average: number;
  rating_count: number;
  images: ImageJson[];
  sizes: string[];
  in_stock: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
};

/** One size of a product with its product, as the cart and the wishlist show it. Money in paise. */
export type VariantDetail = {
  id: string;
  sku: string;
  size: string;
  color: string;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  product: {
    id: string;
    slug: string;
    name: string;
    brand: string;
    isActive: boolean;
    hsnCode: string;
    categoryId: string;
    images: Image[];
    primaryImage: Image | null;
    variants: Omit<VariantDetail, 'product'>[];
  };
};

type VariantDetailRow = {
  variant_id: string;
  id: string;
  slug: string;
  name: string;
  brand: string;
  is_active: boolean;
  hsn_code: string;
  category_id: string;
  images: ImageJson[];
  variants: VariantJson[] | null;
};

/** Results up to this many products are filtered before they are sorted. */
const SMALL_RESULT = 2000;

export class CatalogService {
  private readonly shared: TtlCache;
  private readonly productQueries: ReturnType<typeof prepareProductQueries>;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogOptions,
  ) {
    this.shared = new TtlCache(options.cacheTtlMs);
    this.productQueries = prepareProductQueries(db);
  }

  /** An absolute URL for a stored media path; absolute URLs pass through. */
  mediaUrl(path: string): string {
    return path.startsWith('/') ? `${this.options.mediaBaseUrl}${path}` : path;
  }

  private images(images: ImageJson[]): Image[] {
    return images.map((i) => ({ url: this.mediaUrl(i.url), isPrimary: i.isPrimary }));
  }

  private summary(row: SummaryRow): ProductSummary {
    const images = this.images(row.images);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      brand: row.brand,
      gender: row.gender,
      color: row.color,
      category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
      price: paiseToRupees(row.price_paise),
      mrp: paiseToRupees(row.mrp_paise),
      discountPercent: row.discount_percent,
      isOnSale: row.discount_percent > 0,
      rating: { average: Math.round(Number(row.rating_average) * 10) / 10, count: row.rating_count },
      primaryImage: images.find((i) => i.isPrimary) ?? images[0] ?? null,
      sizes: row.sizes,
      inStock: row.in_stock,
    };
  }

  /** GET /products/search: a page of products, facets of the whole result, page meta. */
  async search(query: ProductSearchQuery): Promise<ProductSearchResult> {
    const plan = await planSearch(this.db, query);
    const sort = query.sort ?? (plan.tsQuery ? 'relevance' : 'newest');
    const offset = (query.page - 1) * query.limit;
    const { total, filters } = await this.shared.get(`facets:${plan.key}`, () => facets(this.db, plan));
    // The result's size is known from its facets: a small result is filtered first and then
    // sorted, rather than found by walking a sort index past every product that misses.
    const page = (from: SQL, where: SQL) =>
      queryRows<SummaryRow>(
        this.db,
        sql`
        SELECT ${SUMMARY_COLUMNS} FROM ${from} JOIN categories c ON c.id = p.category_id
        WHERE ${where} ORDER BY ${orderBy(sort, plan)} LIMIT ${query.limit} OFFSET ${offset}`,
      );
    const rows =
      offset >= total
        ? []
        : total <= SMALL_RESULT
          ? await page(sql`(SELECT * FROM products p WHERE ${plan.where} OFFSET 0) p`, sql`true`)
          : await page(sql`products p`, plan.where);
    return {
      products: rows.map((r) => this.summary(r)),
      filters,
      meta: pageMeta(total, query.page, query.limit),
    };
  }

  /** GET /products/{id}: one product by id (or slug) with variants; NotFoundError otherwise. */
  async getProduct(idOrSlug: string): Promise<ProductDetail> {
    const query = isUuid(idOrSlug) ? this.productQueries.byId : this.productQueries.bySlug;
    const [[row], categoryMap, collectionMap] = await Promise.all([
      query.execute({ key: idOrSlug }),
      this.categoryMap(),
      this.collectionMap(),
    ]);
    if (!row) throw new NotFoundError(CATALOG_MESSAGES.productNotFound);

    const categoryPath: CategoryRef[] = [];
    for (let c = categoryMap.get(row.category_id); c; c = c.parentId ? categoryMap.get(c.parentId) : undefined) {
      categoryPath.unshift({ id: c.id, name: c.name, slug: c.slug });
    }
    const images = this.images(row.images);
    return {
      ...this.summary(row),
      description: row.description,
      hsnCode: row.hsn_code,
      categoryPath,
      season: row.season,
      usage: row.usage,
      year: row.year,
      collections: (row.collection_ids ?? [])
        .map((id) => collectionMap.get(id))
        .filter((c) => c !== undefined)
        .sort((a, b) => a.position - b.position)
        .map(({ id, name, slug }) => ({ id, name, slug })),
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
   * and the rating filter read. `db` lets the caller run it inside its own transaction.
   */
  async addRating(productId: string, rating: number, db: Db = this.db): Promise<void> {
    await db.execute(
      sql`UPDATE products SET rating_average = (rating_average * rating_count + ${rating}) / (rating_count + 1),
            rating_count = rating_count + 1
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

  /**
   * A category and its ancestors, itself first and the top-level category last (for
   * coupons limited to a category, which cover the whole subtree); null for an unknown id.
   */
  async categoryLineage(categoryId: string): Promise<string[] | null> {
    const map = await this.categoryMap();
    if (!map.has(categoryId)) return null;
    const lineage: string[] = [];
    for (let c = map.get(categoryId); c && !lineage.includes(c.id); c = c.parentId ? map.get(c.parentId) : undefined) {
      lineage.push(c.id);
    }
    return lineage;
  }

  /** Every category by id, for category paths. */
  private categoryMap(): Promise<Map<string, { id: string; name: string; slug: string; parentId: string | null }>> {
    return this.shared.get('category-map', async () => {
      const rows = await this.db
        .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
        .from(categories);
      return new Map(rows.map((r) => [r.id, r]));
    });
  }

  /** Active collections by id. */
  private collectionMap(): Promise<Map<string, { id: string; name: string; slug: string; position: number }>> {
    return this.shared.get('collection-map', async () => {
      const rows = await this.db
        .select({ id: collections.id, name: collections.name, slug: collections.slug, position: collections.position })
        .from(collections)
        .where(eq(collections.isActive, true));
      return new Map(rows.map((r) => [r.id, r]));
    });
  }

  /**
   * GET /products/{id}/related: products of the same article type, brand or colour family,
   * closest first, never the product itself.
   */
  async related(idOrSlug: string, limit = RELATED_PRODUCTS_LIMIT): Promise<ProductSummary[]> {
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
    return rows.map((r) => this.summary(r));
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
    const plan = await planSearch(this.db, {
      page: 1,
      limit: filter.limit,
      search: filter.search,
      categories: filter.categoryIds,
    });
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

  /** GET /categories: the tree with product counts (active products, whole subtree). */
  categoryTree(): Promise<{ categories: CategoryNode[]; count: number }> {
    return this.shared.get('categories', () => this.loadCategoryTree());
  }

  private async loadCategoryTree(): Promise<{ categories: CategoryNode[]; count: number }> {
    type Row = {
      id: string;
      name: string;
      slug: string;
      parent_id: string | null;
      level: CategoryNode['level'];
      image: string | null;
      own_count: number;
    };
    const rows = await queryRows<Row>(
      this.db,
      sql`
      SELECT c.id, c.name, c.slug, c.parent_id, c.level, c.image, c.position,
             COALESCE(n.count, 0)::int AS own_count
      FROM categories c
      LEFT JOIN (SELECT category_id, count(*) AS count FROM products WHERE is_active GROUP BY category_id) n
        ON n.category_id = c.id
      ORDER BY c.position, c.name`,
    );
    const nodes = new Map<string, CategoryNode>();
    for (const r of rows) {
      nodes.set(r.id, {
        id: r.id,
        name: r.name,
        slug: r.slug,
        parent: r.parent_id,
        level: r.level,
        productCount: r.own_count,
        image: r.image ? this.mediaUrl(r.image) : null,
        children: [],
      });
    }
    const roots: CategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parent ? nodes.get(node.parent) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const total = (node: CategoryNode): number => {
      node.productCount += node.children.reduce((sum, child) => sum + total(child), 0);
      return node.productCount;
    };
    roots.forEach(total);
    const prune = (list: CategoryNode[]): CategoryNode[] =>
      list.filter((n) => n.productCount > 0).map((n) => ({ ...n, children: prune(n.children) }));
    const tree = prune(roots);
    const count = (list: CategoryNode[]): number => list.reduce((sum, n) => sum + 1 + count(n.children), 0);
    return { categories: tree, count: count(tree) };
  }

  /** GET /collections: active collections in their order, with product counts. */
  collections(page: number, limit: number): Promise<{ collections: Collection[]; meta: PageMeta }> {
    return this.shared.get(`collections:${page}:${limit}`, () => this.loadCollections(page, limit));
  }

  private async loadCollections(page: number, limit: number): Promise<{ collections: Collection[]; meta: PageMeta }> {
    type Row = {
      id: string;
      name: string;
      slug: string;
      description: string;
      image: string | null;
      product_count: number;
    };
    const [rows, totals] = await Promise.all([
      queryRows<Row>(
        this.db,
        sql`
        SELECT co.id, co.name, co.slug, co.description, co.image,
               (SELECT count(*)::int FROM product_collections pc JOIN products p ON p.id = pc.product_id AND p.is_active
                 WHERE pc.collection_id = co.id) AS product_count
        FROM collections co WHERE co.is_active ORDER BY co.position, co.name
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      ),
      queryRows<{ total: number }>(this.db, sql`SELECT count(*)::int AS total FROM collections WHERE is_active`),
    ]);
    return {
      collections: rows.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        description: r.description,
        image: r.image ? this.mediaUrl(r.image) : null,
        productCount: r.product_count,
      })),
      meta: pageMeta(Number(totals[0]?.total ?? 0), page, limit),
    };
  }

  /** Top products by a rule, for homepage sections. */
  private async topProducts(where: SQL, limit: number): Promise<ProductSummary[]> {
    const rows = await queryRows<SummaryRow>(
      this.db,
      sql`
      SELECT ${SUMMARY_COLUMNS} FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.is_active AND p.in_stock AND ${where}
      ORDER BY p.rating_average DESC, p.rating_count DESC, p.id LIMIT ${limit}`,
    );
    return rows.map((r) => this.summary(r));
  }

  /**
   * GET /homepage-sections: active sections by position, each resolved into what it renders
   * (products of a collection, best sellers, testimonials, categories with counts).
   * A section whose references no longer resolve is left out rather than shown broken.
   */
  homepageSections(): Promise<HomepageSection[]> {
    return this.shared.get('homepage', () => this.loadHomepageSections());
  }

  private async loadHomepageSections(): Promise<HomepageSection[]> {
    const rows = await queryRows<SectionRow>(
      this.db,
      sql`
      SELECT id, section_type, position, title, subtitle, content FROM homepage_sections
      WHERE is_active ORDER BY position, id`,
    );
    const sections = await Promise.all(rows.map((row) => this.resolveSection(row)));
    return sections.filter((s): s is HomepageSection => s !== null);
  }

  private async resolveSection(row: SectionRow): Promise<HomepageSection | null> {
    const base = { id: row.id, position: row.position, title: row.title, subtitle: row.subtitle };
    switch (row.section_type) {
      case 'hero': {
        const { slides } = storedContent.hero.parse(row.content);
        return {
          ...base,
          section_type: 'hero',
          content: { slides: slides.map((s) => ({ ...s, image: this.mediaUrl(s.image) })) },
        };
      }
      case 'fashion_showcase': {
        const { items } = storedContent.fashion_showcase.parse(row.content);
        return {
          ...base,
          section_type: 'fashion_showcase',
          content: { items: items.map((i) => ({ ...i, image: this.mediaUrl(i.image) })) },
        };
      }
      case 'collection_highlight': {
        const content = storedContent.collection_highlight.parse(row.content);
        const { collections } = await this.collections(1, 1000);
        const collection = collections.find((co) => co.slug === content.collectionSlug);
        if (!collection) return null;
        const products = await this.topProducts(
          sql`EXISTS (SELECT 1 FROM product_collections pc WHERE pc.product_id = p.id AND pc.collection_id = ${collection.id}::uuid)`,
          content.productLimit,
        );
        const cta = content.cta ?? { label: `Shop ${collection.name}`, href: `/collections/${collection.slug}` };
        return { ...base, section_type: 'collection_highlight', content: { collection, products, cta } };
      }
      case 'best_seller_products': {
        const content = storedContent.best_seller_products.parse(row.content);
        const products = await this.topProducts(sql`true`, content.limit);
        return { ...base, section_type: 'best_seller_products', content: { products, cta: content.cta } };
      }
      case 'testimonials': {
        const { limit } = storedContent.testimonials.parse(row.content);
        const testimonials = await queryRows<{ name: string; city: string; quote: string; rating: number }>(
          this.db,
          sql`SELECT name, city, quote, rating FROM testimonials ORDER BY position, name LIMIT ${limit}`,
        );
        return { ...base, section_type: 'testimonials', content: { testimonials } };
      }
      case 'featured_categories': {
        const { categorySlugs } = storedContent.featured_categories.parse(row.content);
        const { categories } = await this.categoryTree();
        const bySlug = new Map<string, CategoryNode>();
        const walk = (list: CategoryNode[]) => list.forEach((n) => (bySlug.set(n.slug, n), walk(n.children)));
        walk(categories);
        const picked = categorySlugs
          .map((slug) => bySlug.get(slug))
          .filter((n): n is CategoryNode => n !== undefined)
          .map(({ id, name, slug, image, productCount }) => ({ id, name, slug, image, productCount }));
        return { ...base, section_type: 'featured_categories', content: { categories: picked } };
      }
    }
  }
}

type SectionRow = {
  id: string;
  section_type: HomepageSection['section_type'];
  position: number;
  title: string;
  subtitle: string | null;
  content: unknown;
};

const cta = z.object({ label: z.string(), href: z.string() });

/** What `homepage_sections.content` holds per type: references the service resolves. */
const storedContent = {
  hero: z.object({ slides: z.array(z.object({ title: z.string(), subtitle: z.string(), image: z.string(), cta })) }),
  fashion_showcase: z.object({ items: z.array(z.object({ title: z.string(), image: z.string(), href: z.string() })) }),
  collection_highlight: z.object({
    collectionSlug: z.string(),
    productLimit: z.number().int().default(8),
    cta: cta.optional(),
  }),
  best_seller_products: z.object({
    limit: z.number().int().default(8),
    cta: cta.default({ label: 'View all best sellers', href: '/shop?sort=rating' }),
  }),
  testimonials: z.object({ limit: z.number().int().default(6) }),
  featured_categories: z.object({ categorySlugs: z.array(z.string()) }),
};

/** Page meta of §3: total items, this page, page size, number of pages. */
export function pageMeta(total: number, page: number, limit: number): PageMeta {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}
