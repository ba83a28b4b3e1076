/**
 * The catalogue in Hindi and search in Hindi and Hinglish (docs/behaviour.md "Catalogue
 * languages", "Search synonyms") through HTTP on the seeded store: `?lang=hi` answers with the
 * Hindi texts, English field by field where none is written; a wrong `lang` is a 400; Hindi and
 * Hinglish words find the products through the seeded synonyms; the admin's synonyms work at
 * once and only catalogue roles may change them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN_API_PREFIX,
  CATALOG_LANG_MESSAGE,
  type CategoryNode,
  type Collection,
  type HomepageSection,
  type ProductDetail,
  type ProductSearchResult,
  type SearchSynonym,
  type SizeChart,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { setProductActive } from '../../test/catalog';
import { createTestApp, getJson, type TestContext } from '../../test/harness';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let owner: StaffLogin;

before(async () => {
  ctx = await createTestApp();
  owner = await staffOfRole(ctx, 'owner');
});
after(async () => ctx?.close());

async function data<T>(url: string): Promise<T> {
  const { status, body } = await getJson<{ data: T }>(ctx.app, url);
  assert.equal(status, 200, `${url}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** The leaf category names (English) of every product a search finds. */
async function categoriesFound(query: string): Promise<Set<string>> {
  const result = await data<ProductSearchResult>(`/products/search?search=${encodeURIComponent(query)}&limit=100`);
  return new Set(result.products.map((p) => p.category.name));
}

/** Products in a leaf category, by its English name. */
async function productsIn(
  category: string,
): Promise<{ id: string; slug: string; name: string; description: string }[]> {
  return queryRows(
    ctx.database.db,
    sql`SELECT p.id, p.slug, p.name, p.description FROM products p JOIN categories c ON c.id = p.category_id
        WHERE c.name = ${category} AND p.is_active ORDER BY p.id`,
  );
}

