/**
 * The money of returns (behaviour.md §10): an order with a coupon and a gift card returned in two
 * parts — each item's refund is its price after its coupon share plus its GST, all returns of
 * a line add up to the line exactly (refund, taxable value and GST), the gift card gets its
 * proportion back, the rest goes back through the (sandbox) gateway and completes; a cash on
 * delivery return asked back the way it was paid is recorded as a manual refund.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Order, ReturnRequest } from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { DomainEventBus } from '../../lib/events';
import { rupeesToPaise, shareInProportion } from '../../lib/money';
import { InventoryService } from '../catalog/inventory';
import { CatalogService } from '../catalog/service';
import { GiftCardService } from '../coupons/gift-cards';
import { LocalFileStore } from '../files/store';
import { UploadService } from '../files/uploads';
import { WalletService } from '../wallet/service';
import { ReturnsService } from './service';
import { ReturnSummaries } from './summaries';
import { bearer, register, type Account } from '../../test/accounts';
import { setPricePaise } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { createCoupon, createGiftCard } from '../../test/orders';

const OPERATOR_TOKEN = 'refunds-test-operator-token-0123456789abcdef';

let ctx: TestContext;
let shopper: Account;
let pieces: Piece[];

before(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN } });
  // Prices that do not split evenly: ₹ 999 and ₹ 1,499 a piece, GST included.
  pieces = await piecesOf(ctx, 2, { blocked: false, pricePaise: 99_900 });
  await setPricePaise(ctx.database.db, pieces[1]!.variantId, 149_900);
  await createCoupon(ctx.database.db, 'RETURN7', { value: 7 });
  await createGiftCard(ctx.database.db, 'GIFT-RETURN-0001', 100_000);
  shopper = await register(ctx.app, { name: 'Asha Rao' });
});
after(async () => {
  await ctx.close();
});

/** The service as app.ts builds it, for the methods the invoices module calls (credit notes). */
function returnsService(): ReturnsService {
  const db = ctx.database.db;
  const catalog = new CatalogService(db, { mediaBaseUrl: ctx.config.publicUrl, cacheTtlMs: 0 });
  const files = new LocalFileStore(path.join(ctx.dataDir, 'files'));
  const options = {
    ...ctx.config.returns,
    publicUrl: ctx.config.publicUrl,
    mediaUrl: (p: string) => catalog.mediaUrl(p),
  };
  return new ReturnsService({
    db,
    orders: ctx.app.orders,
    payments: ctx.app.payments,
    giftCards: new GiftCardService(db),
    wallet: new WalletService({ db, promotionalExpiryDays: async () => null }),
    inventory: new InventoryService(new DomainEventBus()),
    summaries: new ReturnSummaries({ db, catalog, options }),
    files,
    uploads: new UploadService(db, files, { quotaBytes: ctx.config.limits.uploadQuotaBytes }),
    log: ctx.app.log,
    options,
  });
}

