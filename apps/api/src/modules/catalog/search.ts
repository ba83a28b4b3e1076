/**
 * Product search (behaviour.md §7 GET /products/search): full-text over name, brand, categories, colour
 * and description (PostgreSQL tsvector), typo-tolerant through a dictionary of the
 * catalogue's own words (pg_trgm picks the nearest word for one it does not know: "jeens" →
 * "jeans", "kurtha" → "kurta"), widened by the admin's synonyms (a word also finds its
 * equivalents: "chappal" → "flip flops", "कुर्ता" → "kurta"; docs/behaviour.md "Search synonyms"),
 * a word in Devanagari also matching the Hindi names of products and their categories, with
 * filters, facet counts that widen (docs/shopper-features.md "Facets that widen"), sorts and
 * pages. Prices in the query are rupees; the database holds paise.
 *
 * Search runs in one place behind `searchProducts` so that a search engine can take over
 * when the catalogue outgrows PostgreSQL (docs/architecture.md "Scale").
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { GENDERS, type CatalogLang, type ProductSearchQuery, type SearchFilters, type Sort } from '@vastra/contracts';
import { queryRows, type Db } from '../../db/client';
import { rupeesToPaise } from '../../lib/money';
import { compareSizes } from '../../lib/sizes';
import type { Synonyms } from './synonyms';

/**
 * Splits a shopper's query into dictionary-safe words: "T-Shirt" → "tshirt". Latin words keep
 * their letters and digits (accents dropped); Devanagari words their own letters and signs
 * (danda and other punctuation split), in NFC.
 */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])-(?=[a-z0-9])/g, '$1')
    .split(/[^a-z0-9\p{sc=Devanagari}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.normalize('NFC'))
    .slice(0, 8);
}

/** Whether a word is written in Devanagari: it never goes into a tsquery (the text search parser splits it by locale). */
const isDevanagari = (word: string) => /\p{sc=Devanagari}/u.test(word);

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

/**
 * The filter groups of the search whose facet counts leave out their own filter (facets that
 * widen): several values within a group are either-or, the groups combine with AND. The
 * search words and "on sale" are not among them: words are no facet, and on sale's count is
 * the same either way (the on-sale products among the others' result).
 */
export type FacetGroup = 'categories' | 'collections' | 'price' | 'colors' | 'brands' | 'sizes' | 'genders';

/**
 * `where`: every filter. `without`: for each group that has a filter, every filter but its
 * own, the set that group's facet counts. `key` identifies the filter set (SQL and values),
 * for caching its facets.
 */
export type SearchPlan = {
  where: SQL;
  without: Partial<Record<FacetGroup, SQL>>;
  key: string;
  tsQuery: string | null;
  phrase: string | null;
  /** The language of the facets' category and collection names. */
  lang: CatalogLang;
};

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

/**
 * The search words' conditions: each word matches as the catalogue knows it (typo-tolerant,
 * `buildTsQuery`) or as any of its synonyms' equivalents (a phrase: all its words); a
 * Devanagari word, or equivalent, also matches within the Hindi name of the product or of its
 * category. Words without Hindi share one tsquery (one index scan, as before synonyms); a word
 * with Hindi is a condition of its own. `tsQuery`: every word's tsquery options, for ranking.
 */
