/**
 * What the bench asks the API. The core rows are what the storefront asks most: the shop's
 * first page of 15, product pages (hundreds of different ids), three-filter searches and text
 * searches, each search request taking the next of the 200 real queries in query-mix.json.
 * BENCH_SCENARIOS=all adds the signed-in, cart, reviews, categories and GST rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PAGE_LIMIT, SHOP_PAGE_SIZE } from '@vastra/contracts';
import type { Load } from './measure';
import { API_DIR } from './targets';

export type Scenario = { name: string; core: boolean; load: (ctx: Context) => Promise<Load> };

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
    name: `list of ${SHOP_PAGE_SIZE} (the shop page)`,
    core: true,
    // Exactly what the storefront's shop page asks (lib/api/server/products.ts).
    load: async () => ({ paths: [`/products/search?page=1&limit=${SHOP_PAGE_SIZE}`] }),
  },
  {
    name: 'product detail',
    core: true,
    load: async ({ ids }) => ({ paths: ids.map((id) => `/products/${id}`) }),
  },
  {
    name: 'three filters (colour, size, gender), query mix',
    core: true,
    load: async ({ mix }) => ({ paths: mix.filters }),
  },
  {
    name: 'text search, query mix',
    core: true,
    load: async ({ mix }) => ({ paths: mix.search }),
  },
  { name: 'categories', core: false, load: async () => ({ paths: ['/categories'] }) },
  {
    name: 'signed-in /auth/me',
    core: false,
    load: async ({ url }) => ({ paths: ['/auth/me'], headers: { authorization: `Bearer ${await benchToken(url)}` } }),
  },
  {
    name: 'guest cart, 3 lines',
    core: false,
    load: async ({ url, ids }) => ({ paths: [`/cart?guestId=${await benchGuestCart(url, ids.slice(0, 3))}`] }),
  },
  {
    name: 'reviews of a product',
    core: false,
    load: async ({ ids }) => ({ paths: ids.map((id) => `/reviews/product/${id}`) }),
  },
  {
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