async function refundStep(orderId: string) {
  for (const step of ['approve', 'pickup', 'refund']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/return/${step}`,
      headers: bearer(OPERATOR_TOKEN),
      payload: {},
    });
    assert.equal(res.statusCode, 200, res.body);
  }
}

type ItemRow = {
  order_item_id: string;
  quantity: number;
  refund_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
};

const returnItemsOf = (returnId: string) =>
  queryRows<ItemRow>(ctx.database.db, sql`SELECT * FROM return_items WHERE return_request_id = ${returnId}::uuid`);

const refundsOf = (returnId: string) =>
  queryRows<{ method: string; status: string; amount_paise: number }>(
    ctx.database.db,
    sql`SELECT method, status, amount_paise FROM refunds WHERE return_request_id = ${returnId}::uuid ORDER BY method`,
  );

async function giftCardBalance(): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    ctx.database.db,
    sql`SELECT balance_paise AS balance FROM gift_cards WHERE code = 'GIFT-RETURN-0001'`,
  );
  return row!.balance;
}

test('a coupon and gift card order returned in two parts refunds every line exactly, card and gateway in proportion', async () => {
  const placed = await placePaidOrder(ctx, shopper, {
    items: [
      { productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity: 3 },
      { productId: pieces[1]!.productId, variantId: pieces[1]!.variantId, quantity: 1 },
    ],
    coupon: 'RETURN7',
    additionalCoupon: 'GIFT-RETURN-0001',
  });
  await deliver(ctx, placed.id);
  const order: Order = placed;
  const [shirt, other] = order.items as [Order['items'][number], Order['items'][number]];
  const totalPaise = rupeesToPaise(order.totalAmount);
  const giftPaise = rupeesToPaise(order.giftCardAmount);
  const payablePaise = rupeesToPaise(order.amountPayable);
  assert.equal(giftPaise, 100_000);
  assert.ok(rupeesToPaise(order.discountAmount) > 0, 'the coupon took something off');
  assert.equal(await giftCardBalance(), 0);

  // First return: one of the three pieces and the whole other line.
  const first = await sendReturn(ctx, shopper, order.id, {
    reason: 'size',
    items: [
      { orderItemId: shirt.id, quantity: 1 },
      { orderItemId: other.id, quantity: 1 },
    ],
  });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const r1 = first.body.data.returnRequest as ReturnRequest;
  const shirtTotal = rupeesToPaise(shirt.total);
  const onePiece = Math.round(shirtTotal / 3);
  assert.deepEqual(
    r1.items.map((i) => [i.orderItemId, rupeesToPaise(i.refundAmount)]),
    [
      [shirt.id, onePiece],
      [other.id, rupeesToPaise(other.total)],
    ],
    'each item gets its price after its coupon share plus its GST',
  );
  const r1Paise = onePiece + rupeesToPaise(other.total);
  const [gift1] = shareInProportion([giftPaise, payablePaise], r1Paise);
  assert.equal(rupeesToPaise(r1.refundAmount), r1Paise);
  assert.equal(rupeesToPaise(r1.giftCardRefundAmount), gift1);
  assert.equal(rupeesToPaise(r1.gatewayRefundAmount), r1Paise - gift1!);

  await refundStep(order.id);
  assert.equal(await giftCardBalance(), gift1, 'the card has its share back');
  assert.deepEqual(await refundsOf(r1.id), [
    { method: 'gateway', status: 'completed', amount_paise: r1Paise - gift1! },
    { method: 'gift_card', status: 'completed', amount_paise: gift1 },
  ]);

  // Second return: the two pieces left take what is left of the line.
  const second = await sendReturn(ctx, shopper, order.id, {
    reason: 'size',
    items: [{ orderItemId: shirt.id, quantity: 2 }],
  });
  assert.equal(second.status, 201, JSON.stringify(second.body));
  const r2 = second.body.data.returnRequest as ReturnRequest;
  assert.equal(rupeesToPaise(r2.items[0]!.refundAmount), shirtTotal - onePiece);
  await refundStep(order.id);

  // Both returns of the shirt add up to the line exactly, GST parts included.
  const shirtRows = [...(await returnItemsOf(r1.id)), ...(await returnItemsOf(r2.id))].filter(
    (r) => r.order_item_id === shirt.id,
  );
  const [line] = await queryRows<ItemRow & { total_paise: number }>(
    ctx.database.db,
    sql`SELECT total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise FROM order_items WHERE id = ${shirt.id}::uuid`,
  );
  const sum = (key: keyof ItemRow) => shirtRows.reduce((s, r) => s + Number(r[key]), 0);
  assert.equal(sum('refund_paise'), line!.total_paise);
  assert.equal(sum('taxable_paise'), line!.taxable_paise);
  assert.equal(sum('cgst_paise'), line!.cgst_paise);
  assert.equal(sum('sgst_paise'), line!.sgst_paise);
  assert.equal(sum('igst_paise'), line!.igst_paise);
  assert.ok(line!.cgst_paise > 0, 'an order within the store state pays CGST');

  // Everything came back: the card in full, the gateway the rest.
  assert.equal(await giftCardBalance(), 100_000);
  const r2Refunds = await refundsOf(r2.id);
  const gatewayTotal = [...(await refundsOf(r1.id)), ...r2Refunds]
    .filter((r) => r.method === 'gateway')
    .reduce((s, r) => s + r.amount_paise, 0);
  assert.equal(gatewayTotal, payablePaise);
  assert.equal(r1Paise + rupeesToPaise(r2.refundAmount), totalPaise);
  assert.ok(r2Refunds.every((r) => r.status === 'completed'));

  // What the credit note of the second return reads: the two pieces with their taxable value and GST.
  const returns = returnsService();
  const note = await returns.creditNoteLines(shopper.userId, r2.id);
  assert.equal(note.returnRequest.status, 'refunded');
  assert.ok(note.returnRequest.creditNoteUrl?.endsWith(`/orders/returns/${r2.id}/credit-note`));
  const r2Shirt = (await returnItemsOf(r2.id))[0]!;
  assert.deepEqual(note.lines, [
    {
      name: shirt.name,
      hsnCode: shirt.hsnCode,
      quantity: 2,
      taxablePaise: r2Shirt.taxable_paise,
      cgstPaise: r2Shirt.cgst_paise,
      sgstPaise: r2Shirt.sgst_paise,
      igstPaise: r2Shirt.igst_paise,
      refundPaise: shirtTotal - onePiece,
      taxRateBasisPoints: Math.round(shirt.taxRate * 100),
    },
  ]);
  const stranger = await register(ctx.app, { name: 'Ravi Kumar' });
  await assert.rejects(returns.creditNoteLines(stranger.userId, r2.id), { statusCode: 404 });
  assert.equal((await returns.getById(r2.id)).id, r2.id);

  const view = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: bearer(shopper.token) });
  const final = (view.json() as { data: { order: Order } }).data.order;
  assert.equal(final.status, 'refunded');
  assert.equal(final.canReturn, false, 'nothing is left to return');
  assert.equal(final.returnRequest?.status, 'refunded');
});

test('a cash on delivery return the shopper asks back the way it was paid is refunded by hand (manual)', async () => {
  const placed = await placePaidOrder(ctx, shopper, {
    items: [{ productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity: 1 }],
    paymentMethod: 'cod',
  });
  await deliver(ctx, placed.id);
  const res = await sendReturn(ctx, shopper, placed.id, { reason: 'damaged', refundTo: 'original' });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const request = res.body.data.returnRequest as ReturnRequest;
  assert.equal(request.gatewayRefundAmount, placed.totalAmount);
  assert.equal(request.refundTo, 'original');
  await refundStep(placed.id);
  assert.deepEqual(await refundsOf(request.id), [
    { method: 'manual', status: 'completed', amount_paise: rupeesToPaise(placed.totalAmount) },
  ]);
});
