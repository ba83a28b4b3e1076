/**
 * The admin's catalogue editing (docs/admin.md "Products and stock"): a product made as a
 * draft with two sizes, its rules (prices, sizes, SKUs, slug, category), on sale only with a
 * photo and then found by shoppers, edits that reach the storefront, sizes removed only when
 * nobody ordered them, bulk prices previewed then applied, collections, and support refused
 * with nothing audited while every write the owner or staff make is audited once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  PRODUCT_ACTIVATION_MESSAGES,
  PRODUCT_EDIT_MESSAGES,
  type AdminCategory,
  type AdminCollection,
  type AdminProduct,
  type AdminRole,
  type PriceChangeResult,
  type StockMovement,
} from '@vastra/contracts';
import { count, eq } from 'drizzle-orm';
import { auditLog, products } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder } from '../../test/returns';
import { register } from '../../test/accounts';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let leaf: AdminCategory;
let collectionList: AdminCollection[];

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  const cats = (await asStaff(ctx.app, team.staff, 'GET', '/admin/api/categories')).json().data as AdminCategory[];
  leaf = cats.find((c) => c.level === 'article' && c.name === 'Kurtas') ?? cats.find((c) => c.level === 'article')!;
  collectionList = (await asStaff(ctx.app, team.staff, 'GET', '/admin/api/collections')).json().data;
});
after(() => ctx.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: unknown, who = team.staff) =>
  asStaff(ctx.app, who, method, url, body);
const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const shopperSees = (slug: string) => ctx.app.inject({ method: 'GET', url: `/products/${slug}` });
const searchIds = async (search: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/products/search?search=${encodeURIComponent(search)}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data.products as { id: string }[]).map((p) => p.id);
};

const kurta = (name: string) => ({
  name,
  brand: 'Vastra Studio',
  description: 'Hand-block printed cotton kurta with a mandarin collar.',
  gender: 'Women',
  categoryId: leaf.id,
  color: 'Indigo',
  hsnCode: '6204',
  collectionIds: collectionList.slice(0, 1).map((c) => c.id),
  variants: [
    { size: 'S', mrpPaise: 189_900, pricePaise: 149_900, stock: 6 },
    { size: 'M', mrpPaise: 189_900, pricePaise: 159_900, stock: 0 },
  ],
});

/** Makes a product through the admin and answers it, asserting one audit entry. */
async function created(name: string): Promise<AdminProduct> {
  const before = await audits();
  const res = await call('POST', '/admin/api/products', kurta(name));
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(await audits(), before + 1, 'one audit entry');
  return res.json().data;
}

/** A photo for the product, as an upload would leave it (uploads have their own tests). */
const givePhoto = (id: string) =>
  ctx.database.db
    .update(products)
    .set({ images: [{ url: '/media/placeholder.svg', isPrimary: true }] })
    .where(eq(products.id, id));

