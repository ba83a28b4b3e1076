/**
 * Writes bench/query-mix.json, the searches the bench sends: 200 different three-filter
 * queries (colour, size, gender, a quarter of them with a category, a brand or a price band
 * as well, some sorted) and 200 different text searches (words of real product names, brands
 * and categories, some with a filter). Every value is drawn from a real in-stock variant of the
 * full catalogue, so each filter combination occurs in the store.
 *
 * Run once, after `npm run bench` seeded the full catalogue into PostgreSQL (BENCH_TARGETS=pg-full):
 * `cd apps/api && npx tsx bench/make-query-mix.ts [postgres-url]`
 * (default postgres://postgres@127.0.0.1:5432/bench_full). Deterministic for a given catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { QueryMix } from './scenarios';
import { API_DIR } from './targets';

const COUNT = 200;
const SORTS = ['newest', 'price_asc', 'price_desc', 'rating', 'discount'];
/** Price bands in rupees, as a shopper picks them. */
const BANDS: [number, number][] = [
  [0, 499],
  [500, 999],
  [1000, 1999],
  [2000, 4999],
  [5000, 50000],
];

type Variant = {
  gender: string;
  color: string;
  size: string;
  brand: string;
  name: string;
  category: string;
  categoryName: string;
  rupees: number;
};

/** mulberry32: a small seeded generator, so the mix is the same on every machine. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const query = (params: Record<string, string | number>) =>
  `/products/search?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

function filterQuery(v: Variant, i: number, rnd: () => number): string {
  const params: Record<string, string | number> = { colors: v.color, sizes: v.size, gender: v.gender };
  if (i % 4 === 1) params.categories = v.category;
  if (i % 4 === 2) params.brands = v.brand;
  if (i % 4 === 3) {
    const [min, max] = BANDS.find(([, hi]) => v.rupees <= hi) ?? BANDS.at(-1)!;
    Object.assign(params, { minPrice: min, maxPrice: max });
  }
  if (i % 3 === 0) params.sort = SORTS[Math.floor(rnd() * SORTS.length)]!;
  return query(params);
}

function searchQuery(v: Variant, i: number): string {
  const words = v.name
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => /^[a-z-]+$/.test(w));
  const text = [
    words.at(-1) ?? v.categoryName.toLowerCase(),
    words.slice(-2).join(' '),
    v.brand.toLowerCase(),
    `${v.color.toLowerCase()} ${v.categoryName.toLowerCase()}`,
  ][i % 4]!;
  const params: Record<string, string | number> = { search: text };
  if (i % 3 === 1) params.gender = v.gender;
  return query(params);
}

async function main(): Promise<void> {
  const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/bench_full';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<Variant>(`
    SELECT p.gender, p.color, v.size, p.brand, p.name, c.slug AS category, c.name AS "categoryName",
           p.price_paise / 100 AS rupees
      FROM variants v JOIN products p ON p.id = v.product_id JOIN categories c ON c.id = p.category_id
     WHERE p.status = 'active' AND v.stock > 0
     ORDER BY v.sku`);
  await client.end();
  if (rows.length < 10_000) throw new Error(`${url} holds ${rows.length} variants: seed the full catalogue first`);

  const rnd = random(17);
  const collect = (make: (v: Variant, i: number) => string): string[] => {
    const out = new Set<string>();
    for (let tries = 0; out.size < COUNT && tries < COUNT * 50; tries++) {
      out.add(make(rows[Math.floor(rnd() * rows.length)]!, out.size));
    }
    return [...out];
  };
  const mix: QueryMix & { about: string } = {
    about: 'Written by bench/make-query-mix.ts from the full catalogue; every request of a search row takes the next.',
    filters: collect((v, i) => filterQuery(v, i, rnd)),
    search: collect(searchQuery),
  };
  fs.writeFileSync(path.join(API_DIR, 'bench/query-mix.json'), `${JSON.stringify(mix, null, 2)}\n`);
  console.log(`Wrote ${mix.filters.length} filter and ${mix.search.length} text queries.`);
}

await main();
