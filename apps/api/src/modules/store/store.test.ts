/**
 * The commerce API (/store) as the official Medusa JS SDK sees it: the real app listening on
 * a real port over the test database, driven by `@medusajs/js-sdk`. Regions, products priced
 * for the region, running promotions, carts with line items and coupons, the publishable
 * key, Medusa's error shape, and the same cart seen through the cart service.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Medusa from '@medusajs/js-sdk';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CART_MESSAGES,
  COMMERCE_MESSAGES,
  COMMERCE_PRODUCT_PAGE_SIZE,
  COUPON_MESSAGES,
  couponMinimumOrder,
  lawRateFor,
  onlyLeftInStock,
  REGION,
} from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { bearer, register } from '../../test/accounts';
import { pickProducts, setHsnCode, setStock, unknownId, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { fetchError } from '../../test/medusa';
import { CartService } from '../cart/service';
import { CatalogService } from '../catalog/service';
import { coupons } from '../coupons/tables';
import { generatePublishableKey, PublishableKeyService } from './keys';

const KEY = generatePublishableKey();
/** What the storefront asks for when it reads the cart (behaviour.md §7 Commerce backend). */
const CART_FIELDS =
  '*items,*region,*items.product,*items.variant,+items.thumbnail,+items.metadata,+items.total,*promotions,+shipping_methods.name';

let ctx: TestContext;
let baseUrl: string;
let sdk: Medusa;
let products: TestProduct[];

before(async () => {
  ctx = await createTestApp({ env: { PUBLISHABLE_API_KEY: KEY } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  sdk = new Medusa({ baseUrl, publishableKey: KEY });
  products = await pickProducts(ctx.database.db, 3, { minVariants: 2 });
  for (const p of products) for (const v of p.variants) await setStock(ctx.database.db, v.id, 5);
  // Watches: their rule (HSN 9102) is 18 % at any price, the rate gstIn works with.
  await setHsnCode(
    ctx.database.db,
    products.map((p) => p.id),
    WATCHES,
  );
  await ctx.database.db.execute(
    sql`UPDATE products SET country_of_origin = 'India' WHERE id = ${products[0]!.id}::uuid`,
  );
});
after(() => ctx.close());

/** The fields of a product the storefront reads. */
const productShape = z.object({
  id: z.string(),
  title: z.string().min(1),
  handle: z.string().min(1),
  thumbnail: z.string().startsWith('http://api.test/media/'),
  images: z.array(z.object({ id: z.string(), url: z.string().startsWith('http://'), rank: z.number() })).min(1),
  variants: z
    .array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        sku: z.string(),
        inventory_quantity: z.number().int(),
        calculated_price: z.object({
          calculated_amount: z.number().positive(),
          original_amount: z.number().positive(),
          currency_code: z.literal('inr'),
        }),
      }),
    )
    .min(1),
});

const lineShape = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  thumbnail: z.string().startsWith('http://api.test/media/'),
  quantity: z.number().int(),
  variant_id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  variant_title: z.string(),
  variant_sku: z.string(),
  unit_price: z.number(),
  subtotal: z.number(),
  total: z.number(),
  discount_total: z.number(),
  tax_total: z.number(),
  metadata: z.object({ size: z.string(), is_available: z.boolean() }).loose(),
  product: z.object({ id: z.string(), title: z.string() }).loose(),
  variant: z.object({ id: z.string(), sku: z.string() }).loose(),
});

const cartShape = z.object({
  id: z.string(),
  region_id: z.literal(REGION.id),
  region: z.object({ id: z.literal(REGION.id), currency_code: z.literal('inr'), tax_rate: z.literal(18) }).loose(),
  currency_code: z.literal('inr'),
  items: z.array(lineShape),
  promotions: z.array(z.object({ id: z.string(), code: z.string() }).loose()),
  shipping_methods: z.array(z.object({ name: z.string() }).loose()),
  item_total: z.number(),
  subtotal: z.number(),
  discount_total: z.number(),
  tax_total: z.number(),
  shipping_total: z.number(),
  total: z.number(),
  original_total: z.number(),
});

