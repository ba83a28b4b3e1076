import 'server-only';
import {
  CATALOG_MESSAGES,
  RELATED_PRODUCTS_LIMIT,
  RELATED_PRODUCTS_TIMEOUT_MS,
  SHOP_PAGE_SIZE,
  productDetailSchema,
  productSearchResultSchema,
  productSummarySchema,
  type ProductDetail,
  type ProductSearchResult,
  type ProductSummary,
  type Sort,
} from '@vastra/contracts';
import { CATALOG_TAGS, catalogLang } from './catalog';
import { apiGet, checked, toQueryString } from './client';

/** The query of GET /products/search; lists are sent comma-separated (behaviour.md §7). */
export type ProductSearchParams = {
  page?: number;
  limit?: number;
  search?: string;
  categories?: string[];
  collections?: string[];
  colors?: string[];
  sizes?: string[];
  brands?: string[];
  gender?: string[];
  minPrice?: number;
  maxPrice?: number;
  onSale?: boolean;
  sort?: Sort;
};

const list = (values?: string[]) => (values && values.length > 0 ? values.join(',') : undefined);

/** GET /products/search: one page of products plus the facets of the whole result, names in the page's language. */
export async function searchProducts(params: ProductSearchParams): Promise<ProductSearchResult> {
  const query = toQueryString({
    page: params.page ?? 1,
    limit: params.limit ?? SHOP_PAGE_SIZE,
    search: params.search,
    categories: list(params.categories),
    collections: list(params.collections),
    colors: list(params.colors),
    sizes: list(params.sizes),
    brands: list(params.brands),
    gender: list(params.gender),
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    onSale: params.onSale ? 'true' : undefined,
    sort: params.sort,
    lang: await catalogLang(),
  });
  const data = await apiGet(`/products/search${query}`, {
    revalidate: 60,
    tags: [CATALOG_TAGS.products],
    fallbackMessage: CATALOG_MESSAGES.search,
  });
  return checked(productSearchResultSchema, data, 'products/search');
}

/**
 * GET /products/{id} in the page's language (its name, description and category path; the
 * page's metadata and JSON-LD read these); throws ApiError with status 404 for an unknown id.
 */
export async function getProduct(id: string): Promise<ProductDetail> {
  const data = await apiGet(`/products/${encodeURIComponent(id)}${toQueryString({ lang: await catalogLang() })}`, {
    revalidate: 60,
    tags: [CATALOG_TAGS.products, CATALOG_TAGS.product(id)],
    fallbackMessage: CATALOG_MESSAGES.productDetails,
  });
  return checked(productDetailSchema, data.product, 'products/{id}');
}

/** GET /products/{id}/related; an empty list on any failure or after 8 s (behaviour.md §7, §9). */
export async function getRelatedProducts(id: string, limit = RELATED_PRODUCTS_LIMIT): Promise<ProductSummary[]> {
  try {
    const lang = await catalogLang();
    const data = await apiGet(`/products/${encodeURIComponent(id)}/related${toQueryString({ limit, lang })}`, {
      revalidate: 300,
      tags: [CATALOG_TAGS.products, CATALOG_TAGS.product(id)],
      timeoutMs: RELATED_PRODUCTS_TIMEOUT_MS,
    });
    return checked(productSummarySchema.array(), data.relatedProducts, 'products/{id}/related');
  } catch {
    return [];
  }
}
