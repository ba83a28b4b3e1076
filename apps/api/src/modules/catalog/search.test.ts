/**
 * GET /products/search through HTTP on a real, seeded database (PGlite, or PostgreSQL when
 * DATABASE_URL is set; TEST_CATALOG=full runs the same checks on all 44,446 styles).
 *
 * @postgres: the full catalogue on a server database (npm run test:postgres).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MAX_PAGE_LIMIT, SHOP_PAGE_SIZE, type ProductSearchResult, type ProductSummary } from '@vastra/contracts';
import { ADMIN_API_PREFIX } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createTestApp, getJson, type TestContext } from '../../test/harness';
import { asStaff, staffOfRole } from '../../test/staff';

type SearchBody = { success: boolean; message?: string; data: ProductSearchResult };

let ctx: TestContext;
let app: FastifyInstance;

before(async () => {
  ctx = await createTestApp();
  app = ctx.app;
});
after(async () => ctx?.close());

async function search(query: string): Promise<ProductSearchResult> {
  const { status, body } = await getJson<SearchBody>(app, `/products/search?${query}`);
  assert.equal(status, 200, `${query}: ${JSON.stringify(body).slice(0, 200)}`);
  assert.equal(body.success, true);
  return body.data;
}

/**
 * The products of a query, page by page at the largest page size: all of them on the
 * 400-product store, the first five pages on the full catalogue.
 */
async function all(query: string, maxPages = 5): Promise<{ products: ProductSummary[]; total: number }> {
  const first = await search(`${query}&limit=${MAX_PAGE_LIMIT}&page=1`);
  const products = [...first.products];
  const last = Math.min(first.meta.totalPages, maxPages);
  for (let page = 2; page <= last; page++) {
    products.push(...(await search(`${query}&limit=${MAX_PAGE_LIMIT}&page=${page}`)).products);
  }
  if (last === first.meta.totalPages) assert.equal(products.length, first.meta.total);
  return { products, total: first.meta.total };
}

function isSorted<T>(list: T[], key: (t: T) => number, direction: 'asc' | 'desc'): boolean {
  return list.every(
    (item, i) => i === 0 || (direction === 'asc' ? key(list[i - 1]!) <= key(item) : key(list[i - 1]!) >= key(item)),
  );
}

