/**
 * Returns through HTTP (behaviour.md §7 Orders, §10): full and partial returns of a delivered order,
 * the return window, non-returnable categories, quantities left, one open return at a time,
 * sniffed uploads with their limits, owner-only files, the store's steps (the operator token on
 * the admin API) and the lists.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  ORDER_MESSAGES,
  itemNotReturnable,
  returnQuantityExceeded,
  transitionNotAllowed,
  type Order,
  type ReturnRequest,
} from '@vastra/contracts';
import sharp from 'sharp';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { JPEG, PNG, WEBP } from '../../test/images';
import { MANY_ORDERS_ENV } from '../../test/orders';
import {
  deliver,
  deliveredDaysAgo,
  piecesOf,
  placePaidOrder,
  sendReturn,
  type Piece,
  type ReturnFile,
} from '../../test/returns';

const OPERATOR_TOKEN = 'returns-test-operator-token-0123456789abcdef';

/** The smallest MP4 a phone could send: an ftyp box naming the isom brand. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2mp41'),
  Buffer.alloc(64),
]);
const png = (name = 'photo.png'): ReturnFile => ({ name, type: 'image/png', body: PNG });

let ctx: TestContext;
let shopper: Account;
let other: Account;
let pieces: Piece[];
/** A seeded pair of socks: the 400-product store has no socks, socks are non-returnable alike. */
let socks: Piece;

before(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN, RETURN_WINDOW_DAYS: '7', ...MANY_ORDERS_ENV } });
  pieces = await piecesOf(ctx, 3, { blocked: false, pricePaise: 118_000 });
  socks = (await piecesOf(ctx, 1, { blocked: true, slugs: ['socks'], pricePaise: 59_000 }))[0]!;
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  other = await register(ctx.app, { name: 'Ravi Kumar' });
});
after(async () => {
  await ctx.close();
});

const line = (piece: Piece, quantity: number) => ({ productId: piece.productId, variantId: piece.variantId, quantity });

async function deliveredOrder(items: ReturnType<typeof line>[], account = shopper): Promise<Order> {
  const order = await placePaidOrder(ctx, account, { items });
  await deliver(ctx, order.id);
  return order;
}

async function getOrder(id: string, account = shopper): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${id}`, headers: bearer(account.token) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { data: { order: Order } }).data.order;
}

async function ops(orderId: string, step: string, body: object = {}, token = OPERATOR_TOKEN) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/admin/api/orders/${orderId}/return/${step}`,
    headers: bearer(token),
    payload: body,
  });
  return {
    status: res.statusCode,
    body: res.json() as { message?: string; data: { returnRequest: ReturnRequest; order: Order } },
  };
}