async function wordConditions(
  db: Db,
  words: string[],
  synonyms: Synonyms,
): Promise<{ conditions: SQL[]; tsQuery: string | null }> {
  const latin = words.filter((w) => !isDevanagari(w));
  const corrections = new Map((latin.length > 0 ? await correctWords(db, latin) : []).map((c) => [c.word, c]));
  const latinOnly: string[] = [];
  const ranked: string[] = [];
  const conditions: SQL[] = [];
  for (const word of words) {
    const equivalents = synonyms.get(word) ?? [];
    const options: string[] = [];
    const correction = corrections.get(word);
    if (correction) {
      // A word with synonyms takes them rather than a guessed nearest word.
      options.push(buildTsQuery([equivalents.length > 0 ? { ...correction, best: null } : correction]));
    }
    const hindi = isDevanagari(word) ? [word] : [];
    for (const equivalent of equivalents) {
      const parts = tokenize(equivalent);
      const latinParts = parts.filter((p) => !isDevanagari(p));
      if (latinParts.length > 0 && latinParts.length === parts.length) options.push(`(${latinParts.join(' & ')})`);
      else if (parts.length > 0) hindi.push(parts.join(' '));
    }
    const tsOptions = options.length > 0 ? `(${options.join(' | ')})` : null;
    if (tsOptions) ranked.push(tsOptions);
    if (hindi.length === 0 && tsOptions) {
      latinOnly.push(tsOptions);
      continue;
    }
    const alternatives: SQL[] = hindi.map((needle) => {
      const like = `%${needle.normalize('NFD').replace(/[\\%_]/g, '\\$&')}%`;
      return sql`(normalize(p.name_hi, NFD) LIKE ${like} OR EXISTS (SELECT 1 FROM categories hc
        WHERE hc.id = p.category_id AND normalize(hc.name_hi, NFD) LIKE ${like}))`;
    });
    if (tsOptions) alternatives.unshift(sql`p.search_vector @@ to_tsquery('english', ${tsOptions})`);
    conditions.push(sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  if (latinOnly.length > 0) conditions.unshift(sql`p.search_vector @@ to_tsquery('english', ${latinOnly.join(' & ')})`);
  return { conditions, tsQuery: ranked.length > 0 ? ranked.join(' & ') : null };
}

/**
 * Turns the query's filters into one WHERE clause over `products p`; search words widened by
 * `synonyms`. `lang`: the language facet names are given in (part of the plan's key).
 */
export async function planSearch(
  db: Db,
  q: ProductSearchQuery,
  synonyms: Synonyms = new Map(),
  lang: CatalogLang = 'en',
): Promise<SearchPlan> {
  const conditions: SQL[] = [sql`p.is_active`];
  const groups: Partial<Record<FacetGroup, SQL>> = {};
  let tsQuery: string | null = null;
  let phrase: string | null = null;

  const words = q.search ? tokenize(q.search) : [];
  if (words.length > 0) {
    const found = await wordConditions(db, words, synonyms);
    tsQuery = found.tsQuery;
    phrase = words.join(' ');
    conditions.push(...found.conditions);
  }
  if (q.categories?.length) {
    const list = lowerList(q.categories);
    groups.categories = sql`p.category_id IN (
      SELECT c3.id FROM categories c3
      LEFT JOIN categories c2 ON c2.id = c3.parent_id
      LEFT JOIN categories c1 ON c1.id = c2.parent_id
      WHERE c3.slug = ANY(${list}::text[]) OR c2.slug = ANY(${list}::text[]) OR c1.slug = ANY(${list}::text[])
         OR c3.id::text = ANY(${list}::text[]) OR c2.id::text = ANY(${list}::text[]) OR c1.id::text = ANY(${list}::text[]))`;
  }
  if (q.collections?.length) {
    const list = lowerList(q.collections);
    groups.collections = sql`EXISTS (SELECT 1 FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
      WHERE pc.product_id = p.id AND c.is_active AND (c.slug = ANY(${list}::text[]) OR c.id::text = ANY(${list}::text[])))`;
  }
  const bounds: SQL[] = [];
  if (q.minPrice !== undefined) bounds.push(sql`p.price_paise >= ${rupeesToPaise(q.minPrice)}`);
  if (q.maxPrice !== undefined) bounds.push(sql`p.price_paise <= ${rupeesToPaise(q.maxPrice)}`);
  if (bounds.length > 0) groups.price = sql.join(bounds, sql` AND `);
  if (q.colors?.length) groups.colors = sql`lower(p.color) = ANY(${lowerList(q.colors)}::text[])`;
  if (q.brands?.length) groups.brands = sql`lower(p.brand) = ANY(${lowerList(q.brands)}::text[])`;
  // A size filter means "available in that size": sold-out sizes are not in sizes_in_stock.
  if (q.sizes?.length) groups.sizes = sql`p.sizes_in_stock && ${textList(q.sizes)}::text[]`;
  if (q.gender?.length) {
    const genders = GENDERS.filter((g) => q.gender!.some((asked) => asked.toLowerCase() === g.toLowerCase()));
    groups.genders = sql`p.gender = ANY(${textList(genders)}::text[])`;
  }
  if (q.onSale || q.isOnSale) conditions.push(sql`p.discount_percent > 0`);

  const filtered = Object.entries(groups) as [FacetGroup, SQL][];
  const whereOf = (skip: FacetGroup | null) =>
    sql.join([...conditions, ...filtered.filter(([g]) => g !== skip).map(([, c]) => c)], sql` AND `);
  const where = whereOf(null);
  const without = Object.fromEntries(filtered.map(([g]) => [g, whereOf(g)]));
  const { sql: text, params } = dialect.sqlToQuery(where);
  return { where, without, key: JSON.stringify([text, params, lang]), tsQuery, phrase, lang };
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

/** The columns a facet reads, over `products p`. */
const FACET_COLUMNS = sql`p.id, p.color, p.brand, p.gender, p.sizes_in_stock, p.category_id, p.price_paise, p.discount_percent`;

/**
 * Counts of every facet (docs/shopper-features.md "Facets that widen"): total, on sale and the
 * groups without a filter count the current result, `m`; a group with a filter counts every
 * filter but its own (`plan.without`), so its other values keep the counts they would add.
 * Prices in paise. Those sets are plain subqueries, not materialised: each is read once, and
 * the planner then answers "colours without the colour filter" from the covering facet index
 * (migration 0017, its sizes column changed to `sizes_in_stock` by 0023) without copying the rows.
 * Sizes count only where they are in stock: a sold-out size counts in no facet. The collections are counted by looking the
 * matched ids up in product_collections' primary key: joining would hash all 66,000 rows of it
 * on the full catalogue (42 ms of a 73 ms query for three filters; 8 ms this way).
 */
export async function facets(db: Db, plan: SearchPlan): Promise<{ total: number; filters: SearchFilters }> {
  const from = (group: FacetGroup): SQL => {
    const where = plan.without[group];
    return where ? sql`(SELECT ${FACET_COLUMNS} FROM products p WHERE ${where}) m` : sql`m`;
  };
  // Category and collection names in the plan's language, English where no Hindi is written.
  const name = (alias: string) =>
    plan.lang === 'hi' ? sql.raw(`COALESCE(NULLIF(${alias}.name_hi, ''), ${alias}.name)`) : sql.raw(`${alias}.name`);
  const [row] = await queryRows<FacetRow>(
    db,
    sql`
    WITH m AS MATERIALIZED (SELECT ${FACET_COLUMNS} FROM products p WHERE ${plan.where})
    SELECT
      (SELECT count(*)::int FROM m) AS total,
      bounds.min_price,
      bounds.max_price,
      (SELECT count(*)::int FROM m WHERE discount_percent > 0) AS on_sale,
      (SELECT json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v)
         FROM (SELECT color AS v, count(*)::int AS n FROM ${from('colors')} GROUP BY color) x) AS colors,
      (SELECT json_agg(json_build_object('value', v, 'count', n))
         FROM (SELECT s AS v, count(*)::int AS n FROM ${from('sizes')}, unnest(m.sizes_in_stock) AS s GROUP BY s) x) AS sizes,
      (SELECT json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v)
         FROM (SELECT brand AS v, count(*)::int AS n FROM ${from('brands')} GROUP BY brand) x) AS brands,
      (SELECT json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v)
         FROM (SELECT gender AS v, count(*)::int AS n FROM ${from('genders')} GROUP BY gender) x) AS genders,
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', ${name('c')}, 'count', x.n) ORDER BY x.n DESC, c.name)
         FROM (SELECT category_id, count(*)::int AS n FROM ${from('categories')} GROUP BY category_id) x
         JOIN categories c ON c.id = x.category_id) AS categories,
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', ${name('c')}, 'count', x.n) ORDER BY c.position, c.name)
         FROM (SELECT pc.collection_id, count(*)::int AS n FROM product_collections pc
               WHERE pc.product_id = ANY(ARRAY(SELECT id FROM ${from('collections')})) GROUP BY pc.collection_id) x
         JOIN collections c ON c.id = x.collection_id AND c.is_active) AS collections
    FROM (SELECT min(price_paise) AS min_price, max(price_paise) AS max_price FROM ${from('price')}) bounds`,
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
