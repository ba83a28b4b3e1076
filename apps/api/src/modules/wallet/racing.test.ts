/**
 * Acceptance (behaviour.md "Store credit"): orders racing to spend one balance cannot overdraw
 * it. One shopper with ₹ 1,500 of store credit places 6 cash on delivery orders of ₹ 999 at the
 * same moment, each asking to use the store credit, while the owner debits ₹ 100: every
 * order is placed, the store credit parts and the debit add up to the ₹ 1,500 exactly and the
 * balance ends at 0, never below. Each order locks the shopper's wallet row inside its
 * transaction, so the second spender reads what the first took.
 *
 * @postgres: real concurrent transactions race for one wallet there.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rupeesToPaise, type Order } from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, type Piece } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let owner: StaffLogin;
let shopper: Account;
let piece: Piece;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  owner = await staffOfRole(ctx, 'owner');
  shopper = await register(ctx.app);
  [piece] = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 })) as [Piece];
  const funded = await asStaff(ctx.app, owner, 'POST', `/admin/api/customers/${shopper.userId}/wallet`, {
    direction: 'credit',
    amount: 1500,
    reason: 'Racing test',
  });
  assert.equal(funded.statusCode, 200, funded.body);
});
after(() => ctx.close());

test('six orders and a debit racing for ₹ 1,500 of store credit take exactly ₹ 1,500', async () => {
  const orders = Array.from({ length: 6 }, () =>
    ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(shopper.token),
      payload: {
        items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }],
        shippingAddress: BENGALURU_ADDRESS,
        paymentMethod: 'cod',
        useStoreCredit: true,
      },
    }),
  );
  const debit = asStaff(ctx.app, owner, 'POST', `/admin/api/customers/${shopper.userId}/wallet`, {
    direction: 'debit',
    amount: 100,
    reason: 'Racing debit',
  });
  const [debitAnswer, ...answers] = await Promise.all([debit, ...orders]);
  assert.deepEqual(
    answers.map((a) => a.statusCode),
    [201, 201, 201, 201, 201, 201],
  );
  const placed = answers.map((a) => (a.json() as { data: { order: Order } }).data.order);
  const walletPaise = placed.reduce((s, o) => s + rupeesToPaise(o.walletAmount), 0);
  for (const o of placed) {
    assert.equal(rupeesToPaise(o.walletAmount) + rupeesToPaise(o.amountPayable), rupeesToPaise(o.totalAmount));
  }
  const debited = debitAnswer.statusCode === 200 ? 10_000 : 0;
  assert.equal(walletPaise + debited, 150_000, `orders took ${walletPaise}, the debit ${debited}`);
  const [row] = await queryRows<{ balance: number; lowest: number }>(
    ctx.database.db,
    sql`SELECT coalesce(sum(amount_paise), 0)::int AS balance,
               coalesce(min(running), 0)::int AS lowest
        FROM (SELECT amount_paise, sum(amount_paise) OVER (ORDER BY seq) AS running
              FROM wallet_entries WHERE user_id = ${shopper.userId}::uuid) entries`,
  );
  assert.equal(row!.balance, 0);
  assert.ok(row!.lowest >= 0, 'the running balance never went below 0');
});