/** Price and MRP of a variant in the database, in paise. */
async function pricesOf(variantId: string): Promise<{ price: number; mrp: number }> {
  const [row] = await queryRows<{ price: number; mrp: number }>(
    ctx.database.db,
    sql`SELECT price_paise AS price, mrp_paise AS mrp FROM variants WHERE id = ${variantId}::uuid`,
  );
  return row!;
}

/** The HSN code of wrist watches, the test's products: GST 18 % at any price (GST_LAW_RULES). */
const WATCHES = '9102';
const WATCH_RATE = lawRateFor(WATCHES, 0).rateBasisPoints / 100;

/** GST inside a GST-inclusive amount in rupees at the watches' rate, to the paisa. */
const gstIn = (rupees: number) => Math.round((rupees * 100 * WATCH_RATE) / (100 + WATCH_RATE)) / 100;

describe('the publishable key', () => {
  test('a request without one is refused with 400 and Medusa’s message', async () => {
    const error = await fetchError(new Medusa({ baseUrl }).store.region.list());
    assert.equal(error.status, 400);
    assert.equal(error.message, COMMERCE_MESSAGES.publishableKeyRequired);
    const res = await fetch(`${baseUrl}/store/products`);
    assert.deepEqual(await res.json(), { type: 'not_allowed', message: COMMERCE_MESSAGES.publishableKeyRequired });
  });

  test('an unknown key, or one revoked, is refused with 401', async () => {
    const wrong = await fetchError(
      new Medusa({ baseUrl, publishableKey: generatePublishableKey() }).store.product.list(),
    );
    assert.equal(wrong.status, 401);
    assert.equal(wrong.message, COMMERCE_MESSAGES.publishableKeyInvalid);

    const keys = new PublishableKeyService(ctx.database.db, { cacheTtlMs: 0 });
    const revoked = await keys.create('Old storefront');
    await keys.revoke(revoked);
    const error = await fetchError(new Medusa({ baseUrl, publishableKey: revoked }).store.region.list());
    assert.equal(error.status, 401);
    assert.equal(error.message, COMMERCE_MESSAGES.publishableKeyInvalid);
  });

  test('the rest of the API does not ask for one', async () => {
    const res = await fetch(`${baseUrl}/categories`);
    assert.equal(res.status, 200);
  });
});

describe('regions', () => {
  test('the India region: INR, 18 % GST, country IN', async () => {
    const { regions, count } = await sdk.store.region.list();
    assert.equal(count, 1);
    const [india] = regions;
    assert.equal(india?.id, 'india_region');
    assert.equal(india?.name, 'India');
    assert.equal(india?.currency_code, 'inr');
    assert.equal((india as unknown as { tax_rate: number }).tax_rate, 18);
    assert.deepEqual(
      india?.countries?.map((c) => c.iso_2),
      ['in'],
    );
    const { region } = await sdk.store.region.retrieve('india_region');
    assert.deepEqual(region, india);
  });

  test('an unknown region is 404 in Medusa’s shape', async () => {
    const error = await fetchError(sdk.store.region.retrieve('reg_usa'));
    assert.equal(error.status, 404);
    assert.equal(error.message, COMMERCE_MESSAGES.regionNotFound);
  });
});

