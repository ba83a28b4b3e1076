/**
 * Product search (behaviour.md §7 GET /products/search): full-text over name, brand, categories, colour
 * and description (PostgreSQL tsvector), typo-tolerant through a dictionary of the
 * catalogue's own words (pg_trgm picks the nearest word for one it does not know: "jeens" →
 * "jeans", "kurtha" → "kurta"), with filters, facet counts for the filtered result, sorts and
 * pages. Prices in the query are rupees; the database holds paise.
 *
 * Search runs in one place behind `searchProducts` so that a search engine can take over
 * when the catalogue outgrows PostgreSQL (docs/architecture.md "Scale").
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { GENDERS, type ProductSearchQuery, type SearchFilters, type Sort } from '@vastra/contracts';
import { queryRows, type Db } from '../../db/client';
import { rupeesToPaise } from '../../lib/money';
import { compareSizes } from '../../lib/sizes';

/** Splits a shopper's query into dictionary-safe words: "T-Shirt" → "tshirt". */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])-(?=[a-z0-9])/g, '$1')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

type Correction = { word: string; known: boolean; best: string | null };

/**
 * For each word: whether the catalogue knows it, and otherwise the nearest catalogue word
 * (trigram similarity, ties to the more frequent word).
 */
async function correctWords(db: Db, words: string[]): Promise<Correction[]> {
  return queryRows<Correction>(
    db,
    sql`
    SELECT k.word, k.known,
           CASE WHEN k.known THEN NULL ELSE
             (SELECT t.term FROM search_terms t
               WHERE t.term % k.word
               ORDER BY similarity(t.term, k.word) DESC, levenshtein(t.term, k.word), t.frequency DESC
               LIMIT 1)
           END AS best
    FROM (SELECT w.word, EXISTS (SELECT 1 FROM search_terms t WHERE t.term = w.word) AS known
          FROM unnest(${textList(words)}::text[]) AS w(word)) k`,
  );
}

/**
 * A tsquery text: every word must match. A word the catalogue knows matches as itself
 * (stemmed: "shirts" finds "shirt"); an unknown one as a prefix (a word still being typed)
 * or as its nearest catalogue word (a typo).
 */
function buildTsQuery(corrections: Correction[]): string {
  return corrections
    .map(({ word, known, best }) => {
      if (known) return word;
      const options = [`${word}:*`];
      if (best && best !== word) options.push(best);
      return `(${options.join(' | ')})`;
    })
    .join(' & ');
}

/** `key` identifies the filter set (SQL and values), for caching its facets. */
export type SearchPlan = { where: SQL; key: string; tsQuery: string | null; phrase: string | null };

const dialect = new PgDialect();

/**
 * A PostgreSQL array literal (`{"a","b"}`) to bind as one text[] parameter; the same text
 * works on node-postgres and PGlite, which serialise JS arrays differently.
 */
