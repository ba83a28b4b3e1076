/**
 * The delivery charge and COD fee (behaviour.md §4 Delivery charge and COD fee, §10 Returns), on one
 * store charging ₹ 49 for delivery below ₹ 1,200 of items and a ₹ 30 COD fee: the quote (below and at
 * the threshold, the COD fee only for COD, GST at the highest rate of mixed lines under that
 * line's HSN code), the order, its invoice and the GST report carrying them, a full cancellation
 * refunding them and a partial return keeping them until the whole order has come back.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { istDay } from '../../lib/india-time';
import { extractText } from 'unpdf';
import type { GstReport, Order } from '@vastra/contracts';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { setHsnCode, setPricePaise } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let owner: StaffLogin;
let shopper: Account;
/** A shirt at ₹ 600 (5 % GST, HSN 61091000) and a watch at ₹ 300 (18 %, HSN 91021100). */
let shirt: Piece;
let watch: Piece;

before(async () => {
  ctx = await createTestApp({
    env: { DELIVERY_CHARGE_RUPEES: '49', FREE_DELIVERY_FROM_RUPEES: '1200', COD_FEE_RUPEES: '30' },
  });
  [shirt, watch] = (await piecesOf(ctx, 2, { blocked: false, pricePaise: 30_000 })) as [Piece, Piece];
  await setPricePaise(ctx.database.db, shirt.variantId, 60_000);
  await setHsnCode(ctx.database.db, [shirt.productId], '61091000');
  await setHsnCode(ctx.database.db, [watch.productId], '91021100');
  owner = await staffOfRole(ctx, 'owner');
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
});
after(() => ctx.close());

const items = (shirts: number, watches = 1) => [
  { productId: shirt.productId, variantId: shirt.variantId, quantity: shirts },
  ...(watches ? [{ productId: watch.productId, variantId: watch.variantId, quantity: watches }] : []),
];

async function quote(payload: object) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/checkout/quote',
    headers: bearer(shopper.token),
    remoteAddress: freshIp(),
    payload: { stateCode: '29', ...payload },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

async function staff(method: 'GET' | 'POST', url: string, body?: object) {
  const res = await asStaff(ctx.app, owner, method, url, body);
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json().data;
}

/** ₹ 49 with 18 % GST inside, in Karnataka: CGST = SGST = 4900 × 9 / 118 paise. */
const DELIVERY = {
  kind: 'delivery',
  label: 'Delivery charge',
  hsnCode: '91021100',
  taxableValue: 41.52,
  taxRate: 18,
  cgst: 3.74,
  sgst: 3.74,
  igst: 0,
  tax: 7.48,
  total: 49,
};

test('below ₹ 1,200 of items delivery costs ₹ 49, taxed at the highest rate of the lines; at ₹ 1,200 it is free', async () => {
  const below = await quote({ items: items(1) });
  assert.equal(below.shippingAmount, 49);
  assert.equal(below.codFee, 0, 'no COD fee without cash on delivery');
  assert.deepEqual(below.charges, [DELIVERY]);
  assert.equal(below.freeDeliveryFrom, 1200);
  assert.equal(below.freeDeliveryShortfall, 300);
  assert.equal(below.totalAmount, 949);
  assert.equal(below.amountPayable, 949);
  assert.deepEqual(
    below.lines.map((l: { taxRate: number }) => l.taxRate),
    [5, 18],
  );
  const gst = below.taxes.reduce((s: number, t: { amount: number }) => s + t.amount, 0);
  assert.equal(Math.round(gst * 100), Math.round(below.totalTax * 100), 'the taxes rows add up to the total tax');
  const lineTax = below.lines.reduce((s: number, l: { tax: number }) => s + l.tax, 0);
  assert.equal(Math.round(below.totalTax * 100), Math.round((lineTax + DELIVERY.tax) * 100));

  const at = await quote({ items: items(2, 0) });
  assert.equal(at.subtotal, 1200);
  assert.equal(at.shippingAmount, 0);
  assert.deepEqual(at.charges, []);
  assert.equal(at.freeDeliveryShortfall, 0);
  assert.equal(at.totalAmount, 1200);
});

test('the cart shows the delivery charge and what is missing for free delivery', async () => {
  const guestId = `guest_${'chargescartcheck'.padEnd(25, '0')}`;
  const added = await ctx.app.inject({ method: 'POST', url: '/cart/add', payload: { ...items(1, 0)[0], guestId } });
  assert.equal(added.statusCode, 200, added.body);
  assert.deepEqual(added.json().data.cart.delivery, { charge: 49, freeFrom: 1200, shortfall: 600 });
});

test('the COD fee is added only when cash on delivery is chosen', async () => {
  const cod = await quote({ items: items(2, 0), paymentMethod: 'cod' });
  assert.equal(cod.codFee, 30);
  assert.deepEqual(
    cod.charges.map((c: { kind: string; taxRate: number; total: number }) => [c.kind, c.taxRate, c.total]),
    [['cod_fee', 5, 30]],
  );
  assert.equal(cod.totalAmount, 1230);
  const online = await quote({ items: items(2, 0), paymentMethod: 'sandbox' });
  assert.equal(online.codFee, 0);
  assert.equal(online.totalAmount, 1200);
});

