/**
 * Size exchanges (behaviour.md "Exchanges", docs/admin.md "Exchanges"): a delivered kurta
 * swapped for the next size at the same price (no GST documents), at a higher price (paid from
 * the store credit; credit note and invoice) and at a lower one (given to the store credit at
 * pickup); no stock refused with a return offered; the replacement's stock released on
 * rejection and on a failed pickup; the steps' roles and audit entries; someone else's order;
 * not delivered, window closed, a piece under a return, a non-returnable category, a photo missing;
 * a line being exchanged is not returned too.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  EXCHANGE_MESSAGES,
  ORDER_MESSAGES,
  itemNotReturnable,
  type AdminRole,
  type ExchangeOption,
  type ExchangeRequest,
  type Order,
} from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { stockMovements, variants } from '../../db/schema';
import { bearer, multipart, register, type Account } from '../../test/accounts';
import { setPricePaise, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { JPEG } from '../../test/images';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { deliver, deliveredDaysAgo, piecesOf, placePaidOrder, sendReturn } from '../../test/returns';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let stranger: Account;
/** A returnable kurta's sizes: the one bought, the next size, and a third. */
let kurta: { productId: string; sizes: [string, string, string] };

const PRICE = 99_900;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
  stranger = await register(ctx.app, { name: 'Ravi Menon' });
  const slugs = ctx.config.returns.nonReturnableCategories;
  const [row] = await queryRows<{ productId: string; sizes: string[] }>(
    ctx.database.db,
    sql`WITH RECURSIVE lineage(category_id, ancestor_id) AS (
          SELECT id, id FROM categories
          UNION ALL
          SELECT l.category_id, c.parent_id FROM lineage l JOIN categories c ON c.id = l.ancestor_id
          WHERE c.parent_id IS NOT NULL
        ), blocked AS (
          SELECT DISTINCT l.category_id FROM lineage l JOIN categories c ON c.id = l.ancestor_id
          WHERE c.slug = ANY(${`{${slugs.join(',')}}`}::text[])
        )
        SELECT p.id AS "productId", array_agg(v.id::text ORDER BY v.position, v.sku) AS sizes
        FROM products p JOIN variants v ON v.product_id = p.id
        WHERE p.is_active AND p.category_id NOT IN (SELECT category_id FROM blocked)
        GROUP BY p.id HAVING count(*) >= 3 ORDER BY p.id LIMIT 1`,
  );
  assert.ok(row, 'the seeded catalogue has a returnable product with three sizes');
  kurta = { productId: row.productId, sizes: row.sizes.slice(0, 3) as [string, string, string] };
});
after(() => ctx.close());

beforeEach(async () => {
  for (const id of kurta.sizes) {
    await setPricePaise(ctx.database.db, id, PRICE);
    await setStock(ctx.database.db, id, 20);
  }
});

const [bought, next, third] = [0, 1, 2] as const;
const stockOf = async (size: number) =>
  (await ctx.database.db.select().from(variants).where(eq(variants.id, kurta.sizes[size]!)))[0]!.stock;

/** A paid order of one kurta in the first size, delivered (yesterday by default). */
async function deliveredKurta(account = shopper): Promise<Order> {
  const placed = await placePaidOrder(ctx, account, {
    items: [{ productId: kurta.productId, variantId: kurta.sizes[bought], quantity: 1 }],
  });
  await deliver(ctx, placed.id);
  return placed;
}

/** POST /orders/{id}/exchange as `account` with a photo per `photos`. */
async function askExchange(
  account: Account,
  order: Order,
  fields: { variantId: string; reason?: string; orderItemId?: string },
  photos = 0,
) {
  const form = new FormData();
  form.set('orderItemId', fields.orderItemId ?? order.items[0]!.id);
  form.set('variantId', fields.variantId);
  form.set('reason', fields.reason ?? 'size');
  for (let i = 0; i < photos; i++) form.append('files', new Blob([JPEG], { type: 'image/jpeg' }), `p${i}.jpg`);
  const body = await multipart(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/orders/${order.id}/exchange`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(account.token) },
  });
  return {
    status: res.statusCode,
    message: res.json().message as string,
    exchange: res.json().data?.exchange as ExchangeRequest,
  };
}

async function step(exchangeId: string, name: string, body: object = {}, who = team.staff) {
  const res = await asStaff(ctx.app, who, 'POST', `/admin/api/exchanges/${exchangeId}/${name}`, body);
  return { status: res.statusCode, body: res.json() as { message?: string; data: { exchange: ExchangeRequest } } };
}

async function walletBalance(account: Account): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/wallet', headers: bearer(account.token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.balance as number;
}

async function giveCredit(account: Account, amount: number) {
  const res = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/customers/${account.userId}/wallet`, {
    direction: 'credit',
    amount,
    reason: 'Goodwill',
  });
  assert.equal(res.statusCode, 200, res.body);
}

