/**
 * After a return or a cancellation (behaviour.md §10, docs/admin.md
 * "Returns"): at pickup each returned line goes back in stock or not, by the store's choice
 * per line or by default from the reason (a damaged piece is not restocked), and the choice is
 * kept on the return; a partial return leaves the order "Partly returned and refunded" with
 * the pieces returned on their lines; a cancelled order tells what was refunded.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ORDER_MESSAGES, PARTLY_REFUNDED_LABEL, type AdminRole, type Order } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { variants } from '../../db/schema';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let kurta: Piece;
let shoe: Piece;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Meera Iyer', phone: '9123456780' });
  [kurta, shoe] = (await piecesOf(ctx, 2, { blocked: false, pricePaise: 99_900 })) as [Piece, Piece];
});
after(() => ctx.close());

const stockOf = async (piece: Piece) =>
  (await ctx.database.db.select().from(variants).where(eq(variants.id, piece.variantId)))[0]!.stock;

/** A delivered, paid order of one kurta and two shoes. */
async function delivered(): Promise<Order> {
  const placed = await placePaidOrder(ctx, shopper, {
    items: [
      { productId: kurta.productId, variantId: kurta.variantId, quantity: 1 },
      { productId: shoe.productId, variantId: shoe.variantId, quantity: 2 },
    ],
  });
  await deliver(ctx, placed.id);
  return placed;
}

const lineOf = (order: Order, piece: Piece) => order.items.find((i) => i.variantId === piece.variantId)!;

const step = (orderId: string, name: string, body: object = {}) =>
  asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${orderId}/return/${name}`, body);

/** The shopper's own view of the order (GET /orders/{id}). */
async function shopperView(orderId: string): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order;
}

describe('restocking at pickup, per line', () => {
  it('a damaged return is not restocked by default; a line the store ticks is', async () => {
    const order = await delivered();
    const items = [lineOf(order, kurta), lineOf(order, shoe)].map((l) => ({ orderItemId: l.id, quantity: 1 }));
    assert.equal((await sendReturn(ctx, shopper, order.id, { reason: 'damaged', items })).status, 201);
    assert.equal((await step(order.id, 'approve')).statusCode, 200);
    const [kurtaStock, shoeStock] = [await stockOf(kurta), await stockOf(shoe)];

    const unknown = await step(order.id, 'pickup', {
      lines: [{ orderItemId: '00000000-0000-4000-8000-000000000000', restock: true }],
    });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.equal(unknown.json().message, ORDER_MESSAGES.returnItemUnknown);
    assert.equal((await shopperView(order.id)).status, 'return_approved', 'a refused pickup changes nothing');

    // Only the shoe is named: the damaged kurta keeps the reason's default.
    const picked = await step(order.id, 'pickup', { lines: [{ orderItemId: lineOf(order, shoe).id, restock: true }] });
    assert.equal(picked.statusCode, 200, picked.body);
    assert.equal(await stockOf(kurta), kurtaStock, 'the damaged kurta stays out of stock');
    assert.equal(await stockOf(shoe), shoeStock + 1, 'the shoe the store ticked is back');
    const restocked = Object.fromEntries(
      (picked.json().data.returnRequest.items as { orderItemId: string; restocked: boolean }[]).map((i) => [
        i.orderItemId,
        i.restocked,
      ]),
    );
    assert.deepEqual(restocked, { [lineOf(order, kurta).id]: false, [lineOf(order, shoe).id]: true });
  });

  it('a return for size goes back in stock by default; the store may keep a line out', async () => {
    const order = await delivered();
    const items = [lineOf(order, kurta), lineOf(order, shoe)].map((l) => ({ orderItemId: l.id, quantity: 1 }));
    assert.equal((await sendReturn(ctx, shopper, order.id, { reason: 'size', items })).status, 201);
    assert.equal((await step(order.id, 'approve')).statusCode, 200);
    const [kurtaStock, shoeStock] = [await stockOf(kurta), await stockOf(shoe)];
    const picked = await step(order.id, 'pickup', { lines: [{ orderItemId: lineOf(order, shoe).id, restock: false }] });
    assert.equal(picked.statusCode, 200, picked.body);
    assert.equal(await stockOf(kurta), kurtaStock + 1);
    assert.equal(await stockOf(shoe), shoeStock);
  });
});

describe('the order after a return', () => {
  it('a partial return leaves the order partly returned and refunded, with the lines that were', async () => {
    const order = await delivered();
    const shoeLine = lineOf(order, shoe);
    const items = [{ orderItemId: shoeLine.id, quantity: 1 }];
    assert.equal((await sendReturn(ctx, shopper, order.id, { reason: 'fit', items })).status, 201);
    for (const name of ['approve', 'pickup']) assert.equal((await step(order.id, name)).statusCode, 200);
    const refunded = await step(order.id, 'refund');
    assert.equal(refunded.statusCode, 200, refunded.body);
    const admin = refunded.json().data.order as Order;
    const own = await shopperView(order.id);
    for (const view of [admin, own]) {
      assert.equal(view.status, 'refunded');
      assert.equal(view.statusLabel, PARTLY_REFUNDED_LABEL);
      assert.equal(lineOf(view, shoe).returnedQuantity, 1, 'one of the two shoes came back');
      assert.equal(lineOf(view, kurta).returnedQuantity, 0);
      assert.equal(view.refundedAmount, view.returnRequest!.refundAmount);
    }
    const adminView = await asStaff(ctx.app, team.support, 'GET', `/admin/api/orders/${order.id}`);
    assert.equal(adminView.json().data.order.statusLabel, PARTLY_REFUNDED_LABEL);
    const tracking = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipping/track/${order.id}`,
      headers: bearer(shopper.token),
    });
    assert.equal(tracking.json().data.currentStatus, PARTLY_REFUNDED_LABEL, tracking.body);
  });

  it('a whole order returned and refunded reads "Refunded"', async () => {
    const order = await delivered();
    assert.equal((await sendReturn(ctx, shopper, order.id, { reason: 'colour' })).status, 201);
    for (const name of ['approve', 'pickup', 'refund']) assert.equal((await step(order.id, name)).statusCode, 200);
    const own = await shopperView(order.id);
    assert.equal(own.statusLabel, 'Refunded');
    assert.deepEqual(
      own.items.map((l) => l.returnedQuantity - l.quantity),
      [0, 0],
    );
  });
});

describe('a cancelled order', () => {
  it('tells what was refunded: everything paid, or nothing for an unpaid cash-on-delivery order', async () => {
    const paid = await placePaidOrder(ctx, shopper, {
      items: [{ productId: kurta.productId, variantId: kurta.variantId, quantity: 1 }],
    });
    const cod = await placePaidOrder(ctx, shopper, {
      items: [{ productId: kurta.productId, variantId: kurta.variantId, quantity: 1 }],
      paymentMethod: 'cod',
    });
    for (const order of [paid, cod]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/orders/${order.id}/cancel`,
        headers: bearer(shopper.token),
        payload: { reason: 'Ordered the wrong size' },
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    const paidView = await shopperView(paid.id);
    assert.equal(paidView.statusLabel, 'Cancelled');
    // The sandbox settles the refund at once.
    assert.equal(paidView.refundedAmount, paid.amountPayable);
    const codView = await shopperView(cod.id);
    assert.equal(codView.paymentStatus, 'pending');
    assert.equal(codView.refundedAmount, 0);
  });
});