describe('envelope, paging and meta', () => {
  test('default page: 15 products, meta and facets', async () => {
    const { body } = await getJson<SearchBody>(app, '/products/search');
    assert.equal(body.success, true);
    const { products, meta, filters } = body.data;
    assert.equal(products.length, SHOP_PAGE_SIZE);
    assert.equal(meta.page, 1);
    assert.equal(meta.limit, SHOP_PAGE_SIZE);
    const [active] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM products WHERE is_active`,
    );
    assert.equal(meta.total, active!.n);
    assert.ok(meta.total >= 399, 'the 400-product store, less one Myntra test record');
    assert.equal(meta.totalPages, Math.ceil(meta.total / SHOP_PAGE_SIZE));
    const p = products[0]!;
    for (const field of [
      'id',
      'slug',
      'name',
      'brand',
      'gender',
      'color',
      'category',
      'price',
      'mrp',
      'discountPercent',
      'rating',
      'primaryImage',
      'sizes',
      'inStock',
    ]) {
      assert.ok(field in p, `product card has ${field}`);
    }
    assert.match(p.primaryImage!.url, /^http:\/\/api\.test\/media\//);
    assert.ok(p.price <= p.mrp);
    assert.ok(filters.priceRange.min <= filters.priceRange.max);
    for (const facet of ['colors', 'sizes', 'categories', 'collections', 'brands'] as const) {
      assert.ok(filters[facet].length > 0, `${facet} facet is filled`);
    }
  });

  test('pages do not overlap and cover the result', async () => {
    const first = await search('limit=10&page=1&sort=price_asc');
    const second = await search('limit=10&page=2&sort=price_asc');
    const ids = new Set(first.products.map((p) => p.id));
    assert.equal(second.products.length, 10);
    assert.ok(second.products.every((p) => !ids.has(p.id)));
    const beyond = await search(`limit=10&page=${first.meta.totalPages + 1}`);
    assert.equal(beyond.products.length, 0);
    assert.equal(beyond.meta.total, first.meta.total);
  });

  test('a limit above the maximum is clamped, not refused', async () => {
    const data = await search('limit=100000');
    assert.equal(data.meta.limit, MAX_PAGE_LIMIT);
    assert.equal(data.products.length, MAX_PAGE_LIMIT);
  });

  for (const [query, fragment] of [
    ['page=-1', 'page must be 1 or more'],
    ['page=abc', 'page must be a number'],
    ['limit=0', 'limit must be 1 or more'],
    ['minPrice=abc', 'minPrice must be a number'],
    ['maxPrice=-5', 'maxPrice must be 0 or more'],
    ['minPrice=900&maxPrice=100', 'minPrice must not be more than maxPrice'],
    ['sort=cheapest', 'sort'],
    ['onSale=maybe', 'must be true or false'],
    ['gender=aliens', 'gender must be one of Men, Women, Unisex, Boys, Girls'],
  ]) {
    test(`400 with a clear message for ${query}`, async () => {
      const { status, body } = await getJson<{ success: boolean; message: string }>(app, `/products/search?${query}`);
      assert.equal(status, 400);
      assert.equal(body.success, false);
      assert.ok(body.message.includes(fragment!), body.message);
    });
  }
});

describe('filters', () => {
  test('colour alone', async () => {
    const { products } = await all('colors=Blue');
    assert.ok(products.length > 0);
    assert.ok(products.every((p) => p.color === 'Blue'));
  });

  test('several colours (comma-separated) are either-or', async () => {
    const blue = (await search('colors=Blue')).meta.total;
    assert.ok(blue > 0);
    const black = (await search('colors=Black')).meta.total;
    assert.equal((await search('colors=Blue,Black')).meta.total, blue + black);
  });

  test('size alone', async () => {
    const { products } = await all('sizes=M');
    assert.ok(products.length > 0);
    assert.ok(products.every((p) => p.sizes.includes('M')));
  });

  test('a size filter means "available in that size": a sold-out M is neither matched nor counted', async () => {
    // A product in stock in M and in another size, so that it stays listed once M sells out.
    const [row] = await queryRows<{ product_id: string; variant_id: string; stock: number }>(
      ctx.database.db,
      sql`SELECT v.product_id, v.id AS variant_id, v.stock FROM variants v JOIN products p ON p.id = v.product_id
          WHERE p.is_active AND v.size = 'M' AND v.stock > 0
            AND EXISTS (SELECT 1 FROM variants o WHERE o.product_id = p.id AND o.size <> 'M' AND o.stock > 0)
          ORDER BY p.id LIMIT 1`,
    );
    assert.ok(row, 'a product in stock in M and another size');
    const sizeCount = async (query: string, size: string) =>
      (await search(query)).filters.sizes.find((f) => f.value === size)?.count ?? 0;
    const listed = async (query: string) => (await all(query, 1_000)).products.some((p) => p.id === row.product_id);
    const [product] = await queryRows<{ brand: string }>(
      ctx.database.db,
      sql`SELECT brand FROM products WHERE id = ${row.product_id}::uuid`,
    );
    const ofBrand = `brands=${encodeURIComponent(product!.brand)}`;
    const before = { m: await sizeCount(ofBrand, 'M'), total: (await search(`${ofBrand}&sizes=M`)).meta.total };
    assert.equal(await listed(`${ofBrand}&sizes=M`), true);

    const owner = await staffOfRole(ctx, 'owner');
    const setStock = async (quantity: number) => {
      const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/variants/${row.variant_id}/stock`, {
        mode: 'set',
        quantity,
        reason: quantity === 0 ? 'damaged' : 'received',
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    await setStock(0);
    try {
      assert.equal(await listed(`${ofBrand}&sizes=M`), false, 'a sold-out M does not match sizes=M');
      assert.equal((await search(`${ofBrand}&sizes=M`)).meta.total, before.total - 1);
      assert.equal(await sizeCount(ofBrand, 'M'), before.m - 1, 'nor counts in the M facet');
      assert.equal(await listed(ofBrand), true, 'the product is still listed, in its other sizes');
      // With M ticked, the size facet still counts without its own filter: M one fewer.
      assert.equal(await sizeCount(`${ofBrand}&sizes=M`, 'M'), before.m - 1);
    } finally {
      await setStock(row.stock);
    }
    assert.equal(await listed(`${ofBrand}&sizes=M`), true, 'back in stock, M matches again');
  });

  test('brand alone', async () => {
    const { filters } = await search('');
    const brand = filters.brands[0]!;
    const { products, total } = await all(`brands=${encodeURIComponent(brand.value)}`);
    assert.equal(total, brand.count);
    assert.ok(products.every((p) => p.brand === brand.value));
  });

  test('gender alone, case-insensitive', async () => {
    const { products } = await all('gender=women');
    assert.ok(products.length > 0);
    assert.ok(products.every((p) => p.gender === 'Women'));
  });

  test('category by article type, and by a parent category', async () => {
    const { filters } = await search('');
    const category = filters.categories[0]!;
    const { products, total } = await all(`categories=${category.slug}`);
    assert.equal(total, category.count);
    assert.ok(products.every((p) => p.category.slug === category.slug));

    const tree = (await getJson<{ data: { categories: { slug: string; productCount: number }[] } }>(app, '/categories'))
      .body.data.categories;
    const master = tree[0]!;
    assert.equal((await search(`categories=${master.slug}`)).meta.total, master.productCount);
  });

  test('collection alone', async () => {
    const { filters } = await search('');
    const collection = filters.collections[0]!;
    assert.equal((await search(`collections=${collection.slug}`)).meta.total, collection.count);
  });

  test('price range in rupees, bounds included', async () => {
    const { products } = await all('minPrice=500&maxPrice=1500');
    assert.ok(products.length > 0);
    assert.ok(products.every((p) => p.price >= 500 && p.price <= 1500));
    // The range offered is the span without the price filter (facets that widen).
    const { filters } = await search('minPrice=500&maxPrice=1500');
    assert.deepEqual(filters.priceRange, (await search('')).filters.priceRange);
  });

  test('on sale, under either name', async () => {
    const { products, total } = await all('onSale=true');
    assert.ok(products.length > 0);
    assert.ok(products.every((p) => p.isOnSale && p.price < p.mrp));
    assert.equal((await search('isOnSale=true')).meta.total, total);
  });

  test('filters combine (and each value must hold)', async () => {
    const query = 'gender=Men&colors=Blue,Black&maxPrice=2000&onSale=true';
    const { products } = await all(query);
    assert.ok(products.length > 0);
    assert.ok(
      products.every((p) => p.gender === 'Men' && ['Blue', 'Black'].includes(p.color) && p.price <= 2000 && p.isOnSale),
    );
  });

  test('facet counts match the filtered result', async () => {
    const query = 'gender=Women&onSale=true';
    const { filters, meta } = await search(query);
    const sum = (list: { count: number }[]) => list.reduce((s, f) => s + f.count, 0);
    assert.equal(sum(filters.colors), meta.total);
    assert.equal(sum(filters.brands), meta.total);
    assert.equal(sum(filters.categories), meta.total);
    // The gender facet leaves out its own filter (facets that widen): Women counts the result.
    assert.equal(filters.genders.find((g) => g.value === 'Women')?.count, meta.total);
    assert.equal(sum(filters.genders), (await search('onSale=true')).meta.total);
    assert.equal(filters.onSale, meta.total);
    // Each facet value, added as a filter, yields exactly its count.
    const color = filters.colors[0]!;
    assert.equal((await search(`${query}&colors=${encodeURIComponent(color.value)}`)).meta.total, color.count);
    const size = filters.sizes[0]!;
    assert.equal((await search(`${query}&sizes=${encodeURIComponent(size.value)}`)).meta.total, size.count);
    const collection = filters.collections[0]!;
    assert.equal((await search(`${query}&collections=${collection.slug}`)).meta.total, collection.count);
  });

  test('a filter that matches nothing gives an empty page, zero counts and empty facets but its own', async () => {
    const data = await search('colors=Ultraviolet');
    assert.equal(data.meta.total, 0);
    assert.equal(data.meta.totalPages, 0);
    assert.deepEqual(data.products, []);
    assert.deepEqual(data.filters.sizes, []);
    assert.deepEqual(data.filters.brands, []);
    assert.equal(data.filters.onSale, 0);
    // The colours still offer every colour to pick instead.
    assert.deepEqual(data.filters.colors, (await search('')).filters.colors);
  });
});

/**
 * docs/shopper-features.md "Facets that widen": a group's facet leaves out its own filter,
 * several values of a group are either-or, groups combine with AND. Expected values come from
 * the products table itself.
 */
describe('facets that widen', () => {
  type Count = { value: string; count: number };
  const byValue = (list: Count[]) => Object.fromEntries(list.map((f) => [f.value, f.count]));

  /** `size` is in stock for product `p`: what a size filter means: docs/shopper-features.md "Facets that widen". */
  const hasSize = (size: string) =>
    sql`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock > 0 AND v.size = ${size})`;

  /**
   * Facet counts of `column` (or of each size in stock) over the active products that `where`
   * keeps; sizes are read from the variants' stock, not from the column the search reads.
   */
  async function counted(column: 'color' | 'brand' | 'size', where: ReturnType<typeof sql>): Promise<Count[]> {
    const value = column === 'size' ? sql`s` : column === 'color' ? sql`p.color` : sql`p.brand`;
    const from =
      column === 'size'
        ? sql`products p, LATERAL (SELECT DISTINCT v.size AS s FROM variants v WHERE v.product_id = p.id AND v.stock > 0) st`
        : sql`products p`;
    return queryRows<Count>(
      ctx.database.db,
      sql`SELECT ${value} AS value, count(*)::int AS count FROM ${from} WHERE p.is_active AND ${where} GROUP BY 1`,
    );
  }

  /** Ids of the active products that `where` keeps. */
  async function idsWhere(where: ReturnType<typeof sql>): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT p.id FROM products p WHERE p.is_active AND ${where}`,
    );
    return rows.map((r) => r.id).sort();
  }

  /** The whole result of a query, as sorted ids, checked against the data's `expected` ids. */
  async function assertSameProducts(query: string, expected: string[]) {
    const { products, total } = await all(query);
    assert.equal(total, expected.length, `${query}: total`);
    const wanted = new Set(expected);
    assert.ok(
      products.every((p) => wanted.has(p.id)),
      `${query}: a product outside the expected set`,
    );
  }

  test('with Blue ticked, the colours keep their counts without a colour and the sizes apply Blue', async () => {
    const none = await search('');
    const blue = await search('colors=Blue');
    assert.ok(blue.meta.total > 0);
    assert.ok(
      blue.products.every((p) => p.color === 'Blue'),
      'the list itself is Blue only',
    );
    const black = none.filters.colors.find((c) => c.value === 'Black');
    assert.ok(black && black.count > 0, 'the store has Black products');
    assert.deepEqual(byValue(blue.filters.colors), byValue(none.filters.colors));
    assert.equal(byValue(blue.filters.colors).Black, black.count);
    assert.deepEqual(byValue(blue.filters.sizes), byValue(await counted('size', sql`p.color = 'Blue'`)));
    assert.deepEqual(byValue(blue.filters.brands), byValue(await counted('brand', sql`p.color = 'Blue'`)));
  });

  test('colors=Blue,Black is exactly the Blue or Black products, and the count is the sum', async () => {
    const facet = byValue((await search('')).filters.colors);
    const both = await search('colors=Blue,Black');
    assert.equal(both.meta.total, facet.Blue! + facet.Black!);
    await assertSameProducts('colors=Blue,Black', await idsWhere(sql`p.color IN ('Blue', 'Black')`));
    assert.deepEqual(byValue(both.filters.sizes), byValue(await counted('size', sql`p.color IN ('Blue', 'Black')`)));
  });

  test('sizes widen the same way: M ticked keeps every size, colours apply M; M,L is M or L', async () => {
    const none = await search('');
    const m = await search('sizes=M');
    assert.ok(m.meta.total > 0);
    assert.deepEqual(byValue(m.filters.sizes), byValue(none.filters.sizes));
    assert.deepEqual(byValue(m.filters.colors), byValue(await counted('color', hasSize('M'))));
    await assertSameProducts('sizes=M,L', await idsWhere(sql`(${hasSize('M')} OR ${hasSize('L')})`));
  });

  test('brands widen the same way: one brand keeps every brand, colours apply it; two are either', async () => {
    const none = await search('');
    const [first, second] = none.filters.brands;
    assert.ok(first && second);
    const one = await search(`brands=${encodeURIComponent(first.value)}`);
    assert.equal(one.meta.total, first.count);
    assert.deepEqual(byValue(one.filters.brands), byValue(none.filters.brands));
    assert.deepEqual(byValue(one.filters.colors), byValue(await counted('color', sql`p.brand = ${first.value}`)));
    await assertSameProducts(
      `brands=${encodeURIComponent(`${first.value},${second.value}`)}`,
      await idsWhere(sql`p.brand IN (${first.value}, ${second.value})`),
    );
  });

  test('across groups AND: each group counts the others, the list holds both', async () => {
    const data = await search('colors=Blue,Black&sizes=M');
    const colour = sql`p.color IN ('Blue', 'Black')`;
    const size = hasSize('M');
    assert.deepEqual(byValue(data.filters.colors), byValue(await counted('color', size)));
    assert.deepEqual(byValue(data.filters.sizes), byValue(await counted('size', colour)));
    assert.deepEqual(byValue(data.filters.brands), byValue(await counted('brand', sql`${colour} AND ${size}`)));
    await assertSameProducts('colors=Blue,Black&sizes=M', await idsWhere(sql`${colour} AND ${size}`));
  });

  test('gender, categories, collections and price each count without their own filter', async () => {
    // Values picked from the data so that every filter keeps some products.
    const category = (await search('gender=Women')).filters.categories[0]!;
    const collection = (await search(`gender=Women&categories=${category.slug}`)).filters.collections[0]!;
    const { priceRange } = (await search(`gender=Women&categories=${category.slug}&collections=${collection.slug}`))
      .filters;
    const price = `minPrice=${priceRange.min}&maxPrice=${Math.floor((priceRange.min + priceRange.max) / 2)}`;
    const parts = ['gender=Women', `categories=${category.slug}`, `collections=${collection.slug}`, price];
    const filtered = await search(parts.join('&'));
    assert.ok(filtered.meta.total > 0);
    const without = (dropped: string) => search(parts.filter((part) => part !== dropped).join('&'));

    const genders = (await without('gender=Women')).filters.genders;
    assert.ok(genders.length > 1, 'another gender to widen to');
    assert.deepEqual(filtered.filters.genders, genders);
    assert.deepEqual(filtered.filters.categories, (await without(`categories=${category.slug}`)).filters.categories);
    assert.deepEqual(
      filtered.filters.collections,
      (await without(`collections=${collection.slug}`)).filters.collections,
    );
    assert.deepEqual(filtered.filters.priceRange, (await without(price)).filters.priceRange);
    assert.ok(filtered.filters.priceRange.max > Math.floor((priceRange.min + priceRange.max) / 2));
  });
});

describe('sorts', () => {
  test('price ascending and descending', async () => {
    const asc = await search('sort=price_asc&limit=50');
    assert.ok(isSorted(asc.products, (p) => p.price, 'asc'));
    const desc = await search('sort=price_desc&limit=50');
    assert.ok(isSorted(desc.products, (p) => p.price, 'desc'));
    assert.ok(desc.products[0]!.price >= asc.products.at(-1)!.price);
  });

  test('rating, then discount', async () => {
    assert.ok(isSorted((await search('sort=rating&limit=50')).products, (p) => p.rating.average, 'desc'));
    assert.ok(isSorted((await search('sort=discount&limit=50')).products, (p) => p.discountPercent, 'desc'));
  });

  test('newest first follows the catalogue dates', async () => {
    const newest = (await search('sort=newest&limit=20')).products.map((p) => p.id);
    const expected = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM products WHERE is_active ORDER BY created_at DESC, id LIMIT 20`,
    );
    assert.deepEqual(
      newest,
      expected.map((r) => r.id),
    );
  });
});

