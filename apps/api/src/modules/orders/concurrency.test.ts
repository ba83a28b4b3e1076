/**
 * Acceptance: 50 orders placed at the same moment for a size with 5 in stock. Exactly 5
 * succeed, the other 45 get the clear out-of-stock answer, and the stock ends at 0, never
 * below. On the PostgreSQL server (`.ci/run`'s second pass) these are 50 real concurrent
 * transactions racing for the row; on PGlite they queue up on its single connection.
 *
 * @postgres: 50 real concurrent transactions race for one row there.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { orderOutOfStock } from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';

let ctx: TestContext;
let product: TestProduct;
let buyers: Account[];

before(async () => {
  // 50 orders from one address in one go: above ORDER_ATTEMPTS_PER_ADDRESS.
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  [product] = (await pickProducts(ctx.database.db, 1)) as [TestProduct];
  await setStock(ctx.database.db, product.variants[0]!.id, 5);
  buyers = [];
  for (let i = 0; i < 10; i += 1) buyers.push(await register(ctx.app));
});
after(() => ctx.close());

test('50 simultaneous orders for 5 pieces: exactly 5 succeed and the stock ends at 0', async () => {
  const variantId = product.variants[0]!.id;
  const attempts = Array.from({ length: 50 }, (_, i) =>
    ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(buyers[i % buyers.length]!.token),
      payload: {
        items: [{ productId: product.id, variantId, quantity: 1 }],
        shippingAddress: {
          firstName: 'Ravi',
          lastName: 'Iyer',
          street: '7 Residency Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560025',
          country: 'India',
          phone: '9123456780',
        },
        paymentMethod: 'cod',
      },
    }),
  );
  const answers = await Promise.all(attempts);
  const statuses = answers.map((a) => a.statusCode);
  assert.equal(statuses.filter((s) => s === 201).length, 5, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 409).length, 45, statuses.join(','));
  const [{ name }] = (await queryRows<{ name: string }>(
    ctx.database.db,
    sql`SELECT name FROM products WHERE id = ${product.id}::uuid`,
  )) as [{ name: string }];
  for (const refused of answers.filter((a) => a.statusCode === 409)) {
    assert.equal(refused.json().message, orderOutOfStock(name, product.variants[0]!.size, 0));
  }
  const [row] = await queryRows<{ stock: number; in_stock_orders: number }>(
    ctx.database.db,
    sql`SELECT v.stock, (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE variant_id = v.id) AS in_stock_orders
        FROM variants v WHERE v.id = ${variantId}::uuid`,
  );
  assert.equal(row!.stock, 0);
  assert.equal(row!.in_stock_orders, 5, 'five pieces were sold, in five orders');
});