describe('making a product', () => {
  it('starts as a draft with its sizes, listing price and first stock; shoppers cannot see it', async () => {
    const p = await created('Indigo Block Print Kurta');
    assert.equal(p.status, 'draft');
    assert.match(
      p.slug,
      /^indigo-block-print-kurta-p-[0-9a-f]{10}$/,
      'name and the product’s own id, as the CSV import makes it',
    );
    assert.deepEqual(
      p.variants.map((v) => [v.size, v.pricePaise, v.mrpPaise, v.stock]),
      [
        ['S', 149_900, 189_900, 6],
        ['M', 159_900, 189_900, 0],
      ],
    );
    assert.deepEqual([p.pricePaise, p.mrpPaise, p.discountPercent, p.stock], [149_900, 189_900, 21, 6]);
    assert.deepEqual(
      p.collectionIds,
      collectionList.slice(0, 1).map((c) => c.id),
    );
    assert.ok(
      p.variants.every((v) => /^VST-P-[A-F0-9]{10}-(S|M)$/.test(v.sku)),
      'SKUs as the CSV import makes them',
    );
    const [movement] = (await call('GET', `/admin/api/variants/${p.variants[0]!.id}/movements`)).json()
      .data as StockMovement[];
    assert.deepEqual([movement!.reason, movement!.stockBefore, movement!.stockAfter], ['received', 0, 6]);
    assert.equal((await shopperSees(p.slug)).statusCode, 404, 'a draft is not shown');
  });

  it('goes on sale only with a photo, and shoppers then find it by search', async () => {
    const p = await created('Saffron Chanderi Kurta');
    const activate = () => call('POST', '/admin/api/products/status', { ids: [p.id], status: 'active' });
    assert.equal((await activate()).json().data.refused[0].message, PRODUCT_ACTIVATION_MESSAGES.noPhoto);
    const asActive = await call('POST', '/admin/api/products', { ...kurta('Saffron Mul Kurta'), status: 'active' });
    assert.deepEqual([asActive.statusCode, asActive.json().message], [400, PRODUCT_ACTIVATION_MESSAGES.noPhoto]);
    await givePhoto(p.id);
    assert.deepEqual((await activate()).json().data, { changed: [p.id], refused: [] });
    const seen = await shopperSees(p.slug);
    assert.equal(seen.statusCode, 200, seen.body);
    assert.deepEqual(
      seen.json().data.product.variants.map((v: { size: string; price: number }) => [v.size, v.price]),
      [
        ['S', 1499],
        ['M', 1599],
      ],
    );
    assert.ok((await searchIds('saffron chanderi')).includes(p.id), 'found by search');

    assert.deepEqual(
      (await call('POST', '/admin/api/products/status', { ids: [p.id], status: 'archived' })).json().data,
      {
        changed: [p.id],
        refused: [],
      },
    );
    assert.equal((await shopperSees(p.slug)).statusCode, 404, 'archived is off sale');
    assert.ok(!(await searchIds('saffron chanderi')).includes(p.id));
  });

  it('refuses bad prices, sizes, SKUs, slugs and categories and makes nothing', async () => {
    const taken = await created('Olive Linen Kurta');
    const before = (await ctx.database.db.select({ n: count() }).from(products))[0]!.n;
    const refusals: [object, number, string?][] = [
      [{ variants: [{ size: 'S', mrpPaise: 100_000, pricePaise: 120_000 }] }, 400, PRODUCT_EDIT_MESSAGES.priceAboveMrp],
      [
        {
          variants: [
            { size: 'S', mrpPaise: 100_000, pricePaise: 90_000 },
            { size: 's', mrpPaise: 100_000, pricePaise: 90_000 },
          ],
        },
        409,
        PRODUCT_EDIT_MESSAGES.sizeTaken,
      ],
      [{ slug: taken.slug }, 409, PRODUCT_EDIT_MESSAGES.slugTaken],
      [{ categoryId: '00000000-0000-4000-8000-000000000000' }, 404, PRODUCT_EDIT_MESSAGES.categoryNotFound],
      [{ hsnCode: '62' }, 400],
      [{ variants: [{ size: 'S', mrpPaise: 10_000, pricePaise: 0 }] }, 400],
    ];
    const cats = (await call('GET', '/admin/api/categories')).json().data as AdminCategory[];
    refusals.push([
      { categoryId: cats.find((c) => c.level === 'master')!.id },
      400,
      PRODUCT_EDIT_MESSAGES.categoryNotLeaf,
    ]);
    refusals.push([
      { variants: [{ size: 'XS', sku: taken.variants[0]!.sku, mrpPaise: 10_000, pricePaise: 9_000 }] },
      409,
      PRODUCT_EDIT_MESSAGES.skuTaken,
    ]);
    for (const [change, status, message] of refusals) {
      const res = await call('POST', '/admin/api/products', { ...kurta('Refused Kurta'), ...change });
      assert.equal(res.statusCode, status, `${JSON.stringify(change)}: ${res.body}`);
      if (message) assert.ok(res.json().message.endsWith(message), res.json().message);
    }
    assert.equal((await ctx.database.db.select({ n: count() }).from(products))[0]!.n, before, 'none made');
  });
});