describe('asking for a return', () => {
  test('an order not yet delivered cannot be returned', async () => {
    const order = await placePaidOrder(ctx, shopper, { items: [line(pieces[0]!, 1)] });
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'size' });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, ORDER_MESSAGES.returnNotDelivered);
    assert.equal((await getOrder(order.id)).canReturn, false);
  });

  test('a full return takes every returnable piece, moves the order and shows in the order view', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 2), line(pieces[1]!, 1)]);
    const before = await getOrder(order.id);
    assert.equal(before.canReturn, true);
    assert.deepEqual(
      before.items.map((i) => [i.returnable, i.returnableQuantity]),
      [
        [true, 2],
        [true, 1],
      ],
    );
    assert.ok(before.returnableUntil, 'the window end is shown');

    const res = await sendReturn(ctx, shopper, order.id, { reason: 'size', comment: 'Too small' }, [png()]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.message, ORDER_MESSAGES.returnRequested);
    const request = res.body.data.returnRequest as ReturnRequest;
    assert.equal(request.kind, 'full');
    assert.equal(request.status, 'requested');
    assert.equal(request.orderNumber, order.orderNumber);
    assert.deepEqual(
      request.items.map((i) => i.quantity),
      [2, 1],
    );
    assert.equal(request.refundAmount, order.totalAmount, 'everything paid comes back');
    assert.equal(request.files.length, 1);
    assert.ok(
      fs.readdirSync(path.join(ctx.dataDir, 'files', 'returns', order.id)).some((f) => f.endsWith('.webp')),
      'stored under the order, re-encoded as WebP',
    );
    assert.equal(request.creditNoteUrl, null);

    const after = await getOrder(order.id);
    assert.equal(after.status, 'return_requested');
    assert.equal(after.returnRequest?.id, request.id);
    assert.equal(after.canReturn, false);
    assert.equal(after.timeline.at(-1)?.status, 'return_requested');
  });

  test('an open return blocks another (409)', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 2)]);
    const first = await sendReturn(ctx, shopper, order.id, {
      reason: 'fit',
      items: [{ orderItemId: order.items[0]!.id, quantity: 1 }],
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await sendReturn(
      ctx,
      shopper,
      order.id,
      { reason: 'fit', items: [{ orderItemId: order.items[0]!.id, quantity: 1 }] },
      [png()],
    );
    assert.equal(second.status, 409);
    assert.equal(second.body.message, ORDER_MESSAGES.returnInProgress);
    const folder = path.join(ctx.dataDir, 'files', 'returns', order.id);
    assert.deepEqual(fs.existsSync(folder) ? fs.readdirSync(folder) : [], [], 'the refused return left no file');
  });

  test('after the window closes a return is refused with the last day', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    await deliveredDaysAgo(ctx, order.id, 8);
    const view = await getOrder(order.id);
    assert.equal(view.canReturn, false);
    assert.equal(view.items[0]!.returnableQuantity, 0);
    const until = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(view.returnableUntil!));
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'size' });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, `The return window for this order closed on ${until}.`);
    assert.match(res.body.message!, /closed on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);

    await deliveredDaysAgo(ctx, order.id, 6);
    const inside = await sendReturn(ctx, shopper, order.id, { reason: 'size' });
    assert.equal(inside.status, 201, 'six days after delivery the window is still open');
  });

  test('partial returns twice, then a third asking for more than is left', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 3), line(pieces[1]!, 1)]);
    const item = order.items[0]!;
    const first = await sendReturn(ctx, shopper, order.id, {
      reason: 'colour',
      items: [{ orderItemId: item.id, quantity: 1 }],
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.data.returnRequest.kind, 'partial');
    for (const step of ['approve', 'pickup', 'refund']) assert.equal((await ops(order.id, step)).status, 200);
    assert.equal((await getOrder(order.id)).items[0]!.returnableQuantity, 2);

    const tooMany = await sendReturn(ctx, shopper, order.id, {
      reason: 'colour',
      items: [{ orderItemId: item.id, quantity: 3 }],
    });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.message, returnQuantityExceeded(item.name, 2));

    const second = await sendReturn(ctx, shopper, order.id, {
      reason: 'colour',
      items: [{ orderItemId: item.id, quantity: 2 }],
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    await ops(order.id, 'reject', { note: 'Tags removed' });
    // A rejected return gives its pieces back to what may be returned.
    assert.equal((await getOrder(order.id)).items[0]!.returnableQuantity, 2);
    const third = await sendReturn(ctx, shopper, order.id, {
      reason: 'colour',
      items: [{ orderItemId: item.id, quantity: 2 }],
    });
    assert.equal(third.status, 201, JSON.stringify(third.body));
    for (const step of ['approve', 'pickup', 'refund']) assert.equal((await ops(order.id, step)).status, 200);

    const none = await sendReturn(ctx, shopper, order.id, {
      reason: 'colour',
      items: [{ orderItemId: item.id, quantity: 1 }],
    });
    assert.equal(none.status, 400);
    assert.equal(none.body.message, returnQuantityExceeded(item.name, 0));
    const view = await getOrder(order.id);
    assert.deepEqual(
      view.items.map((i) => i.returnableQuantity),
      [0, 1],
    );
    assert.equal(view.canReturn, true, 'the other line may still go back');
  });

  test('an item of a non-returnable category is refused; a full return leaves it out', async () => {
    const order = await deliveredOrder([line(pieces[2]!, 1), line(socks, 1)]);
    const sock = order.items.find((i) => i.variantId === socks.variantId)!;
    const view = await getOrder(order.id);
    assert.equal(view.items.find((i) => i.id === sock.id)!.returnable, false);

    const partial = await sendReturn(ctx, shopper, order.id, {
      reason: 'damaged',
      items: [{ orderItemId: sock.id, quantity: 1 }],
    });
    assert.equal(partial.status, 400);
    assert.equal(partial.body.message, itemNotReturnable(sock.name));

    const full = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' });
    assert.equal(full.status, 201, JSON.stringify(full.body));
    assert.deepEqual(
      full.body.data.returnRequest.items.map((i: { orderItemId: string }) => i.orderItemId),
      [order.items.find((i) => i.id !== sock.id)!.id],
    );
  });

  test("someone else's order, a malformed id and no session are refused", async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    assert.equal((await sendReturn(ctx, other, order.id, { reason: 'size' })).status, 404);
    assert.equal((await sendReturn(ctx, shopper, 'not-an-id', { reason: 'size' })).status, 404);
    assert.equal((await sendReturn(ctx, null, order.id, { reason: 'size' })).status, 401);
    const noReason = await sendReturn(ctx, shopper, order.id, {});
    assert.equal(noReason.status, 400);
    assert.equal(noReason.body.message, 'Please choose a reason for the return.');
  });
});

