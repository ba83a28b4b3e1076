/**
 * Pricing inside the order's transaction (behaviour.md §4 Pricing): a category GST rule and a
 * category coupon need the category tree; when it is not cached (CATALOG_CACHE_TTL_MS=0 here,
 * every 30 s in a running store) the order reads it in its own transaction. Read outside it, on
 * the embedded database the read waits for the transaction and the order never completes.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { bearer, freshIp, register } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';

let ctx: TestContext;
let product: TestProduct;

before(async () => {
  ctx = await createTestApp({ env: { ...MANY_ORDERS_ENV, CATALOG_CACHE_TTL_MS: '0' } });
  const db = ctx.database.db;
  product = (await pickProducts(db, 1))[0]!;
  // The seed leaves about one size in eight out of stock, and products come in random order.
  await setStock(db, product.variants[0]!.id, 5);
  const [row] = await queryRows<{ category_id: string }>(
    db,
    sql`SELECT category_id FROM products WHERE id = ${product.id}::uuid`,
  );
  await db.execute(sql`
    INSERT INTO tax_rates (hsn_prefix, category_id, min_unit_paise, max_unit_paise, rate_basis_points, description)
    VALUES (NULL, ${row!.category_id}::uuid, 0, NULL, 1200, 'category')`);
  await db.execute(sql`
    INSERT INTO coupons (code, description, discount_type, discount_value, category_ids, product_ids)
    VALUES ('TREE10', '10 % off one category', 'percentage', 10, ARRAY[${row!.category_id}::uuid], '{}')`);
});
after(() => ctx.close());

test('an order with a category GST rule and a category coupon is placed with the tree uncached', async () => {
  const shopper = await register(ctx.app);
  const variant = product.variants[0]!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    remoteAddress: freshIp(),
    payload: {
      items: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'sandbox',
      coupon: 'TREE10',
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  const order = res.json().data.order;
  assert.equal(order.coupon?.code, 'TREE10');
  assert.equal(order.items[0].taxRate, 12);
  assert.equal(Math.round(order.discountAmount * 100), Math.round(variant.pricePaise / 10));
});
