/**
 * GST invoices through HTTP (behaviour.md §7 Orders, §10 Invoices): an order placed and paid on the
 * sandbox gateway gets a PDF tax invoice whose text (extracted with unpdf) carries the number,
 * the seller's GSTIN from the config, HSN codes, CGST + SGST within Karnataka or IGST for Delhi,
 * the ₹ sign and the amount in words; numbers run per financial year and are kept on
 * re-download; unpaid, unpacked cash-on-delivery and someone else's orders are refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { extractText } from 'unpdf';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setPricePaise, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { advanceOrder } from '../../test/lifecycle';
import { BENGALURU_ADDRESS, DELHI_ADDRESS } from '../../test/orders';
import { rupeesToPaise } from '../../lib/money';
import { amountInWords } from './amount-in-words';

const SELLER_GSTIN = '29AAGCV9876K1Z8';

let ctx: TestContext;
let products: TestProduct[];
let shopper: Account;
let stranger: Account;

/** "2026-27" for today in India time, worked out apart from the code under test. */
function currentFinancialYear(): string {
  const [year, month] = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).split('-').map(Number) as [
    number,
    number,
  ];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String(start + 1).slice(2)}`;
}

before(async () => {
  ctx = await createTestApp({ env: { SELLER_GSTIN, SELLER_NAME: 'Vastra Test Traders LLP' } });
  products = await pickProducts(ctx.database.db, 3, { minVariants: 2 });
  for (const p of products) {
    // ₹ 1,299 a piece: the invoice value reads "One Thousand Two Hundred Ninety-Nine".
    await setPricePaise(ctx.database.db, p.variants[0]!.id, 129_900);
    await setStock(ctx.database.db, p.variants[0]!.id, 50);
  }
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  stranger = await register(ctx.app, { name: 'Ravi Kumar' });
});
after(async () => {
  await ctx.close();
});

async function placeOrder(
  account: Account,
  { address = BENGALURU_ADDRESS, method = 'sandbox', product = 0, quantity = 1 } = {},
): Promise<Order> {
  const p = products[product]!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(account.token),
    payload: {
      items: [{ productId: p.id, variantId: p.variants[0]!.id, quantity }],
      shippingAddress: address,
      paymentMethod: method,
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.order;
}

/** Pays on the sandbox page as the shopper's browser would post its form. */
async function pay(order: Order) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: new URL(order.paymentUrl!).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=success',
  });
  assert.equal(res.statusCode, 303, res.body);
}

async function paidOrder(options: Parameters<typeof placeOrder>[1] = {}): Promise<Order> {
  const order = await placeOrder(shopper, options);
  await pay(order);
  return order;
}

function download(orderId: string, headers: Record<string, string> = bearer(shopper.token)) {
  return ctx.app.inject({ method: 'GET', url: `/orders/${orderId}/invoice`, headers });
}

async function invoiceText(orderId: string): Promise<string> {
  const res = await download(orderId);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/pdf');
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text;
}

describe('the tax invoice of a paid order', () => {
  let first: Order;
  let firstText: string;
  const fy = currentFinancialYear();

  before(async () => {
    first = await paidOrder({ quantity: 2 });
    firstText = await invoiceText(first.id);
  });

  test('is a PDF attachment named invoice-{id}.pdf, numbered INV/<year>/000001', async () => {
    const res = await download(first.id);
    assert.equal(res.headers['content-disposition'], `attachment; filename="invoice-${first.id}.pdf"`);
    assert.ok(res.rawPayload.subarray(0, 5).toString() === '%PDF-');
    assert.match(firstText, new RegExp(`INV/${fy}/000001`));
  });

  test('shows the seller from the config, the buyer, the order and the HSN code of each line', () => {
    assert.match(firstText, new RegExp(`GSTIN: ${SELLER_GSTIN}`));
    assert.match(firstText, /Vastra Test Traders LLP/);
    assert.match(firstText, /Asha Rao/);
    assert.match(firstText, new RegExp(first.orderNumber));
    assert.match(firstText, new RegExp(`\\b${first.items[0]!.hsnCode}\\b`));
  });

  test('splits GST into CGST and SGST within Karnataka, with ₹ amounts and the value in words', () => {
    const line = first.items[0]!;
    assert.ok(line.cgst > 0 && line.igst === 0, 'the order itself is intra-state');
    assert.match(firstText, /Karnataka \(29\)/);
    assert.match(firstText, /CGST/);
    assert.match(firstText, /SGST/);
    assert.doesNotMatch(firstText, /IGST/);
    const cgst = line.cgst.toLocaleString('en-IN', { minimumFractionDigits: 2 });
    assert.ok(firstText.includes(`₹ ${cgst}`), `CGST ₹ ${cgst} printed`);
    assert.ok(firstText.includes(`₹ 2,598.00`), 'the invoice total of two pieces at ₹ 1,299');
    assert.match(firstText, /Rupees Two Thousand Five Hundred Ninety-Eight Only/);
  });

  test('carries Hindi labels after the English ones, in an embedded Devanagari font', async () => {
    // The title and the total in both languages; the English stays as the legal text.
    assert.ok(firstText.includes('Tax Invoice / कर बीजक'), 'the title in English and Hindi');
    assert.ok(firstText.includes('Invoice total / बीजक की कुल'), 'the total labelled in both');
    const pdf = (await download(first.id)).rawPayload.toString('latin1');
    assert.match(pdf, /\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/, 'Noto Sans Devanagari is embedded');
  });

  test('charges IGST for Delhi, and the next invoice gets the next number', async () => {
    const delhi = await paidOrder({ address: DELHI_ADDRESS, product: 1 });
    const text = await invoiceText(delhi.id);
    assert.match(text, new RegExp(`INV/${fy}/000002`));
    assert.match(text, /Delhi \(07\)/);
    assert.match(text, /IGST/);
    assert.doesNotMatch(text, /CGST|SGST/);
    const igst = delhi.items[0]!.igst.toLocaleString('en-IN', { minimumFractionDigits: 2 });
    assert.ok(text.includes(`₹ ${igst}`), `IGST ₹ ${igst} printed`);
    assert.ok(text.includes(amountInWords(rupeesToPaise(delhi.totalAmount))));
  });

  test('keeps its number when downloaded again, with the session cookie too', async () => {
    const res = await download(first.id, fromStorefront(shopper.cookie));
    assert.equal(res.statusCode, 200, res.body);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    assert.match(text, new RegExp(`INV/${fy}/000001`));
  });
});

describe('when there is no invoice to give', () => {
  test('an unpaid online order: 400 invoiceNotPaid', async () => {
    const order = await placeOrder(shopper);
    const res = await download(order.id);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, ORDER_MESSAGES.invoiceNotPaid);
  });

  test('cash on delivery: 400 invoiceNotPacked until packed, then the invoice, payable on delivery', async () => {
    const order = await placeOrder(shopper, { method: 'cod' });
    await advanceOrder(ctx.database.db, order.id, ['confirmed']);
    const early = await download(order.id);
    assert.equal(early.statusCode, 400);
    assert.equal(early.json().message, ORDER_MESSAGES.invoiceNotPacked);

    await advanceOrder(ctx.database.db, order.id, ['packed']);
    const text = await invoiceText(order.id);
    assert.match(text, /INV\/\d{4}-\d{2}\/\d{6}/);
    assert.match(text, /Payable on delivery: .* in cash \(cash on delivery\)/);
  });

  test("someone else's order, an unknown or malformed id: 404; no session: 401", async () => {
    const order = await paidOrder();
    for (const id of [order.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await download(id, bearer(stranger.token));
      assert.equal(res.statusCode, 404, id);
      assert.equal(res.json().message, ORDER_MESSAGES.notFound);
    }
    assert.equal((await download(order.id, {})).statusCode, 401);
  });
});

describe('credit notes over HTTP', () => {
  test('an unknown or malformed return id: 404 returnNotFound; no session: 401', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/orders/returns/${id}/credit-note`,
        headers: bearer(shopper.token),
      });
      assert.equal(res.statusCode, 404, id);
      assert.equal(res.json().message, ORDER_MESSAGES.returnNotFound);
    }
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/orders/returns/00000000-0000-4000-8000-000000000000/credit-note',
    });
    assert.equal(anonymous.statusCode, 401);
  });
});