describe('uploads', () => {
  test('a .jpg that is really text is refused (400) and nothing is stored', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' }, [
      { name: 'photo.jpg', type: 'image/jpeg', body: Buffer.from('just some text, not a photo') },
    ]);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, ORDER_MESSAGES.returnFileType);
    assert.equal((await getOrder(order.id)).status, 'delivered');
  });

  test('PNG, WebP, JPEG and MP4 are accepted by their bytes; photos are kept as WebP, videos as sent', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' }, [
      { name: 'a.bin', type: 'application/octet-stream', body: PNG },
      { name: 'b.png', type: 'image/png', body: WEBP },
      { name: 'c.jpg', type: 'image/jpeg', body: JPEG },
      { name: 'd.mp4', type: 'video/mp4', body: MP4 },
    ]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const files = (res.body.data.returnRequest as ReturnRequest).files;
    assert.deepEqual(
      files.map((f) => f.contentType),
      ['image/webp', 'image/webp', 'image/webp', 'video/mp4'],
    );
    assert.ok(files.slice(0, 3).every((f) => f.size > 0));
    assert.equal(files[3]!.size, MP4.length);
  });

  test('six files are refused (400)', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    const res = await sendReturn(
      ctx,
      shopper,
      order.id,
      { reason: 'damaged' },
      Array.from({ length: 6 }, (_, i) => png(`p${i}.png`)),
    );
    assert.equal(res.status, 400);
    assert.equal(res.body.message, ORDER_MESSAGES.returnTooManyFiles);
  });

  test('a file of 5 MB + 1 byte is refused (413); one of exactly 5 MB is accepted', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    const big = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' }, [
      { name: 'big.png', type: 'image/png', body: big(5 * 1024 * 1024 + 1) },
    ]);
    assert.equal(res.status, 413);
    assert.equal(res.body.message, ORDER_MESSAGES.returnFileTooLarge);
    const fits = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' }, [
      { name: 'big.png', type: 'image/png', body: big(5 * 1024 * 1024) },
    ]);
    assert.equal(fits.status, 201, JSON.stringify(fits.body));
  });

  test('files are served to the owner only', async () => {
    const order = await deliveredOrder([line(pieces[0]!, 1)]);
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' }, [
      { name: 'c.jpg', type: 'image/jpeg', body: JPEG },
    ]);
    const file = (res.body.data.returnRequest as ReturnRequest).files[0]!;
    const path = new URL(file.url).pathname;
    const own = await ctx.app.inject({ method: 'GET', url: path, headers: bearer(shopper.token) });
    assert.equal(own.statusCode, 200);
    assert.equal(own.headers['content-type'], 'image/webp');
    assert.equal((await sharp(own.rawPayload).metadata()).format, 'webp');
    const theirs = await ctx.app.inject({ method: 'GET', url: path, headers: bearer(other.token) });
    assert.equal(theirs.statusCode, 404);
    assert.equal((await ctx.app.inject({ method: 'GET', url: path })).statusCode, 401);
  });
});

