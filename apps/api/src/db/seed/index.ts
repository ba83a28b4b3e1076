/**
 * Seeding the store from the vendored Myntra-derived catalogue (`data-sources/catalog`, see
 * its README for sources, licences and the rules used here). Products are written by the
 * catalogue module's writer, by its rules (modules/catalog), as the admin's CSV import does;
 * a store owner's own CSV (`docs/importing-products.md`) is the catalogue module's import,
 * which `npm run import` (./import-cli.ts) calls.
 *
 * - `seedCatalog(db)`: the 400 styles that have photos; `{ full: true }`: all 44,446 (the
 *   others get a placeholder image). Idempotent: upserts on products.external_id,
 *   variants.sku, categories.slug and collections.slug, deletes nothing, so seeding the 400
 *   after a full import keeps the rest. A seeded row that was edited since is reset to the
 *   seed’s values (stock, prices, status). Categories and collections are written in one
 *   transaction, then the size charts that are missing (`./size-charts`), products in
 *   transactions of PRODUCTS_PER_TRANSACTION, then homepage sections, testimonials, the demo
 *   coupons and gift cards (unless `demoOffers: false`); then the search dictionary is rebuilt.
 * - `isCatalogEmpty(db)`: true when there is no product, for the first start's auto-seed.
 * - `seedOnFirstStart(db, options)`: what `npm start` does with an empty database (AUTO_SEED).
 */
import path from 'node:path';
import { chunk, refreshSearchTerms, writeProducts } from '../../modules/catalog';
import type { Db } from '../client';
import { products } from '../schema';
import { createBrandParser } from './brands';
import { buildCategoryTree, upsertCategoryTree } from './categories';
import {
  buildSections,
  COLLECTIONS,
  SHOWCASE,
  upsertCollections,
  upsertCoupons,
  upsertGiftCards,
  upsertSections,
  upsertTestimonials,
} from './content';
import { createPricer, PRICE_LEVELS, type PriceLevel } from './pricing';
import { photoUrl, productFromStyle } from './products';
import { insertSizeCharts } from './size-charts';
import { CATALOG_DIR, readListings, readPhotoIds, readStyles, TEST_RECORDS, type StyleRow } from './source';
import { pick } from './text';

export { CATALOG_DIR } from './source';

const PRODUCTS_PER_TRANSACTION = 5_000;

export type SeedOptions = {
  full?: boolean;
  /** Add the demo coupons and gift cards (default true); never in production, where they would hand out goods. */
  demoOffers?: boolean;
  /** Called with products written so far and the total, after each batch. */
  onProgress?: (done: number, total: number) => void;
};

export type SeedSummary = {
  products: number;
  variants: number;
  categories: number;
  collections: number;
  /** How many products took their price and sizes from each level of the fallback chain. */
  priceLevels: Record<PriceLevel, number>;
};

/** A worn garment makes a better banner or tile than a belt or a pair of socks. */
const isWorn = (s: StyleRow) =>
  s.masterCategory === 'Apparel' && ['Topwear', 'Dress', 'Saree', 'Apparel Set'].includes(s.subCategory);

/** Which photos may illustrate a showcase tile, and which of those to prefer. */
const SHOWCASE_PHOTOS: Record<
  (typeof SHOWCASE)[number]['title'],
  { match: (s: StyleRow) => boolean; prefer: (s: StyleRow) => boolean }
> = {
  Men: { match: (s) => s.gender === 'Men', prefer: isWorn },
  Women: { match: (s) => s.gender === 'Women', prefer: isWorn },
  Boys: { match: (s) => s.gender === 'Boys', prefer: isWorn },
  Girls: { match: (s) => s.gender === 'Girls', prefer: isWorn },
  Footwear: { match: (s) => s.masterCategory === 'Footwear', prefer: (s) => s.subCategory === 'Shoes' },
  Accessories: {
    match: (s) => s.masterCategory === 'Accessories',
    prefer: (s) =>
      ['Watches', 'Bags', 'Eyewear'].includes(s.subCategory) && (s.gender === 'Men' || s.gender === 'Women'),
  },
};

