/**
 * The credit note over HTTP, across orders, returns, payments and invoices (behaviour.md §10): an order
 * paid with a coupon and a gift card is delivered through the admin API (the operator token),
 * one line is returned, approved, picked up and refunded there too, and the shopper's
 * credit note (text read with unpdf) carries its CN number, the invoice it is against, the
 * returned line's HSN, taxable value and GST reversed, ₹ amounts and the total in words.
 * Before the refund it is refused (400), and someone else gets 404. A return shipped to Delhi
 * reverses IGST on the next credit note number.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type Order, type ReturnRequest } from '@vastra/contracts';
import { extractText } from 'unpdf';
import { queryRows } from '../../db/client';
import { rupeesToPaise } from '../../lib/money';
import { bearer, register, type Account } from '../../test/accounts';
import { setPricePaise } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { DELHI_ADDRESS, createCoupon, createGiftCard } from '../../test/orders';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { amountInWords } from './amount-in-words';

const OPERATOR_TOKEN = 'credit-note-test-operator-token-0123456789ab';

let ctx: TestContext;
let shopper: Account;
let stranger: Account;
let pieces: Piece[];

before(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN } });
  pieces = await piecesOf(ctx, 2, { blocked: false, pricePaise: 99_900 });
  await setPricePaise(ctx.database.db, pieces[1]!.variantId, 149_900);
  await createCoupon(ctx.database.db, 'CREDIT10');
  await createGiftCard(ctx.database.db, 'GIFT-CN-0001', 50_000);
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  stranger = await register(ctx.app, { name: 'Ravi Kumar' });
});
after(async () => {
  await ctx.close();
});

/** An admin API write with the operator token under /admin/api; answers the envelope's data. */
async function admin<T = unknown>(url: string, payload: object = {}): Promise<T> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/admin/api${url}`,
    headers: bearer(OPERATOR_TOKEN),
    payload,
  });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json().data as T;
}
const returnStep = (orderId: string, step: string) =>
  admin<{ order: Order; returnRequest: ReturnRequest }>(`/orders/${orderId}/return/${step}`);

const creditNote = (returnId: string, account: Account) =>
  ctx.app.inject({ method: 'GET', url: `/orders/returns/${returnId}/credit-note`, headers: bearer(account.token) });

/** "₹ 1,234.56" as the PDF prints paise. */
const rupees = (paise: number) =>
  `₹ ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a refunded partial return of a coupon and gift card order has a credit note against its invoice', async () => {
  const order = await placePaidOrder(ctx, shopper, {
    items: [
      { productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity: 2 },
      { productId: pieces[1]!.productId, variantId: pieces[1]!.variantId, quantity: 1 },
    ],
    coupon: 'CREDIT10',
    additionalCoupon: 'GIFT-CN-0001',
  });
  assert.ok(rupeesToPaise(order.discountAmount) > 0 && rupeesToPaise(order.giftCardAmount) === 50_000);
  for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) {
    await admin(`/orders/${order.id}/steps`, {
      to,
      ...(to === 'shipped' ? { courier: 'Delhivery', awb: 'DL-CN-0001' } : {}),
    });
  }

  const returned = order.items[1]!;
  const asked = await sendReturn(ctx, shopper, order.id, {
    reason: 'damaged',
    items: [{ orderItemId: returned.id, quantity: 1 }],
  });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const request = asked.body.data.returnRequest;

  const early = await creditNote(request.id, shopper);
  assert.equal(early.statusCode, 400);
  assert.equal(early.json().message, ORDER_MESSAGES.creditNoteNotReady);
  await returnStep(order.id, 'approve');
  await returnStep(order.id, 'pickup');
  const stillEarly = await creditNote(request.id, shopper);
  assert.equal(stillEarly.statusCode, 400, 'picked up is not refunded yet');
  const refunded = await returnStep(order.id, 'refund');
  assert.equal(refunded.returnRequest.status, 'refunded');
  assert.ok(refunded.returnRequest.creditNoteUrl?.endsWith(`/orders/returns/${request.id}/credit-note`));

  const res = await creditNote(request.id, shopper);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/pdf');
  assert.equal(res.headers['content-disposition'], `attachment; filename="credit-note-${request.id}.pdf"`);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });

  const [row] = await queryRows<{ taxable: number; cgst: number; sgst: number; igst: number; refund: number }>(
    ctx.database.db,
    sql`SELECT taxable_paise AS taxable, cgst_paise AS cgst, sgst_paise AS sgst, igst_paise AS igst,
               refund_paise AS refund
        FROM return_items WHERE return_request_id = ${request.id}::uuid`,
  );
  const [invoice] = await queryRows<{ number: string }>(
    ctx.database.db,
    sql`SELECT number FROM invoice_documents WHERE kind = 'invoice' AND order_id = ${order.id}::uuid`,
  );
  assert.ok(invoice, 'the invoice was issued for the credit note to cite');
  assert.match(text, /Credit Note/);
  assert.match(text, /CN\/\d{4}-\d{2}\/000001/);
  assert.ok(text.includes(`Against invoice: ${invoice.number}`), 'cites the invoice number');
  assert.match(invoice.number, /^INV\/\d{4}-\d{2}\/\d{6}$/);
  assert.match(text, new RegExp(order.orderNumber));
  assert.match(text, new RegExp(`\\b${returned.hsnCode}\\b`));
  assert.doesNotMatch(
    text,
    new RegExp(order.items[0]!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    'only the returned line',
  );

  // The returned line after its coupon share: taxable value and CGST + SGST reversed (Karnataka).
  assert.ok(row!.cgst > 0 && row!.sgst > 0 && row!.igst === 0);
  assert.equal(row!.refund, rupeesToPaise(returned.total), 'the whole line came back');
  assert.ok(row!.refund < 149_900, 'the coupon share is not refunded');
  for (const paise of [row!.taxable, row!.cgst, row!.sgst, row!.refund]) {
    assert.ok(text.includes(rupees(paise)), `${rupees(paise)} printed`);
  }
  assert.match(text, /CGST/);
  assert.doesNotMatch(text, /IGST/);
  assert.ok(text.includes(amountInWords(row!.refund)), `in words: ${amountInWords(row!.refund)}`);
  assert.match(amountInWords(row!.refund), /^Rupees .* Only$/);

  // The same number on a second download; nobody else may read it.
  const again = await creditNote(request.id, shopper);
  const { text: againText } = await extractText(new Uint8Array(again.rawPayload), { mergePages: true });
  assert.match(againText, /CN\/\d{4}-\d{2}\/000001/);
  const foreign = await creditNote(request.id, stranger);
  assert.equal(foreign.statusCode, 404);
  assert.equal(foreign.json().message, ORDER_MESSAGES.returnNotFound);
});

test('a full return of an order shipped to Delhi reverses IGST on the next credit note number', async () => {
  const order = await placePaidOrder(ctx, shopper, {
    items: [{ productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity: 1 }],
    shippingAddress: DELHI_ADDRESS,
  });
  await deliver(ctx, order.id);
  const asked = await sendReturn(ctx, shopper, order.id, { reason: 'fit' });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  for (const step of ['approve', 'pickup', 'refund']) await returnStep(order.id, step);

  const res = await creditNote(asked.body.data.returnRequest.id, shopper);
  assert.equal(res.statusCode, 200, res.body);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  assert.match(text, /CN\/\d{4}-\d{2}\/000002/);
  assert.match(text, /Delhi \(07\)/);
  assert.match(text, /IGST/);
  assert.doesNotMatch(text, /CGST|SGST/);
  const igst = rupeesToPaise(order.items[0]!.igst);
  assert.ok(igst > 0 && text.includes(rupees(igst)), `IGST ${rupees(igst)} reversed`);
  assert.ok(text.includes(amountInWords(rupeesToPaise(order.totalAmount))));
});