describe('the catalogue in Hindi (?lang=hi)', () => {
  test('categories and collections answer in Hindi; English without lang or with lang=en', async () => {
    const hi = flatten((await data<{ categories: CategoryNode[] }>('/categories?lang=hi')).categories);
    const en = flatten((await data<{ categories: CategoryNode[] }>('/categories')).categories);
    const bySlug = (list: CategoryNode[], slug: string) => list.find((c) => c.slug === slug)?.name;
    assert.equal(bySlug(hi, 'kurtas'), 'कुर्ते');
    assert.equal(bySlug(hi, 'footwear'), 'जूते-चप्पल');
    assert.equal(bySlug(en, 'kurtas'), 'Kurtas');
    assert.equal(
      bySlug((await data<{ categories: CategoryNode[] }>('/categories?lang=en')).categories, 'footwear'),
      'Footwear',
    );
    // Every seeded category has its Hindi name.
    assert.ok(
      hi.every((c) => /[\u0900-\u097f]/.test(c.name)),
      hi
        .filter((c) => !/[\u0900-\u097f]/.test(c.name))
        .map((c) => c.name)
        .join(),
    );

    const collections = (await data<{ collections: Collection[] }>('/collections?lang=hi')).collections;
    const ethnic = collections.find((c) => c.slug === 'ethnic-wear')!;
    assert.equal(ethnic.name, 'एथनिक वियर');
    assert.match(ethnic.description, /कुर्ते/);
  });

  test('a product answers in Hindi field by field: a Hindi name without a Hindi description keeps the English description', async () => {
    const [product] = await productsIn('Kurtas');
    assert.ok(product);
    const res = await asStaff(ctx.app, owner, 'PATCH', `${ADMIN_API_PREFIX}/products/${product.id}`, {
      nameHi: 'नीला सूती कुर्ता',
    });
    assert.equal(res.statusCode, 200, res.body);

    const hi = (await data<{ product: ProductDetail }>(`/products/${product.slug}?lang=hi`)).product;
    assert.equal(hi.name, 'नीला सूती कुर्ता');
    assert.equal(hi.description, product.description);
    assert.equal(hi.category.name, 'कुर्ते');
    assert.deepEqual(
      hi.categoryPath.map((c) => c.name),
      ['कपड़े', 'टॉपवियर', 'कुर्ते'],
    );
    const en = (await data<{ product: ProductDetail }>(`/products/${product.slug}`)).product;
    assert.equal(en.name, product.name);
    assert.equal(en.category.name, 'Kurtas');

    const found = await data<ProductSearchResult>(`/products/search?categories=kurtas&lang=hi&limit=100`);
    assert.equal(found.products.find((p) => p.id === product.id)?.name, 'नीला सूती कुर्ता');
    assert.ok(found.filters.categories.some((c) => c.name === 'कुर्ते'));
  });

  test('a category without a Hindi name shows its English one among Hindi ones', async () => {
    await ctx.database.db.execute(sql`UPDATE categories SET name_hi = NULL WHERE slug = 'jeans'`);
    const res = await asStaff(ctx.app, owner, 'PATCH', `${ADMIN_API_PREFIX}/categories/${await idOf('jeans')}`, {
      nameHi: '',
    });
    assert.equal(res.statusCode, 200, res.body);
    const hi = flatten((await data<{ categories: CategoryNode[] }>('/categories?lang=hi')).categories);
    assert.equal(hi.find((c) => c.slug === 'jeans')?.name, 'Jeans');
    assert.equal(hi.find((c) => c.slug === 'shirts')?.name, 'शर्ट');
  });

  test('homepage sections: Hindi titles, banners and links; the store name stays', async () => {
    const hi = (await data<{ sections: HomepageSection[] }>('/homepage-sections?lang=hi')).sections;
    const en = (await data<{ sections: HomepageSection[] }>('/homepage-sections')).sections;
    const titles = hi.map((s) => s.title);
    assert.ok(titles.includes('श्रेणी के हिसाब से ख़रीदें'), titles.join(' | '));
    assert.ok(en.map((s) => s.title).includes('Shop by category'));
    const hero = hi.find((s) => s.section_type === 'hero');
    if (hero?.section_type === 'hero') {
      assert.equal(hero.title, 'Vastra');
      assert.equal(hero.content.slides[0]?.title, 'त्योहारों के एथनिक कपड़े');
      assert.equal(hero.content.slides[0]?.cta.label, 'एथनिक वियर देखें');
    }
    const categories = hi.find((s) => s.section_type === 'featured_categories');
    assert.ok(categories?.section_type === 'featured_categories');
    assert.ok(categories.content.categories.some((c) => c.name === 'कुर्ते'));
  });

  test("a size chart's labels in Hindi", async () => {
    const [row] = await queryRows<{ slug: string }>(
      ctx.database.db,
      sql`SELECT p.slug FROM products p JOIN categories a ON a.id = p.category_id JOIN categories s ON s.id = a.parent_id
          WHERE s.slug = 'topwear' AND p.is_active ORDER BY p.id LIMIT 1`,
    );
    const hi = await data<SizeChart>(`/products/${row!.slug}/size-chart?lang=hi`);
    const en = await data<SizeChart>(`/products/${row!.slug}/size-chart`);
    assert.ok(en.columns.some((c) => c.label === 'Chest (to fit)'));
    assert.ok(
      hi.columns.some((c) => c.label === 'छाती (फ़िट के लिए)'),
      JSON.stringify(hi.columns),
    );
  });

  test('each language has its own answer and ETag', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: '/categories' });
    const hi = await ctx.app.inject({ method: 'GET', url: '/categories?lang=hi' });
    assert.notEqual(en.headers.etag, hi.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/categories?lang=hi',
      headers: { 'if-none-match': String(hi.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: '/categories',
      headers: { 'if-none-match': String(hi.headers.etag) },
    });
    assert.equal(crossed.statusCode, 200);
  });

  test('a language other than en or hi is refused with a 400 that says so', async () => {
    const [product] = await productsIn('Kurtas');
    for (const url of [
      '/categories?lang=fr',
      '/collections?lang=HI',
      '/homepage-sections?lang=xx',
      '/products/search?lang=ta',
      `/products/${product!.slug}?lang=hindi`,
      `/products/${product!.slug}/related?lang=fr`,
      `/products/${product!.slug}/size-chart?lang=fr`,
    ]) {
      const { status, body } = await getJson<{ success: boolean; message: string }>(ctx.app, url);
      assert.equal(status, 400, url);
      assert.equal(body.success, false);
      assert.match(body.message, new RegExp(CATALOG_LANG_MESSAGE), url);
    }
  });
});