test('a COD order keeps both charges; its invoice prints them as rows and the GST report counts them', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    payload: { items: items(1), shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'cod' },
  });
  assert.equal(res.statusCode, 201, res.body);
  const order = res.json().data.order as Order;
  assert.equal(order.shippingAmount, 49);
  assert.equal(order.codFee, 30);
  assert.equal(order.totalAmount, 979);
  assert.equal(order.amountPayable, 979, 'the courier collects the charges too');
  assert.deepEqual(
    order.charges.map((c) => [c.label, c.hsnCode, c.taxRate, c.total]),
    [
      ['Delivery charge', '91021100', 18, 49],
      ['COD fee', '91021100', 18, 30],
    ],
  );
  const shown = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: bearer(shopper.token) });
  assert.deepEqual(shown.json().data.order.charges, order.charges);

  for (const to of ['confirmed', 'packed']) await staff('POST', `/admin/api/orders/${order.id}/steps`, { to });
  const pdf = await ctx.app.inject({
    method: 'GET',
    url: `/orders/${order.id}/invoice`,
    headers: bearer(shopper.token),
  });
  assert.equal(pdf.statusCode, 200, pdf.body);
  const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
  for (const row of ['Delivery charge', 'COD fee', '₹ 979.00']) assert.ok(text.includes(row), `${row} in: ${text}`);

  const report = (await staff('GET', `/admin/api/reports/gst?month=${istDay(new Date()).slice(0, 7)}`)) as GstReport;
  const charged = order.charges.reduce((s, c) => s + Math.round(c.taxableValue * 100), 0);
  const watchLine = order.items.find((i) => i.variantId === watch.variantId)!;
  const hsn = report.hsn.find((r) => r.hsnCode === '91021100' && r.ratePercent === 18)!;
  assert.equal(hsn.taxablePaise, Math.round(watchLine.taxableValue * 100) + charged);
  assert.equal(hsn.quantity, 1, 'charges are no goods: the quantity is the watch alone');
  const b2c = report.b2c.find((r) => r.placeOfSupply === '29' && r.ratePercent === 18)!;
  assert.equal(b2c.taxablePaise, hsn.taxablePaise);
  const [register] = report.register;
  assert.equal(register!.taxablePaise, Math.round(order.taxableAmount * 100));
  assert.equal(register!.totalPaise, 97_900);
});

test('a cancelled order refunds the delivery charge with the items', async () => {
  const order = await placePaidOrder(ctx, shopper, { items: items(1) });
  assert.equal(order.totalAmount, 949);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/orders/${order.id}/cancel`,
    headers: bearer(shopper.token),
    payload: { reason: 'Ordered by mistake' },
  });
  assert.equal(res.statusCode, 200, res.body);
  const refunded = (res.json().data.order as Order).refunds.reduce((s, r) => s + r.amount, 0);
  assert.equal(refunded, 949);
});

test('a partial return keeps the delivery charge; the return that brings the whole order back refunds it', async () => {
  const order = await placePaidOrder(ctx, shopper, { items: items(1) });
  for (const to of ['confirmed', 'packed']) await staff('POST', `/admin/api/orders/${order.id}/steps`, { to });
  await staff('POST', `/admin/api/orders/${order.id}/steps`, { to: 'shipped', courier: 'Delhivery', awb: 'DLV4900' });
  await staff('POST', `/admin/api/orders/${order.id}/steps`, { to: 'delivered' });
  const refundedReturn = async (line: Order['items'][number]) => {
    const asked = await sendReturn(ctx, shopper, order.id, {
      reason: 'size',
      items: [{ orderItemId: line.id, quantity: 1 }],
    });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    for (const step of ['approve', 'pickup', 'refund'])
      await staff('POST', `/admin/api/orders/${order.id}/return/${step}`, {});
    return asked.body.data.returnRequest;
  };
  const [shirtLine, watchLine] = [shirt, watch].map((p) => order.items.find((i) => i.variantId === p.variantId)!);
  const first = await refundedReturn(shirtLine!);
  assert.equal(first.refundAmount, shirtLine!.total, 'the shirt alone: delivery kept');
  const last = await refundedReturn(watchLine!);
  assert.equal(last.refundAmount, watchLine!.total + 49, 'the watch and the delivery charge');
  const note = await ctx.app.inject({
    method: 'GET',
    url: `/orders/returns/${last.id}/credit-note`,
    headers: bearer(shopper.token),
  });
  assert.equal(note.statusCode, 200, note.body);
  const { text } = await extractText(new Uint8Array(note.rawPayload), { mergePages: true });
  assert.ok(text.includes('Delivery charge'), text);
});
