/**
 * What the bench asks the API. The core rows are what the storefront asks most: the shop's
 * first page of 15, product pages (hundreds of different ids), three-filter searches and text
 * searches, each search request taking the next of the 200 real queries in query-mix.json;
 * and what the Medusa JS SDK asks of the commerce API (/store): a list of 15, product pages,
 * regions and carts of three lines (20 carts, each its own shopper's).
 * BENCH_SCENARIOS=all adds the signed-in, cart, reviews, categories and GST rows; a list of
 * row ids (`BENCH_SCENARIOS=list,store-list`) measures only those.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PAGE_LIMIT, SHOP_PAGE_SIZE } from '@vastra/contracts';
import type { Load } from './measure';
import { API_DIR, BENCH_PUBLISHABLE_KEY } from './targets';

/** `id`: what BENCH_SCENARIOS names it by. */
export type Scenario = { id: string; name: string; core: boolean; load: (ctx: Context) => Promise<Load> };

const storeHeaders = { 'x-publishable-api-key': BENCH_PUBLISHABLE_KEY };

/** Read once per API: ids of real products and the query mix. */
type Context = { url: string; ids: string[]; mix: QueryMix };

/** bench/query-mix.json, written by bench/make-query-mix.ts. */
export type QueryMix = { filters: string[]; search: string[] };

export function readQueryMix(): QueryMix {
  return JSON.parse(fs.readFileSync(path.join(API_DIR, 'bench/query-mix.json'), 'utf8')) as QueryMix;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { data?: T; message?: string };
  if (!res.ok || !body.data) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/** Up to 500 product ids: the first pages of several sort orders, so detail requests spread over the catalogue. */
export async function productIds(url: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const sort of ['rating', 'newest', 'price_asc', 'price_desc', 'discount']) {
    const data = await getJson<{ products: { id: string }[] }>(
      `${url}/products/search?limit=${MAX_PAGE_LIMIT}&sort=${sort}`,
    );
    for (const p of data.products) ids.add(p.id);
  }
  return [...ids];
}

/** Registers a throwaway shopper and returns the session token, for the signed-in row. */
async function benchToken(url: string): Promise<string> {
  const data = await getJson<{ token: string }>(`${url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Shopper',
      email: `bench.${Date.now()}@example.com`,
      password: 'bench password',
    }),
  });
  return data.token;
}

/** An in-stock size of each of `productIds` that has one. */
async function inStockVariants(url: string, productIds: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const id of productIds) {
    const { product } = await getJson<{ product: { variants: { id: string; inStock: boolean }[] } }>(
      `${url}/products/${id}`,
    );
    const variant = product.variants.find((v) => v.inStock);
    if (variant) found.push(variant.id);
  }
  return found;
}

/** `count` /store carts of one of each of `variantIds`, made as the Medusa JS SDK makes them; their ids. */
async function benchStoreCarts(url: string, variantIds: string[], count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/store/carts`, {
      method: 'POST',
      headers: { ...storeHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ items: variantIds.map((variant_id) => ({ variant_id, quantity: 1 })) }),
    });
    const body = (await res.json()) as { cart?: { id: string }; message?: string };
    if (!res.ok || !body.cart) throw new Error(`POST /store/carts: ${res.status} ${body.message ?? ''}`);
    ids.push(body.cart.id);
  }
  return ids;
}

/** A guest cart holding one in-stock size of each of `productIds`; returns the guest id that names it. */
async function benchGuestCart(url: string, productIds: string[]): Promise<string> {
  const guestId = `guest_${'bench'.padEnd(25, '0')}`;
  for (const id of productIds) {
    const { product } = await getJson<{ product: { variants: { id: string; inStock: boolean }[] } }>(
      `${url}/products/${id}`,
    );
    const variant = product.variants.find((v) => v.inStock);
    if (!variant) continue;
    await fetch(`${url}/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: id, variantId: variant.id, quantity: 1, guestId }),
    });
  }
  return guestId;
}

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'list',
    name: `list of ${SHOP_PAGE_SIZE} (the shop page)`,
    core: true,
    // Exactly what the storefront's shop page asks (lib/api/server/products.ts).
    load: async () => ({ paths: [`/products/search?page=1&limit=${SHOP_PAGE_SIZE}`] }),
  },
  {
    id: 'detail',
    name: 'product detail',
    core: true,
    load: async ({ ids }) => ({ paths: ids.map((id) => `/products/${id}`) }),
  },
  {
    id: 'filters',
    name: 'three filters (colour, size, gender), query mix',
    core: true,
    load: async ({ mix }) => ({ paths: mix.filters }),
  },
  {
    id: 'search',
    name: 'text search, query mix',
    core: true,
    load: async ({ mix }) => ({ paths: mix.search }),
  },
  {
    id: 'store-list',
    name: `/store/products?limit=${SHOP_PAGE_SIZE} (Medusa JS SDK)`,
    core: true,
    // What sdk.store.product.list({ limit: 15 }) asks: Medusa's default fields.
    load: async () => ({ paths: [`/store/products?limit=${SHOP_PAGE_SIZE}`], headers: storeHeaders }),
  },
  {
    id: 'store-detail',
    name: '/store/products/:id',
    core: true,
    load: async ({ ids }) => ({ paths: ids.map((id) => `/store/products/${id}`), headers: storeHeaders }),
  },
  {
    id: 'store-regions',
    name: '/store/regions',
    core: true,
    load: async () => ({ paths: ['/store/regions'], headers: storeHeaders }),
  },
  {
    id: 'store-cart',
    name: '/store/carts/:id, 3 lines, 20 carts',
    core: true,
    load: async ({ url, ids }) => {
      const carts = await benchStoreCarts(url, await inStockVariants(url, ids.slice(0, 3)), 20);
      return { paths: carts.map((id) => `/store/carts/${id}`), headers: storeHeaders };
    },
  },
  { id: 'categories', name: 'categories', core: false, load: async () => ({ paths: ['/categories'] }) },
  {
    id: 'me',
    name: 'signed-in /auth/me',
    core: false,
    load: async ({ url }) => ({ paths: ['/auth/me'], headers: { authorization: `Bearer ${await benchToken(url)}` } }),
  },
  {
    id: 'cart',
    name: 'guest cart, 3 lines',
    core: false,
    load: async ({ url, ids }) => ({ paths: [`/cart?guestId=${await benchGuestCart(url, ids.slice(0, 3))}`] }),
  },
  {
    id: 'reviews',
    name: 'reviews of a product',
    core: false,
    load: async ({ ids }) => ({ paths: ids.map((id) => `/reviews/product/${id}`) }),
  },
  {
    id: 'gst',
    name: 'GST quote, 3 lines (POST /taxes/calculate)',
    core: false,
    load: async ({ ids }) => ({
      paths: ['/taxes/calculate'],
      body: {
        subtotal: 4597,
        discountAmount: 300,
        stateCode: '29',
        items: ids.slice(0, 3).map((productId, i) => ({ productId, price: [1299, 999, 2299][i], quantity: 1 })),
      },
    }),
  },
];