async function idOf(categorySlug: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`SELECT id FROM categories WHERE slug = ${categorySlug}`,
  );
  return row!.id;
}

/** Makes a category under `parentId` through the admin; answers its id. */
async function category(name: string, parentId: string, nameHi: string): Promise<string> {
  const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/categories`, { name, parentId, nameHi });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { data: { id: string } }).data.id;
}

/** Makes a product through the admin and puts it on sale; answers its id. */
async function product(body: { name: string; description: string; categoryId: string; hsnCode: string }) {
  const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/products`, {
    ...body,
    brand: 'Vastra Studio',
    gender: 'Women',
    color: 'Maroon',
    variants: [{ size: 'M', mrpPaise: 499_900, pricePaise: 399_900, stock: 4 }],
  });
  assert.equal(res.statusCode, 201, res.body);
  const id = (res.json() as { data: { id: string } }).data.id;
  // On sale without a photo: straight in the database, as the photo rules are not what is tested here.
  await setProductActive(ctx.database.db, id, true);
  return id;
}

describe('search in Hindi and Hinglish', () => {
  // The 400-product store has no lehenga and no ethnic footwear: the store adds them, as a merchant would.
  let lehenga: string;
  let mojari: string;
  before(async () => {
    const apparelSet = await category('Apparel Set', await idOf('apparel'), 'कपड़ों के सेट');
    lehenga = await product({
      name: 'Zari Silk Lehenga Choli',
      description: 'A silk lehenga with zari work, a matching choli and dupatta, for weddings.',
      categoryId: await category('Lehenga Choli', apparelSet, 'लहंगा चोली'),
      hsnCode: '6204',
    });
    mojari = await product({
      name: 'Gold Embroidered Mojari',
      description: 'Hand-embroidered leather flats for festive and ethnic occasions.',
      categoryId: await idOf('flats'),
      hsnCode: '6403',
    });
  });

  test('कुर्ता finds kurtas and kurtis', async () => {
    const found = await categoriesFound('कुर्ता');
    assert.ok(found.has('Kurtas') && found.has('Kurtis'), [...found].join());
  });

  test('kurti finds kurtas too, and kurta finds kurtis', async () => {
    assert.ok((await categoriesFound('kurti')).has('Kurtas'));
    assert.ok((await categoriesFound('kurta')).has('Kurtis'));
  });

  test('chappal finds flip flops and sandals', async () => {
    const found = await categoriesFound('chappal');
    assert.ok(found.has('Flip Flops') && found.has('Sandals'), [...found].join());
    assert.ok(!found.has('Kurtas'));
  });

  test('saree and sari find sarees', async () => {
    for (const word of ['saree', 'sari', 'साड़ी']) {
      const found = await categoriesFound(word);
      assert.ok(found.has('Sarees'), `${word}: ${[...found].join()}`);
    }
  });

  test('lehenga finds lehenga cholis, and only them', async () => {
    for (const word of ['lehenga', 'लहंगा', 'lehnga']) {
      const result = await data<ProductSearchResult>(`/products/search?search=${encodeURIComponent(word)}&limit=100`);
      assert.ok(
        result.products.some((p) => p.id === lehenga),
        word,
      );
      assert.ok(
        result.products.every((p) => p.category.name === 'Lehenga Choli'),
        word,
      );
    }
  });

  test('jutti finds mojaris and ethnic footwear, and no casual footwear', async () => {
    for (const word of ['jutti', 'juttis', 'जूती']) {
      const result = await data<ProductSearchResult>(`/products/search?search=${encodeURIComponent(word)}&limit=100`);
      assert.ok(
        result.products.some((p) => p.id === mojari),
        word,
      );
      const texts = await queryRows<{ search_text: string }>(
        ctx.database.db,
        sql`SELECT search_text FROM products WHERE id::text = ANY(${`{${result.products.map((p) => p.id).join(',')}}`}::text[])`,
      );
      assert.ok(
        texts.every(
          (t) =>
            /\b(mojari|juttis?)\b/.test(t.search_text) ||
            (/\bethnic\b/.test(t.search_text) && /\bfootwear\b/.test(t.search_text)),
        ),
        word,
      );
    }
    // The same flats without "ethnic" are not juttis.
    const casual = await data<ProductSearchResult>('/products/search?search=jutti&categories=flats&limit=100');
    assert.deepEqual(
      casual.products.map((p) => p.id),
      [mojari],
    );
  });

  test('a Devanagari word finds the products whose Hindi name holds it', async () => {
    const [product] = await productsIn('Shirts');
    await ctx.database.db.execute(
      sql`UPDATE products SET name_hi = 'अनोखी चेक वाली शर्ट' WHERE id = ${product!.id}::uuid`,
    );
    const result = await data<ProductSearchResult>(`/products/search?search=${encodeURIComponent('अनोखी')}`);
    assert.deepEqual(
      result.products.map((p) => p.id),
      [product!.id],
    );
  });
});

