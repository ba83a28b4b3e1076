import type { Sort } from '@vastra/contracts';

/**
 * The catalogue's state as it lives in the URL, so a filtered page can be shared and
 * reloaded: `?search=&categories=&collections=&gender=&colors=&sizes=&brands=&minPrice=
 * &maxPrice=&onSale=true&sort=&page=`. Lists are comma-separated; repeated keys (what a
 * plain GET form sends) are read too. Shared by the server pages and the client filters.
 */
export type CatalogQuery = {
  search: string;
  categories: string[];
  collections: string[];
  gender: string[];
  colors: string[];
  sizes: string[];
  brands: string[];
  minPrice?: number;
  maxPrice?: number;
  onSale: boolean;
  sort?: Sort;
  page: number;
};

export type ListKey = 'categories' | 'collections' | 'gender' | 'colors' | 'sizes' | 'brands';
export const LIST_KEYS: readonly ListKey[] = ['categories', 'collections', 'gender', 'colors', 'sizes', 'brands'];

export type RawSearchParams = Record<string, string | string[] | undefined>;

/** Where a listing lives and what it fixes: /shop, /search (term in `q`), /category/x, /collections/x. */
export type CatalogScope = {
  basePath: string;
  /** Name of the search-term parameter: `search` on /shop, `q` on /search. */
  searchKey: 'search' | 'q';
  /** A list filter fixed by the path (category and collection pages); hidden from the panel. */
  fixed?: { key: 'categories' | 'collections'; value: string };
};

export const EMPTY_QUERY: CatalogQuery = {
  search: '',
  categories: [],
  collections: [],
  gender: [],
  colors: [],
  sizes: [],
  brands: [],
  onSale: false,
  page: 1,
};

function readList(value: string | string[] | undefined): string[] {
  const parts = (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.split(','));
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

function readFirst(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function readPrice(value: string | string[] | undefined): number | undefined {
  const text = readFirst(value);
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function parseCatalogQuery(raw: RawSearchParams, scope: CatalogScope): CatalogQuery {
  const query: CatalogQuery = { ...EMPTY_QUERY };
  query.search = readFirst(raw[scope.searchKey]).slice(0, 200);
  for (const key of LIST_KEYS) {
    query[key] = scope.fixed?.key === key ? [] : readList(raw[key]);
  }
  let minPrice = readPrice(raw.minPrice);
  let maxPrice = readPrice(raw.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  query.minPrice = minPrice;
  query.maxPrice = maxPrice;
  query.onSale = ['true', '1', 'on'].includes(readFirst(raw.onSale));
  const sort = readFirst(raw.sort);
  query.sort = Object.hasOwn(SORT_KEYS, sort) ? (sort as Sort) : undefined;
  const page = Number(readFirst(raw.page));
  query.page = Number.isInteger(page) && page > 1 ? page : 1;
  return query;
}

/** The URL parameters of a query (page 1 and empty values left out). */
export function toUrlParams(query: CatalogQuery, scope: CatalogScope): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set(scope.searchKey, query.search);
  for (const key of LIST_KEYS) {
    if (scope.fixed?.key === key) continue;
    if (query[key].length > 0) params.set(key, query[key].join(','));
  }
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.onSale) params.set('onSale', 'true');
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function catalogHref(scope: CatalogScope, query: CatalogQuery): string {
  const qs = toUrlParams(query, scope).toString();
  return qs ? `${scope.basePath}?${qs}` : scope.basePath;
}

/** The same listing with some filters changed; any change of filters goes back to page 1. */
export function withChanges(query: CatalogQuery, changes: Partial<CatalogQuery>): CatalogQuery {
  return { ...query, page: 1, ...changes };
}

export function countActiveFilters(query: CatalogQuery): number {
  return (
    LIST_KEYS.reduce((n, key) => n + query[key].length, 0) +
    (query.minPrice !== undefined || query.maxPrice !== undefined ? 1 : 0) +
    (query.onSale ? 1 : 0)
  );
}

/**
 * Every sort of the API (`SORTS`), in the order the sort select offers them; each one's label is
 * the catalog.sort message of its key. The Record type keeps the two lists in step.
 */
const SORT_KEYS: Record<Sort, true> = {
  relevance: true,
  newest: true,
  price_asc: true,
  price_desc: true,
  rating: true,
  discount: true,
};
export const SORTS_SHOWN = Object.keys(SORT_KEYS) as Sort[];