export function textList(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** textList of lower-cased values, for case-insensitive matching. */
function lowerList(values: string[]): string {
  return textList(values.map((v) => v.toLowerCase()));
}

/** Turns the query's filters into one WHERE clause over `products p`. */
export async function planSearch(db: Db, q: ProductSearchQuery): Promise<SearchPlan> {
  const conditions: SQL[] = [sql`p.is_active`];
  let tsQuery: string | null = null;
  let phrase: string | null = null;

  const words = q.search ? tokenize(q.search) : [];
  if (words.length > 0) {
    tsQuery = buildTsQuery(await correctWords(db, words));
    phrase = words.join(' ');
    conditions.push(sql`p.search_vector @@ to_tsquery('english', ${tsQuery})`);
  }
  if (q.categories?.length) {
    const list = lowerList(q.categories);
    conditions.push(sql`p.category_id IN (
      SELECT c3.id FROM categories c3
      LEFT JOIN categories c2 ON c2.id = c3.parent_id
      LEFT JOIN categories c1 ON c1.id = c2.parent_id
      WHERE c3.slug = ANY(${list}::text[]) OR c2.slug = ANY(${list}::text[]) OR c1.slug = ANY(${list}::text[])
         OR c3.id::text = ANY(${list}::text[]) OR c2.id::text = ANY(${list}::text[]) OR c1.id::text = ANY(${list}::text[]))`);
  }
  if (q.collections?.length) {
    const list = lowerList(q.collections);
    conditions.push(sql`EXISTS (SELECT 1 FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
      WHERE pc.product_id = p.id AND c.is_active AND (c.slug = ANY(${list}::text[]) OR c.id::text = ANY(${list}::text[])))`);
  }
  if (q.minPrice !== undefined) conditions.push(sql`p.price_paise >= ${rupeesToPaise(q.minPrice)}`);
  if (q.maxPrice !== undefined) conditions.push(sql`p.price_paise <= ${rupeesToPaise(q.maxPrice)}`);
  if (q.colors?.length) conditions.push(sql`lower(p.color) = ANY(${lowerList(q.colors)}::text[])`);
  if (q.brands?.length) conditions.push(sql`lower(p.brand) = ANY(${lowerList(q.brands)}::text[])`);
  if (q.sizes?.length) conditions.push(sql`p.sizes && ${textList(q.sizes)}::text[]`);
  if (q.gender?.length) {
    const genders = GENDERS.filter((g) => q.gender!.some((asked) => asked.toLowerCase() === g.toLowerCase()));
    conditions.push(sql`p.gender = ANY(${textList(genders)}::text[])`);
  }
  if (q.onSale || q.isOnSale) conditions.push(sql`p.discount_percent > 0`);

  const where = sql.join(conditions, sql` AND `);
  const { sql: text, params } = dialect.sqlToQuery(where);
  return { where, key: JSON.stringify([text, params]), tsQuery, phrase };
}

/** ORDER BY for a sort; relevance without a search falls back to popularity. */
export function orderBy(sort: Sort, plan: SearchPlan): SQL {
  switch (sort) {
    case 'relevance':
      if (plan.tsQuery && plan.phrase) {
        // Exact matches first: the whole phrase in the name, then the words as typed, then rank.
        return sql`(lower(p.name) LIKE ${'%' + plan.phrase + '%'}) DESC,
          (p.search_vector @@ plainto_tsquery('english', ${plan.phrase})) DESC,
          ts_rank_cd(p.search_vector, to_tsquery('english', ${plan.tsQuery})) DESC,
          p.rating_count DESC, p.id`;
      }
      return sql`p.rating_count DESC, p.id`;
    case 'newest':
      return sql`p.created_at DESC, p.id`;
    case 'price_asc':
      return sql`p.price_paise ASC, p.id`;
    case 'price_desc':
      return sql`p.price_paise DESC, p.id`;
    case 'rating':
      return sql`p.rating_average DESC, p.rating_count DESC, p.id`;
    case 'discount':
      return sql`p.discount_percent DESC, p.id`;
  }
}

type FacetRow = {
  total: number;
  min_price: number | null;
  max_price: number | null;
  on_sale: number;
  colors: { value: string; count: number }[] | null;
  sizes: { value: string; count: number }[] | null;
  brands: { value: string; count: number }[] | null;
  genders: { value: string; count: number }[] | null;
  categories: { slug: string; name: string; count: number }[] | null;
  collections: { slug: string; name: string; count: number }[] | null;
};

/**
 * Counts of every facet over the products the plan matches (the current result). The
 * collections are counted by looking the matched ids up in product_collections' primary key:
 * joining would hash all 66,000 rows of it on the full catalogue (42 ms of a 73 ms query for
 * three filters; 8 ms this way).
 */
export async function facets(db: Db, plan: SearchPlan): Promise<{ total: number; filters: SearchFilters }> {
  const [row] = await queryRows<FacetRow>(
    db,
    sql`
    WITH m AS MATERIALIZED (
      SELECT p.id, p.color, p.brand, p.gender, p.sizes, p.category_id, p.price_paise, p.discount_percent
      FROM products p WHERE ${plan.where}
    )
    SELECT
      (SELECT count(*)::int FROM m) AS total,
      (SELECT min(price_paise) FROM m) AS min_price,
      (SELECT max(price_paise) FROM m) AS max_price,
      (SELECT count(*)::int FROM m WHERE discount_percent > 0) AS on_sale,
      (SELECT json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v)
         FROM (SELECT color AS v, count(*)::int AS n FROM m GROUP BY color) x) AS colors,
      (SELECT json_agg(json_build_object('value', v, 'count', n))
         FROM (SELECT s AS v, count(*)::int AS n FROM m, unnest(m.sizes) AS s GROUP BY s) x) AS sizes,
      (SELECT json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v)
         FROM (SELECT brand AS v, count(*)::int AS n FROM m GROUP BY brand) x) AS brands,
      (SELECT json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v)
         FROM (SELECT gender AS v, count(*)::int AS n FROM m GROUP BY gender) x) AS genders,
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', x.n) ORDER BY x.n DESC, c.name)
         FROM (SELECT category_id, count(*)::int AS n FROM m GROUP BY category_id) x
         JOIN categories c ON c.id = x.category_id) AS categories,
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', x.n) ORDER BY c.position, c.name)
         FROM (SELECT pc.collection_id, count(*)::int AS n FROM product_collections pc
               WHERE pc.product_id = ANY(ARRAY(SELECT id FROM m)) GROUP BY pc.collection_id) x
         JOIN collections c ON c.id = x.collection_id AND c.is_active) AS collections`,
  );
  if (!row) throw new Error('facet query returned no row');
  return {
    total: Number(row.total),
    filters: {
      priceRange: {
        min: row.min_price === null ? 0 : Math.floor(Number(row.min_price) / 100),
        max: row.max_price === null ? 0 : Math.ceil(Number(row.max_price) / 100),
      },
      colors: row.colors ?? [],
      sizes: (row.sizes ?? []).sort((a, b) => compareSizes(a.value, b.value)),
      categories: row.categories ?? [],
      collections: row.collections ?? [],
      brands: row.brands ?? [],
      genders: row.genders ?? [],
      onSale: Number(row.on_sale),
    },
  };
}