describe('text search', () => {
  test('"jeans" lists jeans, exact matches first', async () => {
    const { products, meta } = await search('search=jeans');
    assert.ok(meta.total > 0);
    assert.match(products[0]!.name, /jeans/i);
    assert.ok(products.slice(0, 5).every((p) => /jeans/i.test(p.name) || p.category.name.match(/jeans/i)));
  });

  test('typos are tolerated: "jeens" finds jeans', async () => {
    const { products, meta } = await search('search=jeens');
    assert.ok(meta.total > 0);
    assert.ok(
      products.slice(0, 5).every((p) => /jeans/i.test(`${p.name} ${p.category.name}`)),
      products.map((p) => p.name).join(' | '),
    );
  });

  test('"kurtha" finds kurtas', async () => {
    const { products, meta } = await search('search=kurtha');
    assert.ok(meta.total > 0);
    assert.ok(
      products.slice(0, 5).every((p) => /kurta/i.test(`${p.name} ${p.category.name}`)),
      products.map((p) => p.name).join(' | '),
    );
  });

  test('"tshirt" and "t-shirt" both find T-Shirts', async () => {
    for (const q of ['tshirt', 't-shirt', 'T-Shirts']) {
      const { products, meta } = await search(`search=${encodeURIComponent(q)}`);
      assert.ok(meta.total > 0, q);
      assert.ok(
        products.slice(0, 5).every((p) => /t-?shirt/i.test(`${p.name} ${p.category.name}`)),
        `${q}: ${products.map((p) => p.name).join(' | ')}`,
      );
    }
  });

  test('search by brand, colour and category words together', async () => {
    const { products } = await search('search=blue%20shirt&limit=10');
    assert.ok(products.length > 0);
    assert.ok(
      products.every((p) => /blue/i.test(`${p.name} ${p.color}`) && /shirt/i.test(`${p.name} ${p.category.name}`)),
    );
  });

  test('search combines with filters, and relevance is the default sort when searching', async () => {
    const { products } = await search('search=shoes&gender=Women');
    assert.ok(products.length > 0);
    assert.ok(products.every((p) => p.gender === 'Women'));
  });

  test('nonsense finds nothing rather than everything', async () => {
    assert.equal((await search('search=qqxzv')).meta.total, 0);
  });

  test('punctuation and quotes in the query are harmless', async () => {
    assert.ok((await search(`search=${encodeURIComponent("jeans' OR 1=1 -- & | ! :*")}`)).meta.total >= 0);
  });
});