describe('operator steps', () => {
  test('approve, pickup and refund in order; steps out of order are 409; the token is required', async () => {
    const order = await deliveredOrder([line(pieces[1]!, 1)]);
    assert.equal((await ops(order.id, 'approve')).status, 404, 'no open return yet');
    await sendReturn(ctx, shopper, order.id, { reason: 'not_as_shown' });

    assert.equal((await ops(order.id, 'approve', {}, 'x'.repeat(40))).status, 401);
    const early = await ops(order.id, 'refund');
    assert.equal(early.status, 409);
    assert.equal(early.body.message, transitionNotAllowed('requested', 'refunded'));

    const approved = await ops(order.id, 'approve');
    assert.equal(approved.status, 200);
    assert.equal(approved.body.data.returnRequest.status, 'approved');
    assert.equal(approved.body.data.order.status, 'return_approved');
    assert.equal((await ops(order.id, 'reject', { note: 'Too late' })).status, 409);

    const picked = await ops(order.id, 'pickup');
    assert.equal(picked.body.data.order.status, 'picked_up');
    const refunded = await ops(order.id, 'refund', { note: 'Refunded to the card' });
    assert.equal(refunded.status, 200);
    assert.equal(refunded.body.data.returnRequest.status, 'refunded');
    assert.equal(refunded.body.data.order.status, 'refunded');
    assert.match(refunded.body.data.returnRequest.creditNoteUrl!, /\/orders\/returns\/[0-9a-f-]+\/credit-note$/);
    assert.equal((await ops(order.id, 'refund')).status, 404, 'nothing open any more');
  });

  test('a rejection keeps its note and lets the shopper ask again', async () => {
    const order = await deliveredOrder([line(pieces[1]!, 1)]);
    await sendReturn(ctx, shopper, order.id, { reason: 'other' });
    assert.equal((await ops(order.id, 'reject', {})).status, 400, 'a rejection needs a note');
    const rejected = await ops(order.id, 'reject', { note: 'The item was worn' });
    assert.equal(rejected.status, 200);
    assert.equal(rejected.body.data.returnRequest.decisionNote, 'The item was worn');
    assert.equal(rejected.body.data.order.status, 'return_rejected');
    assert.equal((await getOrder(order.id)).canReturn, true);
    assert.equal((await sendReturn(ctx, shopper, order.id, { reason: 'other' })).status, 201);
  });
});

describe('lists', () => {
  test("GET /orders/returns and /orders/returns/all list the shopper's own returns only", async () => {
    const buyer = await register(ctx.app, { name: 'Meera Iyer' });
    const a = await deliveredOrder([line(pieces[0]!, 2)], buyer);
    const b = await deliveredOrder([line(pieces[1]!, 1)], buyer);
    await deliveredOrder([line(pieces[2]!, 1)], buyer);
    await sendReturn(ctx, buyer, a.id, { reason: 'size', items: [{ orderItemId: a.items[0]!.id, quantity: 1 }] });
    await ops(a.id, 'reject', { note: 'No' });
    await sendReturn(ctx, buyer, a.id, { reason: 'size', items: [{ orderItemId: a.items[0]!.id, quantity: 1 }] });
    await sendReturn(ctx, buyer, b.id, { reason: 'fit' });

    const orders = await ctx.app.inject({ method: 'GET', url: '/orders/returns', headers: bearer(buyer.token) });
    assert.equal(orders.statusCode, 200, orders.body);
    const page = orders.json().data as { orders: Order[]; meta: { total: number } };
    assert.deepEqual(page.orders.map((o) => o.id).sort(), [a.id, b.id].sort());
    assert.equal(page.meta.total, 2);

    const all = await ctx.app.inject({
      method: 'GET',
      url: '/orders/returns/all?limit=2',
      headers: bearer(buyer.token),
    });
    assert.equal(all.statusCode, 200, all.body);
    const returns = all.json().data as { returns: ReturnRequest[]; meta: { total: number; totalPages: number } };
    assert.equal(returns.meta.total, 3);
    assert.equal(returns.meta.totalPages, 2);
    assert.equal(returns.returns.length, 2);
    assert.ok(returns.returns.every((r) => r.items.length > 0));

    const others = await ctx.app.inject({ method: 'GET', url: '/orders/returns/all', headers: bearer(other.token) });
    assert.ok(
      (others.json().data as { returns: ReturnRequest[] }).returns.every(
        (r) => r.orderId !== a.id && r.orderId !== b.id,
      ),
    );
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/orders/returns' })).statusCode, 401);
  });
});