const movements = (size: number, reason: 'ordered' | 'released' | 'returned') =>
  ctx.database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.variantId, kurta.sizes[size]!), eq(stockMovements.reason, reason)));

describe('an exchange at the same price', () => {
  it('holds the next size, then goes approved → picked up → shipped → delivered, with no GST documents', async () => {
    const order = await deliveredKurta();
    const options = await ctx.app.inject({
      method: 'GET',
      url: `/orders/${order.id}/exchange-options?orderItemId=${order.items[0]!.id}`,
      headers: bearer(shopper.token),
    });
    assert.equal(options.statusCode, 200, options.body);
    const offered = options.json().data.options as ExchangeOption[];
    assert.ok(!offered.some((o) => o.variantId === kurta.sizes[bought]), 'the size bought is not offered');
    const nextOption = offered.find((o) => o.variantId === kurta.sizes[next])!;
    assert.deepEqual([nextOption.inStock, nextOption.priceDifference], [true, 0]);

    const [boughtStock, nextStock] = [await stockOf(bought), await stockOf(next)];
    const asked = await askExchange(shopper, order, { variantId: kurta.sizes[next] });
    assert.equal(asked.status, 201, asked.message);
    assert.equal(asked.message, EXCHANGE_MESSAGES.requested);
    assert.equal(asked.exchange.status, 'requested');
    assert.equal(asked.exchange.priceDifference, 0);
    assert.equal(asked.exchange.settlement, 'none');
    assert.equal(await stockOf(next), nextStock - 1, 'the replacement is held from the request');
    const ordered = await movements(next, 'ordered');
    assert.ok(ordered.some((m) => m.reference === order.orderNumber && m.actor === 'shopper'));

    const again = await askExchange(shopper, order, { variantId: kurta.sizes[third] });
    assert.equal(again.status, 409);
    assert.equal(again.message, EXCHANGE_MESSAGES.inProgress);

    const id = asked.exchange.id;
    assert.equal((await step(id, 'ship', { courier: 'Delhivery', awb: 'X1' })).status, 409, 'out of order');
    assert.equal((await step(id, 'approve')).status, 200);
    const picked = await step(id, 'pickup');
    assert.equal(picked.status, 200);
    assert.equal(picked.body.data.exchange.restocked, true);
    assert.equal(await stockOf(bought), boughtStock + 1, 'the piece that came back is restocked');
    const noAwb = await step(id, 'ship', { courier: 'Delhivery' });
    assert.equal(noAwb.status, 400);
    const shipped = await step(id, 'ship', { courier: 'Delhivery', awb: 'DLV0001' });
    assert.equal(shipped.status, 200);
    assert.equal(shipped.body.data.exchange.awb, 'DLV0001');
    const done = await step(id, 'deliver');
    assert.equal(done.status, 200);
    assert.equal(done.body.data.exchange.status, 'delivered');
    assert.equal(done.body.data.exchange.statusLabel, 'Replacement delivered');
    assert.deepEqual([done.body.data.exchange.creditNoteNumber, done.body.data.exchange.invoiceNumber], [null, null]);

    const own = await ctx.app.inject({
      method: 'GET',
      url: `/orders/${order.id}/exchanges`,
      headers: bearer(shopper.token),
    });
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(
      (own.json().data.exchanges as ExchangeRequest[]).map((e) => [e.status, e.to.variantId]),
      [['delivered', kurta.sizes[next]]],
    );
    const once = await askExchange(shopper, order, { variantId: kurta.sizes[third] });
    assert.equal(once.status, 409);
    assert.equal(once.message, EXCHANGE_MESSAGES.alreadyExchanged);

    // Every step is in the audit log with who made it and the exchange before and after.
    const audit = await asStaff(ctx.app, team.owner, 'GET', `/admin/api/audit?entity=exchange&entityId=${id}`);
    assert.equal(audit.statusCode, 200, audit.body);
    const entries = audit.json().data.rows as {
      action: string;
      actor: { email: string };
      before: ExchangeRequest;
      after: ExchangeRequest;
    }[];
    assert.deepEqual(entries.map((e) => e.action).sort(), [
      'exchange.approve',
      'exchange.deliver',
      'exchange.pickup',
      'exchange.ship',
    ]);
    const approve = entries.find((e) => e.action === 'exchange.approve')!;
    assert.equal(approve.actor.email, team.staff.email);
    assert.deepEqual([approve.before.status, approve.after.status], ['requested', 'approved']);
  });
});