describe('editing a product', () => {
  it('changes fields, sizes and prices that shoppers then see', async () => {
    const p = await created('Rust Cotton Kurta');
    await givePhoto(p.id);
    await call('POST', '/admin/api/products/status', { ids: [p.id], status: 'active' });

    const renamed = await call('PATCH', `/admin/api/products/${p.id}`, {
      name: 'Terracotta Cotton Kurta',
      collectionIds: collectionList.slice(1, 3).map((c) => c.id),
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().data.name, 'Terracotta Cotton Kurta');
    assert.deepEqual(
      renamed.json().data.collectionIds.sort(),
      collectionList
        .slice(1, 3)
        .map((c) => c.id)
        .sort(),
    );
    assert.ok((await searchIds('terracotta')).includes(p.id), 'the new name is searchable');

    const [s, m] = p.variants;
    const tooHigh = await call('PATCH', `/admin/api/variants/${s!.id}`, { pricePaise: 199_900 });
    assert.deepEqual([tooHigh.statusCode, tooHigh.json().message], [400, PRODUCT_EDIT_MESSAGES.priceAboveMrp]);
    assert.equal((await call('PATCH', `/admin/api/variants/${m!.id}`, { pricePaise: 99_900 })).statusCode, 200);
    const seen = (await shopperSees(p.slug)).json().data.product;
    assert.equal(seen.price, 999, 'the lowest size price leads');
    assert.equal((await call('PATCH', `/admin/api/variants/${m!.id}`, { size: 'S' })).statusCode, 409);

    const added = await call('POST', `/admin/api/products/${p.id}/variants`, {
      size: 'L',
      mrpPaise: 189_900,
      pricePaise: 169_900,
      stock: 3,
    });
    assert.equal(added.statusCode, 201, added.body);
    const l = (added.json().data as AdminProduct).variants.find((v) => v.size === 'L')!;
    assert.deepEqual(
      (await shopperSees(p.slug)).json().data.product.variants.map((v: { size: string }) => v.size),
      ['S', 'M', 'L'],
    );
    assert.equal((await call('DELETE', `/admin/api/variants/${l.id}`)).statusCode, 200);
    assert.equal((await call('DELETE', `/admin/api/variants/${m!.id}`)).statusCode, 200);
    const last = await call('DELETE', `/admin/api/variants/${s!.id}`);
    assert.deepEqual([last.statusCode, last.json().message], [409, PRODUCT_EDIT_MESSAGES.lastSizeOnSale]);
  });

  it('keeps a size that was ordered', async () => {
    const [piece] = await piecesOf(ctx, 1, { blocked: false, pricePaise: 79_900 });
    const shopper = await register(ctx.app, { name: 'Meera Iyer' });
    await placePaidOrder(ctx, shopper, {
      items: [{ productId: piece!.productId, variantId: piece!.variantId, quantity: 1 }],
    });
    const res = await call('DELETE', `/admin/api/variants/${piece!.variantId}`);
    assert.deepEqual([res.statusCode, res.json().message], [409, PRODUCT_EDIT_MESSAGES.sizeOrdered]);
  });
});

describe('bulk changes', () => {
  it('previews a price change, applies it never above the MRP, and moves products between collections', async () => {
    const a = await created('Mustard Kurta');
    const b = await created('Teal Kurta');
    const ids = [a.id, b.id];
    const preview = await call('POST', '/admin/api/products/prices', {
      ids,
      change: { kind: 'percent', percent: -10 },
    });
    const result = preview.json().data as PriceChangeResult;
    assert.equal(result.applied, false);
    assert.deepEqual(
      result.changes.map((c) => [c.name, c.size, c.before, c.after]),
      [
        ['Mustard Kurta', 'S', 149_900, 134_900],
        ['Mustard Kurta', 'M', 159_900, 143_900],
        ['Teal Kurta', 'S', 149_900, 134_900],
        ['Teal Kurta', 'M', 159_900, 143_900],
      ],
    );
    const unchanged = (await call('GET', `/admin/api/products/${a.id}`)).json().data as AdminProduct;
    assert.equal(unchanged.variants[0]!.pricePaise, 149_900, 'a preview changes nothing');

    const up = await call('POST', '/admin/api/products/prices', {
      ids,
      change: { kind: 'percent', percent: 20 },
      dryRun: false,
    });
    const upResult = up.json().data as PriceChangeResult;
    assert.deepEqual(
      upResult.changes.map((c) => c.after),
      [179_900, 179_900],
      'S sizes: within the MRP',
    );
    assert.deepEqual(
      upResult.refused.map((r) => r.message),
      [PRODUCT_EDIT_MESSAGES.priceAboveMrp, PRODUCT_EDIT_MESSAGES.priceAboveMrp],
    );
    const after = (await call('GET', `/admin/api/products/${a.id}`)).json().data as AdminProduct;
    assert.deepEqual(
      after.variants.map((v) => v.pricePaise),
      [179_900, 159_900],
    );
    assert.equal(after.pricePaise, 159_900, 'the listing price follows the lowest size');

    const collection = collectionList.at(-1)!;
    const add = await call('POST', '/admin/api/products/collections', {
      ids,
      collectionId: collection.id,
      action: 'add',
    });
    assert.deepEqual(add.json().data, { changed: 2 });
    assert.ok(
      ((await call('GET', `/admin/api/products/${b.id}`)).json().data as AdminProduct).collectionIds.includes(
        collection.id,
      ),
    );
    const again = await call('POST', '/admin/api/products/collections', {
      ids,
      collectionId: collection.id,
      action: 'add',
    });
    assert.deepEqual(again.json().data, { changed: 0 }, 'already there');
    const out = await call('POST', '/admin/api/products/collections', {
      ids: [a.id],
      collectionId: collection.id,
      action: 'remove',
    });
    assert.deepEqual(out.json().data, { changed: 1 });
  });
});

describe('who may edit', () => {
  it('refuses support on every write and records nothing; owners may', async () => {
    const p = await created('Plum Kurta');
    const v = p.variants[0]!.id;
    const writes: ['POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['POST', '/admin/api/products', kurta('Support Kurta')],
      ['PATCH', `/admin/api/products/${p.id}`, { name: 'Support' }],
      ['POST', '/admin/api/products/status', { ids: [p.id], status: 'archived' }],
      [
        'POST',
        '/admin/api/products/prices',
        { ids: [p.id], change: { kind: 'price', pricePaise: 100 }, dryRun: false },
      ],
      [
        'POST',
        '/admin/api/products/collections',
        { ids: [p.id], collectionId: collectionList[0]!.id, action: 'remove' },
      ],
      ['POST', `/admin/api/products/${p.id}/variants`, { size: 'XL', mrpPaise: 1000, pricePaise: 900 }],
      ['PATCH', `/admin/api/variants/${v}`, { pricePaise: 100 }],
      ['DELETE', `/admin/api/variants/${v}`, undefined],
    ];
    const before = await audits();
    for (const [method, url, body] of writes) {
      assert.equal((await call(method, url, body, team.support)).statusCode, 403, `${method} ${url}`);
    }
    assert.equal((await call('GET', '/admin/api/categories', undefined, team.support)).statusCode, 403);
    assert.equal(await audits(), before, 'nothing audited');
    const unchanged = (await call('GET', `/admin/api/products/${p.id}`)).json().data as AdminProduct;
    assert.deepEqual([unchanged.name, unchanged.variants.length], ['Plum Kurta', 2]);

    for (const [method, url, body] of writes.slice(1, -1)) {
      const n = await audits();
      const res = await call(method, url, body, team.owner);
      assert.ok(res.statusCode < 300, `${method} ${url}: ${res.body}`);
      assert.equal(await audits(), n + 1, `one audit entry for ${method} ${url}`);
    }
  });
});