/** A photo picked by hash among the preferred styles if any, else among all (sorted by id, so file order does not matter). */
function pickPhoto(styles: readonly StyleRow[], key: string, prefer: (s: StyleRow) => boolean): string | null {
  const preferred = styles.filter(prefer);
  const ids = (preferred.length ? preferred : styles).map((s) => s.id).sort();
  return ids.length ? photoUrl(pick(ids, key)) : null;
}

export async function seedCatalog(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const allStyles = readStyles(path.join(CATALOG_DIR, 'myntra_styles.csv'));
  const styles = opts.full ? allStyles : readStyles(path.join(CATALOG_DIR, 'myntra_styles_with_images.csv'));
  const photoIds = readPhotoIds(CATALOG_DIR);
  const listings = readListings(CATALOG_DIR);
  // Brand spellings, category slugs and listing places come from the whole file, so the
  // 400-product store and the full catalogue give a style exactly the same rows.
  const ctx = {
    brandOf: createBrandParser(
      listings.map((l) => l.brand),
      allStyles.map((s) => s.productDisplayName),
    ),
    priceOf: createPricer(listings, allStyles),
    photoIds,
  };
  const inputs = styles.map((s) => productFromStyle(s, ctx));

  const usedKeys = new Set(
    inputs.flatMap((i) => {
      const [m, s] = i.categoryKey.split('|');
      return [m!, `${m}|${s}`, i.categoryKey];
    }),
  );
  // Photos that may stand for a category, collection or showcase tile.
  const showable = new Set([...photoIds].filter((id) => !TEST_RECORDS.has(id)));
  const nodes = buildCategoryTree(allStyles, showable, photoUrl).filter((n) => usedKeys.has(n.key));

  const collectionImages = new Map<string, string | null>();
  for (const c of COLLECTIONS) {
    const members = styles.filter((s, i) => inputs[i]!.collectionSlugs.includes(c.slug));
    if (!members.length) continue;
    const photos = members.filter((s) => showable.has(s.id));
    collectionImages.set(c.slug, pickPhoto(photos, `collection:${c.slug}`, isWorn));
  }
  const withPhoto = styles.filter((s) => showable.has(s.id));
  const showcaseImages = new Map<string, string>();
  for (const tile of SHOWCASE) {
    const { match, prefer } = SHOWCASE_PHOTOS[tile.title];
    const image = pickPhoto(withPhoto.filter(match), `showcase:${tile.title}`, prefer);
    if (image) showcaseImages.set(tile.title, image);
  }

  const { categoryIds, collectionIds } = await db.transaction(async (tx) => ({
    categoryIds: await upsertCategoryTree(tx, nodes),
    collectionIds: await upsertCollections(tx, collectionImages),
  }));
  await insertSizeCharts(db, categoryIds);

  let done = 0;
  let variants = 0;
  opts.onProgress?.(0, inputs.length);
  for (const group of chunk(inputs, PRODUCTS_PER_TRANSACTION)) {
    variants += await db.transaction((tx) =>
      writeProducts(tx, group, categoryIds, (n) => {
        done += n;
        opts.onProgress?.(done, inputs.length);
      }),
    );
  }

  await db.transaction(async (tx) => {
    await upsertSections(
      tx,
      buildSections({ collection: collectionImages, showcase: showcaseImages }, new Set(nodes.map((n) => n.slug))),
    );
    await upsertTestimonials(tx);
    if (opts.demoOffers ?? true) {
      await upsertCoupons(tx);
      await upsertGiftCards(tx);
    }
  });
  await refreshSearchTerms(db);

  const priceLevels = Object.fromEntries(PRICE_LEVELS.map((l) => [l, 0])) as Record<PriceLevel, number>;
  for (const i of inputs) priceLevels[i.priceLevel]++;
  return { products: inputs.length, variants, categories: nodes.length, collections: collectionIds.size, priceLevels };
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/**
 * The first start's auto-seed: the 400-product store into an empty database when `autoSeed`
 * (config AUTO_SEED), with the demo coupons and gift cards only when `demoOffers` (never in
 * production). Returns the summary, or null when nothing was seeded.
 */
export async function seedOnFirstStart(
  db: Db,
  opts: { autoSeed: boolean; demoOffers: boolean },
): Promise<SeedSummary | null> {
  if (!opts.autoSeed || !(await isCatalogEmpty(db))) return null;
  return seedCatalog(db, { demoOffers: opts.demoOffers });
}
