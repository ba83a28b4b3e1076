/**
 * The seed and the CSV import against a real (in-memory PGlite) database: the 400-product
 * store, its invariants (prices in paise, price ≤ MRP, variants, category tree, content),
 * idempotence, and the import of the example CSV and of a CSV with a bad row.
 * Run: `cd apps/api && node --import tsx --test src/db/seed/seed.test.ts`
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { MEMORY, openDatabase, type Database, type Db } from '../client';
import { createBrandParser } from './brands';
import { buildSearchText, CsvImportError, importProductsCsv, singular, slugify } from '../../modules/catalog';
import { CATALOG_DIR, isCatalogEmpty, seedCatalog, type SeedSummary } from './index';
import { hash } from './text';
import { SECTION_TYPES } from '@vastra/contracts';

const EXAMPLE_CSV = path.resolve(CATALOG_DIR, '../examples/products-example.csv');

/** The vendored file behind a `/media/products/<id>.jpg` URL (the API serves it from images/). */
const photoFile = (url: string): string => path.join(CATALOG_DIR, 'images', url.replace(/^\/media\/products\//, ''));

async function rows<T>(db: Db, query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

async function count(db: Db, query: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row!.n);
}

/** A fingerprint of everything the seed writes, to compare two runs. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    products: `select md5(string_agg(concat_ws('|', id, external_id, slug, brand, price_paise, mrp_paise, discount_percent, rating_average, rating_count, sizes::text, in_stock, category_id, images::text, search_text, created_at, updated_at), ',' order by external_id)) as v from products`,
    variants: `select md5(string_agg(concat_ws('|', id, sku, product_id, size, price_paise, mrp_paise, stock, position), ',' order by sku)) as v from variants`,
    categories: `select md5(string_agg(concat_ws('|', id, slug, name, parent_id, level, image, position), ',' order by slug)) as v from categories`,
    collections: `select md5(string_agg(concat_ws('|', id, slug, image, position), ',' order by slug)) as v from collections`,
    links: `select count(*)::text as v from product_collections`,
    sections: `select md5(string_agg(concat_ws('|', id, section_type, position, content::text), ',' order by position)) as v from homepage_sections`,
    testimonials: `select md5(string_agg(concat_ws('|', id, name, city), ',' order by position)) as v from testimonials`,
    coupons: `select md5(string_agg(concat_ws('|', id, code, discount_type, discount_value, max_discount_paise, min_order_paise, is_active, usage_limit, usage_limit_per_user, first_order_only, category_ids::text), ',' order by code)) as v from coupons`,
    giftCards: `select md5(string_agg(concat_ws('|', id, code, initial_balance_paise, balance_paise, is_active), ',' order by code)) as v from gift_cards`,
  };
  const out: Record<string, string> = {};
  for (const [key, query] of Object.entries(queries)) out[key] = (await rows<{ v: string }>(db, query))[0]!.v;
  return out;
}

describe('text helpers', () => {
  test('FNV-1a is the standard 32-bit hash', () => {
    assert.equal(hash(''), 0x811c9dc5);
    assert.equal(hash('a'), 0xe40c292c);
    assert.equal(hash('foobar'), 0xbf9cf968);
  });

  test('slugs, singulars and search text', () => {
    assert.equal(slugify("Levi's Men T-Shirts & Tops"), 'levis-men-t-shirts-tops');
    assert.equal(singular('Watches'), 'watch');
    assert.equal(singular('Jeans'), 'jeans');
    assert.equal(singular('Tshirts'), 'tshirt');
    const text = buildSearchText(['Nike Men Blue T-Shirts', 'Nike', 'T-Shirts'], 'Tshirts');
    assert.equal(text, 'nike men blue t-shirts tshirts tshirt');
  });

  test('brands: known names first, then the words before the gender', () => {
    const titles = [
      'United Colors of Benetton Men Blue Shirt',
      'Turtle Check Men Navy Blue Shirt',
      'Red Tape Black Men Shoes',
      'Catwalk Heels',
    ];
    const brandOf = createBrandParser(['united colors of benetton', 'United'], titles);
    assert.deepEqual(titles.map(brandOf), ['United Colors of Benetton', 'Turtle', 'Red Tape', 'Catwalk']);
  });
});

describe('seed and import on PGlite', () => {
  let database: Database;
  let db: Db;
  let summary: SeedSummary;

  before(async () => {
    database = await openDatabase({ dataDir: MEMORY });
    await database.migrate();
    db = database.db;
    assert.equal(await isCatalogEmpty(db), true);
    summary = await seedCatalog(db);
  });
  after(() => database.close());

  test('seeds the 400 styles that have photos, with their real names, brands and colours', async () => {
    assert.equal(summary.products, 400);
    assert.equal(await isCatalogEmpty(db), false);
    assert.equal(await count(db, 'select count(*) as n from products'), 400);
    const [nike] = await rows<{
      name: string;
      brand: string;
      color: string;
      gender: string;
      images: { url: string }[];
    }>(db, `select name, brand, color, gender, images from products where external_id = '10011'`);
    assert.deepEqual(
      { ...nike, images: nike!.images.map((i) => i.url) },
      {
        name: 'Nike Men Grey Melange Track Pants',
        brand: 'Nike',
        color: 'Grey Melange',
        gender: 'Men',
        images: ['/media/products/10011.jpg'],
      },
    );
    const products = await rows<{ external_id: string; brand: string; images: { url: string; isPrimary: boolean }[] }>(
      db,
      'select external_id, brand, images from products',
    );
    for (const p of products) {
      assert.ok(p.brand.length > 0, `${p.external_id} has a brand`);
      assert.equal(p.images.length, 1);
      assert.equal(p.images[0]!.isPrimary, true);
      assert.equal(p.images[0]!.url, `/media/products/${p.external_id}.jpg`);
      assert.ok(fs.existsSync(photoFile(p.images[0]!.url)), `photo of ${p.external_id}`);
    }
    assert.ok(new Set(products.map((p) => p.brand)).size > 50, 'many brands');
    assert.equal(
      await count(db, `select count(*) as n from products where not is_active`),
      1,
      'the test record 12348 is hidden',
    );
    assert.equal(
      Object.values(summary.priceLevels).reduce((a, b) => a + b, 0),
      400,
    );
  });

  test('every product has variants, integer paise and a price not above its MRP', async () => {
    assert.equal(await count(db, 'select count(*) as n from variants'), summary.variants);
    assert.equal(
      await count(
        db,
        'select count(*) as n from products p where not exists (select 1 from variants v where v.product_id = p.id)',
      ),
      0,
    );
    assert.equal(
      await count(db, 'select count(*) as n from products where price_paise <= 0 or price_paise > mrp_paise'),
      0,
    );
    assert.equal(
      await count(
        db,
        'select count(*) as n from variants where price_paise <= 0 or price_paise > mrp_paise or stock < 0 or stock > 40',
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        'select count(*) as n from products where discount_percent <> round((mrp_paise - price_paise) * 100.0 / mrp_paise)',
      ),
      0,
    );
    assert.equal(
      await count(
        db,
        'select count(*) as n from products where rating_average < 1 or rating_average > 5 or rating_count < 1',
      ),
      0,
    );
    const mismatched = await count(
      db,
      `select count(*) as n from products p where p.sizes <> (select array_agg(v.size order by v.position) from variants v where v.product_id = p.id)
         or p.in_stock <> exists (select 1 from variants v where v.product_id = p.id and v.stock > 0)`,
    );
    assert.equal(mismatched, 0, 'sizes and in_stock follow the variants');
    assert.ok(
      (await count(db, 'select count(*) as n from variants where stock = 0')) > 0,
      'some sizes are out of stock',
    );
    assert.ok(
      (await count(db, `select count(*) as n from variants where sku ~ '^VST-[0-9]+-[A-Z0-9.-]+$'`)) ===
        summary.variants,
    );
  });

  test('the category tree has three levels and unique slugs', async () => {
    const categories = await rows<{ id: string; slug: string; level: string; parent_level: string | null }>(
      db,
      'select c.id, c.slug, c.level, p.level as parent_level from categories c left join categories p on p.id = c.parent_id',
    );
    assert.equal(categories.length, summary.categories);
    assert.equal(new Set(categories.map((c) => c.slug)).size, categories.length);
    const expectedParent: Record<string, string | null> = { master: null, sub: 'master', article: 'sub' };
    for (const c of categories) assert.equal(c.parent_level, expectedParent[c.level], `parent of ${c.slug}`);
    assert.deepEqual(new Set(categories.map((c) => c.level)), new Set(['master', 'sub', 'article']));
    assert.equal(
      await count(
        db,
        `select count(*) as n from products p join categories c on c.id = p.category_id where c.level <> 'article'`,
      ),
      0,
    );
    const slugs = new Set(categories.map((c) => c.slug));
    for (const s of ['apparel', 'footwear', 'accessories', 'tshirts', 'kurtas', 'watches', 'casual-shoes'])
      assert.ok(slugs.has(s), s);
  });

  test('collections, homepage sections, testimonials, coupons and gift cards are seeded', async () => {
    const collections = await rows<{ slug: string; image: string | null; n: string }>(
      db,
      'select c.slug, c.image, count(pc.product_id) as n from collections c left join product_collections pc on pc.collection_id = c.id group by c.slug, c.image',
    );
    assert.equal(collections.length, summary.collections);
    assert.ok(collections.some((c) => c.slug === 'ethnic-wear'));
    for (const c of collections) {
      assert.ok(Number(c.n) > 0, `${c.slug} has products`);
      assert.match(c.image ?? '', /^\/media\/products\/\d+\.jpg$/);
    }

    const sections = await rows<{ section_type: string; position: number; content: Record<string, unknown> }>(
      db,
      'select section_type, position, content from homepage_sections order by position',
    );
    assert.deepEqual(new Set(sections.map((s) => s.section_type)), new Set(SECTION_TYPES));
    assert.deepEqual(
      sections.map((s) => s.position),
      sections.map((_, i) => i + 1),
    );
    const slugs = new Set((await rows<{ slug: string }>(db, 'select slug from categories')).map((r) => r.slug));
    const collectionSlugs = new Set(collections.map((c) => c.slug));
    for (const s of sections) {
      if (s.section_type === 'featured_categories') {
        const featured = s.content.categorySlugs as string[];
        assert.ok(featured.length >= 6);
        for (const slug of featured) assert.ok(slugs.has(slug), slug);
      }
      if (s.section_type === 'collection_highlight') assert.ok(collectionSlugs.has(s.content.collectionSlug as string));
      if (s.section_type === 'hero') {
        for (const slide of s.content.slides as { image: string }[])
          assert.ok(fs.existsSync(photoFile(slide.image)), slide.image);
      }
    }
    assert.equal(await count(db, 'select count(*) as n from testimonials'), 6);
    assert.deepEqual(
      (await rows<{ code: string }>(db, 'select code from coupons where is_active order by code')).map((c) => c.code),
      ['EARLY100', 'FESTIVE300', 'FIRSTORDER', 'FOOTWEAR20', 'STYLE15', 'WELCOME10'],
    );
    const [footwear] = await rows<{ slugs: string[] }>(
      db,
      `select array(select c.slug from categories c where c.id = any(k.category_ids)) as slugs from coupons k where k.code = 'FOOTWEAR20'`,
    );
    assert.deepEqual(footwear!.slugs, ['footwear']);
    assert.deepEqual(
      await rows<{ code: string; initial: number; balance: number }>(
        db,
        'select code, initial_balance_paise as initial, balance_paise as balance from gift_cards where is_active order by initial_balance_paise',
      ),
      [
        { code: 'VASTRA-GIFT-100-3Z9E-838K', initial: 100_00, balance: 100_00 },
        { code: 'VASTRA-GIFT-500-ZRT7-25B4', initial: 500_00, balance: 500_00 },
        { code: 'VASTRA-GIFT-2000-29PE-EQ7H', initial: 2_000_00, balance: 2_000_00 },
      ],
    );
    assert.ok(
      (await count(db, `select count(*) as n from search_terms where term in ('tshirt', 'tshirts', 'nike')`)) === 3,
    );
  });

  test('a second run changes nothing and duplicates nothing', async () => {
    const first = await snapshot(db);
    const again = await seedCatalog(db);
    assert.deepEqual(again, summary);
    assert.deepEqual(await snapshot(db), first);
  });

  test('imports the example CSV, reusing existing categories', async () => {
    const categoriesBefore = await count(db, 'select count(*) as n from categories');
    const result = await importProductsCsv(db, EXAMPLE_CSV);
    assert.deepEqual(result, { products: 4, variants: 12 });
    assert.equal(await count(db, 'select count(*) as n from categories'), categoriesBefore);

    const [kurta] = await rows<{
      price_paise: number;
      mrp_paise: number;
      discount_percent: number;
      stocks: number[];
      category: string;
      in_stock: boolean;
      hsn_code: string;
    }>(
      db,
      `select p.price_paise, p.mrp_paise, p.discount_percent, p.in_stock, p.hsn_code, c.slug as category,
              (select array_agg(v.stock order by v.position) from variants v where v.product_id = p.id) as stocks
         from products p join categories c on c.id = p.category_id where p.external_id = 'EX-001'`,
    );
    assert.deepEqual(kurta, {
      price_paise: 89900,
      mrp_paise: 149900,
      discount_percent: 40,
      stocks: [10, 8, 0, 4],
      category: 'kurtas',
      in_stock: true,
      hsn_code: '6204',
    });
    const [shirt] = await rows<{ price_paise: number; description: string; gender: string }>(
      db,
      `select price_paise, description, gender from products where external_id = 'EX-002'`,
    );
    assert.deepEqual(shirt, {
      price_paise: 129950,
      description: 'White shirt for men from Example Label, for everyday wear. Summer 2025 collection.',
      gender: 'Men',
    });
    const [sneakers] = await rows<{ in_stock: boolean; gender: string }>(
      db,
      `select in_stock, gender from products where external_id = 'EX-004'`,
    );
    assert.deepEqual(sneakers, { in_stock: false, gender: 'Girls' });
    // The listing's legal details: an imported backpack names its importer; an empty cell states none.
    const legal = await rows<{ external_id: string; country_of_origin: string | null; importer: string | null }>(
      db,
      `select external_id, country_of_origin, importer from products where external_id in ('EX-003', 'EX-004') order by external_id`,
    );
    assert.deepEqual(legal, [
      {
        external_id: 'EX-003',
        country_of_origin: 'China',
        importer: 'Example Label Imports LLP, 5 Dock Road, Mumbai, Maharashtra 400009',
      },
      { external_id: 'EX-004', country_of_origin: null, importer: null },
    ]);

    assert.deepEqual(await importProductsCsv(db, EXAMPLE_CSV), result, 'importing twice');
    assert.equal(await count(db, `select count(*) as n from products where external_id like 'EX-%'`), 4);
  });

  test('creates missing categories with unique slugs', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-import-')), 'new.csv');
    fs.writeFileSync(
      file,
      'external_id,name,brand,gender,master_category,sub_category,article_type,color,sizes,price_inr,mrp_inr,stock\n' +
        'NEW-1,Smart Band,Acme,Unisex,Gadgets,Wearables,Watches,Black,Free Size,2999,3999,7\n',
    );
    await importProductsCsv(db, file);
    const tree = await rows<{ slug: string; level: string }>(
      db,
      `select c.slug, c.level from categories c where c.id in (
         select a.id from products p join categories a on a.id = p.category_id where p.external_id = 'NEW-1'
         union select s.id from products p join categories a on a.id = p.category_id join categories s on s.id = a.parent_id where p.external_id = 'NEW-1'
         union select m.id from products p join categories a on a.id = p.category_id join categories s on s.id = a.parent_id join categories m on m.id = s.parent_id where p.external_id = 'NEW-1')
       order by c.level`,
    );
    assert.deepEqual(tree, [
      { slug: 'wearables-watches', level: 'article' },
      { slug: 'gadgets', level: 'master' },
      { slug: 'wearables', level: 'sub' },
    ]);
  });

  test('refuses a CSV with a bad row, naming its line, and imports nothing', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-import-')), 'bad.csv');
    fs.writeFileSync(
      file,
      [
        'external_id,name,brand,gender,master_category,sub_category,article_type,color,sizes,price_inr,mrp_inr,stock',
        'GOOD-1,Good Shirt,Acme,Men,Apparel,Topwear,Shirts,Blue,S|M,499,999,5',
        'BAD-1,Bad Shirt,Acme,Men,Apparel,Topwear,Shirts,Blue,S|M,1499,999,5',
        '',
      ].join('\n'),
    );
    const before = await count(db, 'select count(*) as n from products');
    await assert.rejects(importProductsCsv(db, file), (err: unknown) => {
      assert.ok(err instanceof CsvImportError);
      assert.deepEqual(err.problems, [{ line: 3, message: 'mrp_inr: must not be less than price_inr (got "999")' }]);
      assert.match(err.message, /line 3: mrp_inr/);
      return true;
    });
    assert.equal(await count(db, 'select count(*) as n from products'), before);
    assert.equal(await count(db, `select count(*) as n from products where external_id = 'GOOD-1'`), 0);
  });
});