describe('products', () => {
  test('pages of 12 priced for the region: selling price as calculated, MRP as original', async () => {
    const [{ total }] = (await queryRows<{ total: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS total FROM products WHERE is_active`,
    )) as [{ total: number }];
    const first = await sdk.store.product.list({ limit: COMMERCE_PRODUCT_PAGE_SIZE, offset: 0, region_id: REGION.id });
    assert.equal(first.count, total);
    assert.equal(first.limit, 12);
    assert.equal(first.offset, 0);
    assert.equal(first.products.length, 12);
    for (const product of first.products) productShape.parse(product);

    const second = await sdk.store.product.list({ limit: 12, offset: 12, region_id: REGION.id });
    assert.equal(second.offset, 12);
    assert.equal(second.products.length, 12);
    const firstIds = new Set(first.products.map((p) => p.id));
    assert.ok(
      second.products.every((p) => !firstIds.has(p.id)),
      'the second page repeats none of the first',
    );

    const last = await sdk.store.product.list({ limit: 12, offset: total - 5, region_id: REGION.id });
    assert.equal(last.products.length, 5);

    const variant = first.products[0]!.variants![0]!;
    const { price, mrp } = await pricesOf(variant.id);
    assert.equal(variant.calculated_price?.calculated_amount, price / 100);
    assert.equal(variant.calculated_price?.original_amount, mrp / 100);
  });

  test('one product by id, with its handle (the slug) and sizes', async () => {
    const picked = products[0]!;
    const { product } = await sdk.store.product.retrieve(picked.id, { region_id: REGION.id });
    productShape.parse(product);
    assert.equal(product.title, picked.name);
    assert.deepEqual(product.variants?.map((v) => v.id).sort(), picked.variants.map((v) => v.id).sort());
    const catalog = (await (await fetch(`${baseUrl}/products/${picked.id}`)).json()) as {
      data: { product: { slug: string; primaryImage: { url: string } } };
    };
    assert.equal(product.handle, catalog.data.product.slug);
    assert.equal(product.thumbnail, catalog.data.product.primaryImage.url);
    // The listing's legal details: the country of origin where the owner stated one, none elsewhere.
    assert.equal(product.origin_country, 'India');
    const other = await sdk.store.product.retrieve(products[1]!.id, { region_id: REGION.id });
    assert.equal(other.product.origin_country, null);
  });

  test('filters by ids (sent as id[0]=…&id[1]=…) and by handle', async () => {
    const ids = [products[0]!.id, products[1]!.id];
    const byIds = await sdk.store.product.list({ id: ids, region_id: REGION.id });
    assert.equal(byIds.count, 2);
    assert.deepEqual(byIds.products.map((p) => p.id).sort(), [...ids].sort());
    const handle = byIds.products[0]!.handle;
    const byHandle = await sdk.store.product.list({ handle, region_id: REGION.id });
    assert.deepEqual(
      byHandle.products.map((p) => p.id),
      [byIds.products[0]!.id],
    );
  });

  test('an unknown product is 404; an unknown region is 400', async () => {
    const missing = await fetchError(sdk.store.product.retrieve(unknownId()));
    assert.equal(missing.status, 404);
    const region = await fetchError(sdk.store.product.list({ region_id: 'reg_usa' }));
    assert.equal(region.status, 400);
    assert.equal(region.message, COMMERCE_MESSAGES.regionNotFound);
  });
});

describe('promotions', () => {
  test('GET /store/promotion lists the advertised coupons running now, not the ended, future, switched-off or private ones', async () => {
    const hour = 60 * 60 * 1000;
    await ctx.database.db.insert(coupons).values([
      {
        code: 'ENDED20',
        description: 'Ended',
        discountType: 'percentage',
        discountValue: 20,
        endsAt: new Date(Date.now() - hour),
        advertised: true,
      },
      {
        code: 'SOON20',
        description: 'Soon',
        discountType: 'percentage',
        discountValue: 20,
        startsAt: new Date(Date.now() + hour),
        advertised: true,
      },
      {
        code: 'OFF20',
        description: 'Off',
        discountType: 'percentage',
        discountValue: 20,
        isActive: false,
        advertised: true,
      },
      { code: 'STAFF40', description: 'Staff and family', discountType: 'percentage', discountValue: 40 },
      {
        code: 'WEEKEND50',
        description: '₹ 50 off this weekend',
        discountType: 'fixed',
        discountValue: 5000,
        startsAt: new Date(Date.now() - hour),
        endsAt: new Date(Date.now() + hour),
        advertised: true,
      },
    ]);
    const { promotions } = await sdk.client.fetch<{
      promotions: {
        code: string;
        description: string;
        ends_at: string | null;
        application_method: { type: string; value: number; currency_code: string; max_discount_amount: number | null };
      }[];
    }>('/store/promotion');
    const byCode = new Map(promotions.map((p) => [p.code, p]));
    assert.deepEqual([...byCode.keys()].sort(), ['FESTIVE300', 'STYLE15', 'WEEKEND50', 'WELCOME10']);
    assert.equal(byCode.get('WELCOME10')?.description, '10% off your order, up to ₹ 500');
    const welcome = byCode.get('WELCOME10')!.application_method;
    assert.deepEqual(
      [welcome.type, welcome.value, welcome.currency_code, welcome.max_discount_amount],
      ['percentage', 10, 'inr', 500],
    );
    assert.equal(byCode.get('FESTIVE300')?.application_method.value, 300);
    assert.ok(byCode.get('WEEKEND50')?.ends_at);
  });
});

describe('carts', () => {
  test('create, read with the storefront’s fields, add, change and remove line items', async () => {
    const { cart: created } = await sdk.store.cart.create({ region_id: REGION.id, email: 'asha@example.com' });
    cartShape.parse(created);
    assert.equal(created.items?.length, 0);
    assert.equal(created.total, 0);
    assert.deepEqual(created.shipping_methods, []);
    assert.equal(created.email, 'asha@example.com');

    const product = products[0]!;
    const [size, otherSize] = product.variants;
    const { price } = await pricesOf(size!.id);
    const { cart: added } = await sdk.store.cart.createLineItem(created.id, { variant_id: size!.id, quantity: 2 });
    assert.equal(added.items?.length, 1);
    const line = lineShape.parse(added.items![0]);
    assert.equal(line.variant_id, size!.id);
    assert.equal(line.product_id, product.id);
    assert.equal(line.product_title, product.name);
    assert.equal(line.quantity, 2);
    assert.equal(line.unit_price, price / 100);
    assert.equal(line.subtotal, (2 * price) / 100);
    assert.equal(added.subtotal, (2 * price) / 100);
    assert.equal(added.total, (2 * price) / 100, 'prices include GST: the total is what the lines cost');
    assert.equal(added.tax_total, gstIn((2 * price) / 100));

    const { cart: read } = await sdk.store.cart.retrieve(created.id, { fields: CART_FIELDS });
    cartShape.parse(read);
    assert.deepEqual(read.items, added.items);

    const { cart: changed } = await sdk.store.cart.updateLineItem(created.id, line.id, { quantity: 3 });
    assert.equal(changed.items![0]!.quantity, 3);
    assert.equal(changed.total, (3 * price) / 100);

    const { cart: two } = await sdk.store.cart.createLineItem(created.id, { variant_id: otherSize!.id, quantity: 1 });
    assert.equal(two.items?.length, 2);

    const removed = await sdk.store.cart.deleteLineItem(created.id, line.id);
    assert.equal(removed.id, line.id);
    assert.equal(removed.object, 'line-item');
    assert.equal(removed.deleted, true);
    assert.deepEqual(
      removed.parent?.items?.map((i) => i.variant_id),
      [otherSize!.id],
    );

    const { cart: emptied } = await sdk.store.cart.updateLineItem(created.id, removed.parent!.items![0]!.id, {
      quantity: 0,
    });
    assert.equal(emptied.items?.length, 0, 'quantity 0 removes the line, as in Medusa');
  });

  test('a cart can start with items; its email and region can be changed', async () => {
    const size = products[1]!.variants[0]!;
    const { cart } = await sdk.store.cart.create({ items: [{ variant_id: size.id, quantity: 1 }] });
    assert.equal(cart.region_id, REGION.id);
    assert.equal(cart.items?.[0]?.variant_id, size.id);
    const { cart: updated } = await sdk.store.cart.update(cart.id, { email: 'ravi@example.com', region_id: REGION.id });
    assert.equal(updated.email, 'ravi@example.com');
    const error = await fetchError(sdk.store.cart.update(cart.id, { region_id: 'reg_usa' }));
    assert.equal(error.status, 400);
    assert.equal(error.message, COMMERCE_MESSAGES.regionNotFound);
  });

  test('the cart rules hold: stock, quantities, unknown carts and lines', async () => {
    const { cart } = await sdk.store.cart.create({});
    const size = products[2]!.variants[0]!;
    const tooMany = await fetchError(sdk.store.cart.createLineItem(cart.id, { variant_id: size.id, quantity: 6 }));
    assert.equal(tooMany.status, 409);
    assert.equal(tooMany.message, onlyLeftInStock(5));
    const zero = await fetchError(sdk.store.cart.createLineItem(cart.id, { variant_id: size.id, quantity: 0 }));
    assert.equal(zero.status, 400);
    assert.equal(zero.message, CART_MESSAGES.quantity);
    const res = await fetch(`${baseUrl}/store/carts/${cart.id}/line-items`, {
      method: 'POST',
      headers: { 'x-publishable-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ variant_id: size.id, quantity: 99 }),
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { type: 'invalid_data', message: CART_MESSAGES.quantityTooLarge });

    const noCart = await fetchError(sdk.store.cart.retrieve(unknownId()));
    assert.equal(noCart.status, 404);
    assert.equal(noCart.message, CART_MESSAGES.cartNotFound);
    const noLine = await fetchError(sdk.store.cart.updateLineItem(cart.id, unknownId(), { quantity: 1 }));
    assert.equal(noLine.status, 404);
    assert.equal(noLine.message, CART_MESSAGES.itemNotFound);
  });

  test('a /store cart is the same cart for the cart service; a logged-in shopper’s cart is not reachable here', async () => {
    const { cart } = await sdk.store.cart.create({});
    const size = products[0]!.variants[1]!;
    await sdk.store.cart.createLineItem(cart.id, { variant_id: size.id, quantity: 2 });
    const carts = new CartService(
      ctx.database.db,
      new CatalogService(ctx.database.db, { mediaBaseUrl: '', cacheTtlMs: 0 }),
    );
    const record = await carts.get({ kind: 'cart', cartId: cart.id });
    assert.deepEqual(
      record?.lines.map((l) => [l.variantId, l.quantity]),
      [[size.id, 2]],
    );
    await carts.updateItemQuantity({ kind: 'cart', cartId: cart.id }, record!.lines[0]!.id, 4);
    const { cart: seen } = await sdk.store.cart.retrieve(cart.id);
    assert.equal(seen.items?.[0]?.quantity, 4);

    const account = await register(ctx.app);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/cart/add',
      headers: bearer(account.token),
      payload: { productId: products[1]!.id, variantId: products[1]!.variants[0]!.id, quantity: 1 },
    });
    const userCartId = added.json().data.cart.id as string;
    const error = await fetchError(sdk.store.cart.retrieve(userCartId));
    assert.equal(error.status, 404);
    const write = await fetchError(
      sdk.store.cart.createLineItem(userCartId, { variant_id: products[1]!.variants[1]!.id, quantity: 1 }),
    );
    assert.equal(write.status, 404);
  });
});

describe('coupons on a cart', () => {
  test('WELCOME10 takes 10 % off (any letter case), capped at ₹ 500; removing it restores the total', async () => {
    const size = products[0]!.variants[0]!;
    const { price } = await pricesOf(size.id);
    const { cart } = await sdk.store.cart.create({ items: [{ variant_id: size.id, quantity: 1 }] });
    const subtotal = price / 100;

    const { cart: discounted } = await sdk.store.cart.addPromotions(cart.id, { promo_codes: ['welcome10'] });
    const expected = Math.min(Math.round(price * 0.1), 50000) / 100;
    assert.deepEqual(
      discounted.promotions.map((p) => p.code),
      ['WELCOME10'],
    );
    assert.equal(discounted.subtotal, subtotal);
    assert.equal(discounted.discount_total, expected);
    assert.equal(discounted.total, Math.round((subtotal - expected) * 100) / 100);
    assert.equal(discounted.original_total, subtotal);
    assert.equal(discounted.tax_total, gstIn(discounted.total));
    assert.equal(discounted.items?.[0]?.discount_total, expected);

    const { cart: restored } = await sdk.store.cart.removePromotions(cart.id, { promo_codes: ['WELCOME10'] });
    assert.deepEqual(restored.promotions, []);
    assert.equal(restored.discount_total, 0);
    assert.equal(restored.total, subtotal);
  });

  test('WELCOME10 stops at ₹ 500 on a large cart', async () => {
    const { cart } = await sdk.store.cart.create({});
    let last = cart;
    for (const p of products) {
      for (const v of p.variants.slice(0, 2)) {
        last = (await sdk.store.cart.createLineItem(cart.id, { variant_id: v.id, quantity: 5 })).cart;
      }
    }
    assert.ok(last.subtotal * 0.1 > 500, `the cart is big enough (${last.subtotal})`);
    const { cart: discounted } = await sdk.store.cart.addPromotions(cart.id, { promo_codes: ['WELCOME10'] });
    assert.equal(discounted.discount_total, 500);
    assert.equal(
      discounted.items?.reduce((sum, i) => sum + Math.round((i.discount_total ?? 0) * 100), 0),
      50000,
      'the lines’ discounts add up to the cart’s',
    );
    assert.equal(
      discounted.items?.reduce((sum, i) => sum + Math.round((i.tax_total ?? 0) * 100), 0),
      Math.round(discounted.tax_total * 100),
      'the lines’ GST adds up to the cart’s',
    );
  });

  test('FESTIVE300 needs ₹ 1,999 of items; an unknown code or two codes at once are refused', async () => {
    const cheap = await queryRows<{ id: string; price: number }>(
      ctx.database.db,
      sql`SELECT v.id, v.price_paise AS price FROM variants v JOIN products p ON p.id = v.product_id
          WHERE p.is_active AND v.price_paise < 199900 AND v.stock > 0 ORDER BY v.price_paise DESC LIMIT 1`,
    );
    const item = cheap[0]!;
    await setStock(ctx.database.db, item.id, 20);
    const { cart } = await sdk.store.cart.create({ items: [{ variant_id: item.id, quantity: 1 }] });

    const below = await fetchError(sdk.store.cart.addPromotions(cart.id, { promo_codes: ['FESTIVE300'] }));
    assert.equal(below.status, 400);
    assert.equal(below.message, couponMinimumOrder(1999));

    const quantity = Math.ceil(199900 / item.price);
    const { cart: enough } = await sdk.store.cart.updateLineItem(cart.id, cart.items![0]!.id, { quantity });
    const { cart: discounted } = await sdk.store.cart.addPromotions(cart.id, { promo_codes: ['FESTIVE300'] });
    assert.equal(discounted.discount_total, 300);
    assert.equal(discounted.total, Math.round((enough.subtotal - 300) * 100) / 100);

    const { cart: dropped } = await sdk.store.cart.updateLineItem(cart.id, cart.items![0]!.id, { quantity: 1 });
    assert.equal(dropped.discount_total, 0, 'below the minimum again, the coupon gives nothing');

    const unknown = await fetchError(sdk.store.cart.addPromotions(cart.id, { promo_codes: ['NOPE'] }));
    assert.equal(unknown.status, 400);
    assert.equal(unknown.message, COUPON_MESSAGES.notFound);
    const two = await fetchError(sdk.store.cart.addPromotions(cart.id, { promo_codes: ['WELCOME10', 'STYLE15'] }));
    assert.equal(two.status, 400);
    assert.equal(two.message, COUPON_MESSAGES.oneAtATime);
  });
});

test('at the first start with no key configured, one key is generated, stored and logged', async () => {
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const fresh = await createTestApp({ seed: false, logStream, env: { LOG_LEVEL: 'info' } });
  try {
    const rows = await queryRows<{ token: string }>(fresh.database.db, sql`SELECT token FROM publishable_api_keys`);
    assert.equal(rows.length, 1);
    const token = rows[0]!.token;
    assert.match(token, /^pk_[0-9a-f]{64}$/);
    assert.ok(
      lines.some((l) => l.includes(token)),
      'the key is printed in the log',
    );
    const res = await fresh.app.inject({
      method: 'GET',
      url: '/store/regions',
      headers: { 'x-publishable-api-key': token },
    });
    assert.equal(res.statusCode, 200);
  } finally {
    await fresh.close();
  }
});