describe('an exchange at another price', () => {
  it('a dearer size is paid from the store credit; credit note at pickup, invoice when shipped', async () => {
    await setPricePaise(ctx.database.db, kurta.sizes[next], PRICE + 20_000);
    const order = await deliveredKurta();
    const nextStock = await stockOf(next);
    const short = await askExchange(shopper, order, { variantId: kurta.sizes[next] });
    assert.equal(short.status, 400);
    assert.equal(short.message, EXCHANGE_MESSAGES.notEnoughCredit);
    assert.equal(await stockOf(next), nextStock, 'a refused exchange holds no stock');

    await giveCredit(shopper, 500);
    const asked = await askExchange(shopper, order, { variantId: kurta.sizes[next] });
    assert.equal(asked.status, 201, asked.message);
    assert.deepEqual([asked.exchange.priceDifference, asked.exchange.settlement], [200, 'wallet_debit']);
    assert.equal(await walletBalance(shopper), 300);

    const id = asked.exchange.id;
    assert.equal((await step(id, 'approve')).status, 200);
    const picked = await step(id, 'pickup');
    assert.match(picked.body.data.exchange.creditNoteNumber ?? '', /^CN\/\d{4}-\d{2}\/\d{6}$/);
    const shipped = await step(id, 'ship', { courier: 'Delhivery', awb: 'DLV0002' });
    assert.match(shipped.body.data.exchange.invoiceNumber ?? '', /^INV\/\d{4}-\d{2}\/\d{6}$/);
    // The order's own invoice is still its own, apart from the replacement's.
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/orders/${order.id}/invoice`,
      headers: bearer(shopper.token),
    });
    assert.equal(invoice.statusCode, 200);
    const docs = await queryRows<{ kind: string; exchange_request_id: string | null }>(
      ctx.database.db,
      sql`SELECT kind, exchange_request_id FROM invoice_documents WHERE order_id = ${order.id}::uuid ORDER BY number`,
    );
    assert.deepEqual(docs.map((d) => `${d.kind} of ${d.exchange_request_id ? 'the exchange' : 'the order'}`).sort(), [
      'credit_note of the exchange',
      'invoice of the exchange',
      'invoice of the order',
    ]);
  });

  it('a cheaper colour gives the difference to the store credit once the piece is picked up', async () => {
    await setPricePaise(ctx.database.db, kurta.sizes[third], PRICE - 10_000);
    const buyer = await register(ctx.app, { name: 'Kavya Nair' });
    const order = await deliveredKurta(buyer);
    const asked = await askExchange(buyer, order, { variantId: kurta.sizes[third], reason: 'colour' });
    assert.equal(asked.status, 201, asked.message);
    assert.deepEqual([asked.exchange.priceDifference, asked.exchange.settlement], [-100, 'wallet_credit']);
    assert.equal(await walletBalance(buyer), 0, 'nothing is given back before the piece is back');
    assert.equal((await step(asked.exchange.id, 'approve')).status, 200);
    const picked = await step(asked.exchange.id, 'pickup');
    assert.equal(picked.status, 200);
    assert.equal(await walletBalance(buyer), 100);
    assert.ok(picked.body.data.exchange.creditNoteNumber);
  });
});

describe('stock', () => {
  it('a size with no stock is refused with a return offered, and shown as out of stock', async () => {
    await setStock(ctx.database.db, kurta.sizes[next], 0);
    const order = await deliveredKurta();
    const options = await ctx.app.inject({
      method: 'GET',
      url: `/orders/${order.id}/exchange-options?orderItemId=${order.items[0]!.id}`,
      headers: bearer(shopper.token),
    });
    const offered = options.json().data.options as ExchangeOption[];
    assert.equal(offered.find((o) => o.variantId === kurta.sizes[next])!.inStock, false);
    const asked = await askExchange(shopper, order, { variantId: kurta.sizes[next] });
    assert.equal(asked.status, 409);
    assert.equal(asked.message, EXCHANGE_MESSAGES.outOfStock);
    assert.match(asked.message, /return the piece/);
  });

  it('a rejection and a failed pickup put the replacement back and give back what was paid', async () => {
    await setPricePaise(ctx.database.db, kurta.sizes[next], PRICE + 5_000);
    const buyer = await register(ctx.app, { name: 'Arjun Das' });
    await giveCredit(buyer, 100);
    const nextStock = await stockOf(next);

    const first = await deliveredKurta(buyer);
    const asked = await askExchange(buyer, first, { variantId: kurta.sizes[next] });
    assert.equal(asked.status, 201, asked.message);
    assert.equal(await stockOf(next), nextStock - 1);
    assert.equal(await walletBalance(buyer), 50);
    const noReason = await step(asked.exchange.id, 'reject', {});
    assert.equal(noReason.status, 400);
    const rejected = await step(asked.exchange.id, 'reject', { note: 'The tag was cut off.' });
    assert.equal(rejected.status, 200);
    assert.equal(rejected.body.data.exchange.decisionNote, 'The tag was cut off.');
    assert.equal(await stockOf(next), nextStock, 'released on rejection');
    assert.equal(await walletBalance(buyer), 100, 'the difference paid is given back');
    assert.ok((await movements(next, 'released')).some((m) => m.reference === first.orderNumber));

    const second = await deliveredKurta(buyer);
    const again = await askExchange(buyer, second, { variantId: kurta.sizes[next] });
    assert.equal(again.status, 201, again.message);
    assert.equal((await step(again.exchange.id, 'approve')).status, 200);
    const failed = await step(again.exchange.id, 'pickup-failed', { note: 'Nobody home, three tries.' });
    assert.equal(failed.status, 200);
    assert.equal(failed.body.data.exchange.status, 'pickup_failed');
    assert.equal(await stockOf(next), nextStock, 'released when the pickup failed');
    assert.equal(await walletBalance(buyer), 100);
  });

  it('a damaged piece that comes back is not restocked by default', async () => {
    const order = await deliveredKurta();
    const noPhoto = await askExchange(shopper, order, { variantId: kurta.sizes[next], reason: 'damaged' });
    assert.equal(noPhoto.status, 400);
    assert.equal(noPhoto.message, EXCHANGE_MESSAGES.photoRequired);
    const asked = await askExchange(shopper, order, { variantId: kurta.sizes[next], reason: 'damaged' }, 1);
    assert.equal(asked.status, 201, asked.message);
    assert.equal(asked.exchange.files.length, 1);
    const photo = await ctx.app.inject({
      method: 'GET',
      url: new URL(asked.exchange.files[0]!.url).pathname,
      headers: bearer(stranger.token),
    });
    assert.equal(photo.statusCode, 404, 'someone else’s photo');
    const boughtStock = await stockOf(bought);
    assert.equal((await step(asked.exchange.id, 'approve')).status, 200);
    const picked = await step(asked.exchange.id, 'pickup');
    assert.equal(picked.body.data.exchange.restocked, false);
    assert.equal(await stockOf(bought), boughtStock);
  });
});

describe('who may', () => {
  it('support reads the queue but cannot work it; staff and owner can', async () => {
    const order = await deliveredKurta();
    const asked = await askExchange(shopper, order, { variantId: kurta.sizes[next] });
    assert.equal(asked.status, 201, asked.message);
    const queue = await asStaff(ctx.app, team.support, 'GET', '/admin/api/exchanges?status=requested');
    assert.equal(queue.statusCode, 200, queue.body);
    assert.ok((queue.json().data.rows as ExchangeRequest[]).some((e) => e.id === asked.exchange.id));
    assert.equal((await step(asked.exchange.id, 'approve', {}, team.support)).status, 403);
    assert.equal((await step(asked.exchange.id, 'approve', {}, team.owner)).status, 200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/admin/api/exchanges' });
    assert.equal(anonymous.statusCode, 401);
  });

  it('someone else’s order is not found; a missing session is 401', async () => {
    const order = await deliveredKurta();
    const theirs = await askExchange(stranger, order, { variantId: kurta.sizes[next] });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.message, ORDER_MESSAGES.notFound);
    for (const url of [
      `/orders/${order.id}/exchanges`,
      `/orders/${order.id}/exchange-options?orderItemId=${order.items[0]!.id}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(stranger.token) });
      assert.equal(res.statusCode, 404, url);
    }
    const noSession = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}/exchanges` });
    assert.equal(noSession.statusCode, 401);
  });
});

describe('what may be exchanged', () => {
  it('not before delivery, not the same size, not under a return, not after the window, not a non-returnable category', async () => {
    const placed = await placePaidOrder(ctx, shopper, {
      items: [{ productId: kurta.productId, variantId: kurta.sizes[bought], quantity: 1 }],
    });
    const early = await askExchange(shopper, placed, { variantId: kurta.sizes[next] });
    assert.equal(early.status, 400);
    assert.equal(early.message, ORDER_MESSAGES.returnNotDelivered);

    await deliver(ctx, placed.id);
    const same = await askExchange(shopper, placed, { variantId: kurta.sizes[bought] });
    assert.equal(same.status, 400);
    assert.equal(same.message, EXCHANGE_MESSAGES.sameVariant);

    const returning = await deliveredKurta();
    assert.equal((await sendReturn(ctx, shopper, returning.id, { reason: 'fit' })).status, 201);
    const underReturn = await askExchange(shopper, returning, { variantId: kurta.sizes[next] });
    assert.equal(underReturn.status, 409);
    assert.equal(underReturn.message, EXCHANGE_MESSAGES.beingReturned);

    await deliveredDaysAgo(ctx, placed.id, 400);
    const late = await askExchange(shopper, placed, { variantId: kurta.sizes[next] });
    assert.equal(late.status, 400);
    assert.match(late.message, /^The return window for this order closed on /);

    const [innerwear] = await piecesOf(ctx, 1, { blocked: true, pricePaise: 49_900 });
    const blocked = await placePaidOrder(ctx, shopper, {
      items: [{ productId: innerwear!.productId, variantId: innerwear!.variantId, quantity: 1 }],
    });
    await deliver(ctx, blocked.id);
    const refused = await askExchange(shopper, blocked, { variantId: kurta.sizes[next] });
    assert.equal(refused.status, 400);
    assert.equal(refused.message, EXCHANGE_MESSAGES.notExchangeable);
  });

  it('a line being exchanged is not returned too; once the exchange is rejected it may be', async () => {
    const order = await deliveredKurta();
    const asked = await askExchange(shopper, order, { variantId: kurta.sizes[next] });
    assert.equal(asked.status, 201, asked.message);
    const view = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: bearer(shopper.token) });
    assert.equal(view.json().data.order.items[0].returnableQuantity, 0);
    const whole = await sendReturn(ctx, shopper, order.id, { reason: 'fit' });
    assert.equal(whole.status, 400);
    assert.equal(whole.body.message, ORDER_MESSAGES.returnNothingLeft);
    const line = await sendReturn(ctx, shopper, order.id, {
      reason: 'fit',
      items: [{ orderItemId: order.items[0]!.id, quantity: 1 }],
    });
    assert.equal(line.status, 400);
    assert.equal(line.body.message, itemNotReturnable(order.items[0]!.name));

    assert.equal((await step(asked.exchange.id, 'reject', { note: 'Wrong size chosen.' })).status, 200);
    assert.equal((await sendReturn(ctx, shopper, order.id, { reason: 'fit' })).status, 201);
  });
});
