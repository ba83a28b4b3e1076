/**
 * The commerce API's `fields` parameter and kept answers (behaviour.md §7 Commerce;
 * docs/performance.md "The commerce API"), through the Medusa JS SDK and HTTP: only the fields
 * asked for are sent, an unknown field is 400 with Medusa's message, a kept product answer
 * changes when the store changes a price or a stock, a cart's answer is never shared or cached
 * by HTTP and shows every change of the cart, whoever writes it.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Medusa from '@medusajs/js-sdk';
import { sql } from 'drizzle-orm';
import { commerceFieldsNotValid, REGION } from '@vastra/contracts';
import { pickProducts, setHsnCode, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { fetchError } from '../../test/medusa';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import { generatePublishableKey } from './keys';

const KEY = generatePublishableKey();
const headers = { 'x-publishable-api-key': KEY };

let ctx: TestContext;
let sdk: Medusa;
let products: TestProduct[];
let staff: StaffLogin;

before(async () => {
  ctx = await createTestApp({ env: { PUBLISHABLE_API_KEY: KEY } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  sdk = new Medusa({
    baseUrl: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`,
    publishableKey: KEY,
  });
  products = await pickProducts(ctx.database.db, 3, { minVariants: 2 });
  for (const p of products) for (const v of p.variants) await setStock(ctx.database.db, v.id, 5);
  staff = await staffOfRole(ctx, 'staff');
});
after(() => ctx.close());

const get = (url: string, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });

const keysOf = (o: unknown) => Object.keys(o as object).sort();

describe('fields', () => {
  test('fields=id,title sends only those; a list of products, one product, a region', async () => {
    const { products: page } = await sdk.store.product.list({ limit: 5, fields: 'id,title' });
    assert.equal(page.length, 5);
    for (const p of page) assert.deepEqual(keysOf(p), ['id', 'title']);

    const { product } = await sdk.store.product.retrieve(products[0]!.id, { fields: 'handle' });
    assert.deepEqual(keysOf(product), ['handle', 'id'], 'id comes with any selection, as in Medusa');

    const { regions } = await sdk.store.region.list({ fields: 'name' });
    assert.deepEqual(regions, [{ id: REGION.id, name: REGION.name }]);
  });

  test('+ adds to the defaults, - takes away, * expands a relation, a path picks inside one', async () => {
    const id = products[0]!.id;
    const retrieve = async (fields?: string) =>
      (await sdk.store.product.retrieve(id, { region_id: REGION.id, ...(fields ? { fields } : {}) }))
        .product as unknown as Record<string, unknown> & { variants: Record<string, unknown>[] };

    const defaults = await retrieve();
    assert.ok(!('metadata' in defaults), 'metadata is not among the defaults (as in Medusa)');
    assert.ok(!('barcode' in defaults.variants[0]!), 'a variant’s null barcode is not among the defaults');
    assert.ok(defaults.variants[0]!.calculated_price, 'prices are');

    const plus = await retrieve('+metadata');
    assert.deepEqual(plus.metadata, { brand: defaults.subtitle });
    assert.deepEqual(keysOf(plus), [...keysOf(defaults), 'metadata'].sort());

    const minus = await retrieve('-variants,-images');
    assert.deepEqual(
      keysOf(minus),
      keysOf(defaults).filter((k) => k !== 'variants' && k !== 'images'),
    );

    const starred = await retrieve('*variants');
    assert.equal(starred.variants[0]!.barcode, null, '*variants: every field of a variant');

    const picked = await retrieve('variants.sku,variants.calculated_price.calculated_amount');
    assert.deepEqual(keysOf(picked), ['id', 'variants']);
    const first = picked.variants[0]!;
    assert.deepEqual(keysOf(first), ['calculated_price', 'id', 'sku']);
    assert.deepEqual(keysOf(first.calculated_price), ['calculated_amount']);
    assert.equal(
      (first.calculated_price as { calculated_amount: number }).calculated_amount,
      (defaults.variants[0]!.calculated_price as { calculated_amount: number }).calculated_amount,
    );
  });

  test('a field the answer does not have is 400 with Medusa’s message', async () => {
    const list = await fetchError(sdk.store.product.list({ fields: 'id,colour,variants.nope' }));
    assert.equal(list.status, 400);
    assert.equal(list.message, commerceFieldsNotValid(['colour', 'variants.nope']));

    const res = await get('/store/regions?fields=%2Bcurrency');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { type: 'invalid_data', message: commerceFieldsNotValid(['currency']) });

    const { cart } = await sdk.store.cart.create({});
    const bad = await fetchError(sdk.store.cart.retrieve(cart.id, { fields: '*items,+items.colour' }));
    assert.equal(bad.status, 400);
    assert.equal(bad.message, commerceFieldsNotValid(['items.colour']));
  });

  test('a cart sends only the fields asked for', async () => {
    const size = products[1]!.variants[0]!;
    const { cart } = await sdk.store.cart.create({ items: [{ variant_id: size.id, quantity: 2 }] });
    const { cart: lean } = await sdk.store.cart.retrieve(cart.id, { fields: 'id,items.quantity' });
    assert.deepEqual(lean, { id: cart.id, items: [{ id: cart.items![0]!.id, quantity: 2 }] });
    const { cart: totals } = await sdk.store.cart.retrieve(cart.id, { fields: 'total,items.total' });
    assert.deepEqual(totals, {
      id: cart.id,
      total: cart.total,
      items: [{ id: cart.items![0]!.id, total: cart.total }],
    });
  });
});

describe('kept answers', () => {
  test('a product’s answer is kept with an ETag and changes when a stock or a price is changed', async () => {
    const product = products[2]!;
    const variant = product.variants[0]!;
    const url = `/store/products/${product.id}?region_id=${REGION.id}`;
    const list = `/store/products?id[0]=${product.id}&fields=id,*variants,*variants.calculated_price`;
    const first = await get(url);
    assert.equal(first.statusCode, 200);
    const etag = first.headers.etag as string;
    assert.ok(etag, 'a kept answer has an ETag');
    assert.match(String(first.headers.vary), /x-publishable-api-key/);
    assert.equal((await get(url, { 'if-none-match': etag })).statusCode, 304);
    const listed = (await get(list)).json().products[0].variants[0];
    assert.equal(listed.inventory_quantity, 5);

    const stock = await asStaff(ctx.app, staff, 'POST', `/admin/api/variants/${variant.id}/stock`, {
      mode: 'set',
      quantity: 2,
      reason: 'counted',
    });
    assert.equal(stock.statusCode, 200, stock.body);
    const afterStock = await get(url, { 'if-none-match': etag });
    assert.equal(afterStock.statusCode, 200, 'the kept answer was dropped');
    const stocked = afterStock.json().product.variants.find((v: { id: string }) => v.id === variant.id);
    assert.equal(stocked.inventory_quantity, 2);
    assert.equal((await get(list)).json().products[0].variants[0].inventory_quantity, 2);

    const before = stocked.calculated_price.calculated_amount as number;
    const price = await asStaff(ctx.app, staff, 'POST', '/admin/api/products/prices', {
      ids: [product.id],
      change: { kind: 'percent', percent: -10 },
      dryRun: false,
    });
    assert.equal(price.statusCode, 200, price.body);
    const repriced = (await get(url)).json().product.variants.find((v: { id: string }) => v.id === variant.id);
    assert.notEqual(repriced.calculated_price.calculated_amount, before);
    assert.ok(repriced.calculated_price.calculated_amount < before);
  });

  test('carts are never shared: each shopper reads their own, without an ETag or public caching', async () => {
    const [a, b] = [products[0]!.variants[1]!, products[1]!.variants[1]!];
    const { cart: first } = await sdk.store.cart.create({ items: [{ variant_id: a.id, quantity: 1 }] });
    const { cart: second } = await sdk.store.cart.create({ items: [{ variant_id: b.id, quantity: 1 }] });
    for (const [cart, variant] of [
      [first, a],
      [second, b],
    ] as const) {
      const res = await get(`/store/carts/${cart.id}?fields=id,items.variant_id`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        res.json().cart.items.map((i: { variant_id: string }) => i.variant_id),
        [variant.id],
      );
      assert.equal(res.headers.etag, undefined);
      assert.doesNotMatch(String(res.headers['cache-control'] ?? ''), /public/);
    }
    await sdk.store.cart.updateLineItem(first.id, first.items![0]!.id, { quantity: 3 });
    const { cart: seen } = await sdk.store.cart.retrieve(first.id, { fields: 'items.quantity' });
    assert.equal(seen.items![0]!.quantity, 3, 'a cart read right after a change shows it');
  });

  test('a cart read again shows every change: of its lines by any writer, of a price, its deletion', async () => {
    const product = products[0]!;
    const { cart } = await sdk.store.cart.create({ items: [{ variant_id: product.variants[0]!.id, quantity: 1 }] });
    const url = `/store/carts/${cart.id}?fields=id,items.quantity,items.unit_price`;
    const line = async () => (await get(url)).json().cart.items[0];
    assert.equal((await line()).quantity, 1);
    assert.equal((await line()).quantity, 1);
    // Written past the store's cart service, as placing an order or the idle-cart clean-up does.
    await ctx.database.db.execute(sql`UPDATE cart_items SET quantity = 2 WHERE cart_id = ${cart.id}::uuid`);
    const changed = await line();
    assert.equal(changed.quantity, 2);

    const price = await asStaff(ctx.app, staff, 'POST', '/admin/api/products/prices', {
      ids: [product.id],
      change: { kind: 'percent', percent: -10 },
      dryRun: false,
    });
    assert.equal(price.statusCode, 200, price.body);
    assert.ok((await line()).unit_price < changed.unit_price, 'the new price');

    await ctx.database.db.execute(sql`DELETE FROM carts WHERE id = ${cart.id}::uuid`);
    assert.equal((await get(url)).statusCode, 404);
  });

  test('a cart read again is taxed at a GST rate the owner has just changed', async () => {
    const product = products[1]!;
    // An HSN code no rule of the law's table covers: taxed at the region's 18 % until a rule is made.
    await setHsnCode(ctx.database.db, [product.id], '96089999');
    const { cart } = await sdk.store.cart.create({ items: [{ variant_id: product.variants[0]!.id, quantity: 1 }] });
    const url = `/store/carts/${cart.id}?fields=id,tax_total`;
    const taxTotal = async () => (await get(url)).json().cart.tax_total as number;
    const before = await taxTotal();
    assert.equal(await taxTotal(), before);

    const owner = await staffOfRole(ctx, 'owner');
    const rule = await asStaff(ctx.app, owner, 'POST', '/admin/api/tax-rates', {
      hsnPrefix: '9608',
      rateBasisPoints: 500,
      description: 'Pens (test)',
    });
    assert.equal(rule.statusCode, 201, rule.body);
    assert.ok((await taxTotal()) < before, 'taxed at 5 % now');
  });
});