describe('the admin edits synonyms', () => {
  test('a synonym added through the admin works for the next search, and removed stops working', async () => {
    const before = await data<ProductSearchResult>('/products/search?search=pyjama');
    assert.equal(before.meta.total, 0);

    const created = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/search-synonyms`, {
      term: ' Pyjama ',
      equivalents: ['night suits', 'lounge pants'],
    });
    assert.equal(created.statusCode, 201, created.body);
    const synonym = (created.json() as { data: SearchSynonym }).data;
    assert.equal(synonym.term, 'pyjama');

    const found = await categoriesFound('pyjama');
    assert.ok(found.has('Lounge Pants'), [...found].join());

    const list = await asStaff(ctx.app, owner, 'GET', `${ADMIN_API_PREFIX}/search-synonyms`);
    assert.ok((list.json() as { data: SearchSynonym[] }).data.some((s) => s.term === 'pyjama'));

    const audit = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`SELECT action FROM audit_log WHERE entity = 'search-synonym' AND entity_id = ${synonym.id}`,
    );
    assert.deepEqual(
      audit.map((a) => a.action),
      ['search-synonym.create'],
    );

    const removed = await asStaff(ctx.app, owner, 'DELETE', `${ADMIN_API_PREFIX}/search-synonyms/${synonym.id}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal((await data<ProductSearchResult>('/products/search?search=pyjama')).meta.total, 0);
  });

  test('a word that has synonyms already is a 409; two words as the term are a 400', async () => {
    const taken = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/search-synonyms`, {
      term: 'chappal',
      equivalents: ['slippers'],
    });
    assert.equal(taken.statusCode, 409, taken.body);
    const twoWords = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/search-synonyms`, {
      term: 'flip flop',
      equivalents: ['chappal'],
    });
    assert.equal(twoWords.statusCode, 400, twoWords.body);
  });

  test('staff may edit synonyms; support may not', async () => {
    const staff = await staffOfRole(ctx, 'staff');
    const support = await staffOfRole(ctx, 'support');
    const refused = await asStaff(ctx.app, support, 'POST', `${ADMIN_API_PREFIX}/search-synonyms`, {
      term: 'dhoti',
      equivalents: ['trousers'],
    });
    assert.equal(refused.statusCode, 403);
    assert.equal((await asStaff(ctx.app, support, 'GET', `${ADMIN_API_PREFIX}/search-synonyms`)).statusCode, 403);
    const made = await asStaff(ctx.app, staff, 'POST', `${ADMIN_API_PREFIX}/search-synonyms`, {
      term: 'dhoti',
      equivalents: ['trousers'],
    });
    assert.equal(made.statusCode, 201, made.body);
    const id = (made.json() as { data: SearchSynonym }).data.id;
    const changed = await asStaff(ctx.app, staff, 'PUT', `${ADMIN_API_PREFIX}/search-synonyms/${id}`, {
      term: 'dhoti',
      equivalents: ['trousers', 'churidar'],
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual((changed.json() as { data: SearchSynonym }).data.equivalents, ['trousers', 'churidar']);
  });
});
