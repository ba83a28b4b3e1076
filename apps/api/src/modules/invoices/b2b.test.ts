/**
 * Business buyers (behaviour.md §10 Business buyers; docs/admin.md GST reports): the GSTIN
 * check character (GSTN's base-36 algorithm) on real GSTINs; an order with a GSTIN of another
 * state, a mistyped GSTIN or a GSTIN without its business name is refused with nothing saved;
 * a business buyer's order shows its GSTIN to the shopper and the admin, its tax invoice and
 * credit note print "Buyer GSTIN", and the month's GST reports list it under B2B (its credit
 * note under CDNR), never in the B2C summary.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { GSTIN_MESSAGES, gstinCheckCharacter, isValidGstin, type GstReport, type Order } from '@vastra/contracts';
import { extractText } from 'unpdf';
import { SAMPLE_SELLER_GSTIN, loadConfig } from '../../config';
import { orders } from '../../db/schema';
import { rupeesToPaise } from '../../lib/money';
import { istDay } from '../../lib/india-time';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { DELHI_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

/** GSTN's own example (Maharashtra) and a listed company's Maharashtra registration. */
const REAL_GSTINS = ['27AAPFU0939F1ZV', '27AAACR5055K1Z7'];
/** A Karnataka (29) GSTIN whose check character is right, for orders shipped to Bengaluru. */
const KARNATAKA_GSTIN = '29AABCT1332L1ZA';

describe('the GSTIN check character', () => {
  test('accepts real GSTINs and refuses one typing mistake or a swap of two characters', () => {
    for (const gstin of REAL_GSTINS) {
      assert.equal(gstinCheckCharacter(gstin.slice(0, 14)), gstin.charAt(14), gstin);
      assert.ok(isValidGstin(gstin), gstin);
    }
    assert.ok(!isValidGstin('27AAPFU0939F1ZW'), 'another check character');
    assert.ok(!isValidGstin('27AAPFU0939F2ZV'), 'another entity number');
    assert.ok(!isValidGstin('27AAPFU9039F1ZV'), 'two digits swapped');
    assert.ok(!isValidGstin('27AAPFU0939F1Z'), 'too short');
  });

  test('checks the seller’s GSTIN of the configuration too; its sample is a valid one', () => {
    assert.ok(isValidGstin(SAMPLE_SELLER_GSTIN));
    assert.throws(() => loadConfig({ SELLER_GSTIN: '29AAACV1234F1Z5' }), /SELLER_GSTIN: is not a valid GSTIN/);
    assert.equal(loadConfig({ SELLER_GSTIN: '29AAGCV9876K1Z8' }).invoices.sellerGstin, '29AAGCV9876K1Z8');
  });
});

describe('a business buyer', () => {
  let ctx: TestContext;
  let shopper: Account;
  let owner: StaffLogin;
  let piece: Piece;

  before(async () => {
    ctx = await createTestApp({ env: MANY_ORDERS_ENV });
    shopper = await register(ctx.app, { name: 'Asha Rao' });
    owner = await staffOfRole(ctx, 'owner');
    piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 149_900 }))[0]!;
  });
  after(() => ctx.close());

  const items = () => [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }];
  const ordersOf = async () =>
    (await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, shopper.userId)))[0]!.n;
  const pdfText = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(shopper.token) });
    assert.equal(res.statusCode, 200, res.body);
    return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
  };

  test('with a mistyped GSTIN, one of another state or no business name is refused, nothing saved', async () => {
    const before = await ordersOf();
    const refused = async (business: object, message: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/orders',
        headers: bearer(shopper.token),
        payload: { items: items(), paymentMethod: 'sandbox', shippingAddress: DELHI_ADDRESS, ...business },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().message, message);
    };
    const name = { buyerBusinessName: 'Unique Traders' };
    await refused({ buyerGstin: '27AAPFU0939F1ZW', ...name }, GSTIN_MESSAGES.checksum);
    await refused({ buyerGstin: '27AAPFU0939', ...name }, GSTIN_MESSAGES.format);
    await refused({ buyerGstin: KARNATAKA_GSTIN.replace('29', '07') }, GSTIN_MESSAGES.checksum);
    await refused({ buyerGstin: REAL_GSTINS[0] }, GSTIN_MESSAGES.businessNameRequired);
    await refused(name, GSTIN_MESSAGES.gstinRequired);
    await refused(
      { buyerGstin: REAL_GSTINS[0], ...name },
      'This GSTIN is registered in state code 27, but the delivery address is in Delhi (07). Enter the GSTIN registered in Delhi.',
    );
    assert.equal(await ordersOf(), before);
  });

  test('is named on the order, the invoice and credit note, and in B2B and CDNR, not B2C', async () => {
    const b2b = await placePaidOrder(ctx, shopper, {
      items: items(),
      buyerGstin: ` ${KARNATAKA_GSTIN.toLowerCase()}`,
      buyerBusinessName: 'Tara Textiles LLP',
    });
    const consumer = await placePaidOrder(ctx, shopper, { items: items(), shippingAddress: DELHI_ADDRESS });
    assert.equal(b2b.buyerGstin, KARNATAKA_GSTIN);
    assert.equal(b2b.buyerBusinessName, 'Tara Textiles LLP');
    assert.equal(consumer.buyerGstin, null);
    const shown = await asStaff(ctx.app, owner, 'GET', `/admin/api/orders/${b2b.id}`);
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal((shown.json().data.order as Order).buyerGstin, KARNATAKA_GSTIN);

    const invoice = await pdfText(`/orders/${b2b.id}/invoice`);
    assert.match(invoice, new RegExp(`Buyer GSTIN: ${KARNATAKA_GSTIN}`));
    assert.match(invoice, /Tara Textiles LLP/);
    assert.doesNotMatch(await pdfText(`/orders/${consumer.id}/invoice`), /Buyer GSTIN/);
    await deliver(ctx, b2b.id);
    const asked = await sendReturn(ctx, shopper, b2b.id, { reason: 'size' });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    for (const step of ['approve', 'pickup', 'refund']) {
      const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${b2b.id}/return/${step}`, {});
      assert.equal(res.statusCode, 200, res.body);
    }
    const returnId = asked.body.data.returnRequest.id;
    assert.match(
      await pdfText(`/orders/returns/${returnId}/credit-note`),
      new RegExp(`Buyer GSTIN: ${KARNATAKA_GSTIN}`),
    );

    const month = istDay(new Date()).slice(0, 7);
    const res = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst?month=${month}`);
    assert.equal(res.statusCode, 200, res.body);
    const report = res.json().data as GstReport;
    const line = b2b.items[0]!;
    assert.deepEqual(
      report.b2b.map((r) => [r.buyerGstin, r.buyerName, r.placeOfSupply, r.ratePercent, r.taxablePaise, r.cgstPaise]),
      [
        [
          KARNATAKA_GSTIN,
          'Tara Textiles LLP',
          '29',
          line.taxRate,
          rupeesToPaise(line.taxableValue),
          rupeesToPaise(line.cgst),
        ],
      ],
    );
    assert.equal(report.b2b[0]!.totalPaise, rupeesToPaise(b2b.totalAmount));
    assert.deepEqual(
      report.cdnr.map((r) => [r.buyerGstin, r.number.startsWith('CN/'), r.taxablePaise]),
      [[KARNATAKA_GSTIN, true, rupeesToPaise(line.taxableValue)]],
    );
    // Only the consumer's order, shipped to Delhi, is B2C.
    assert.deepEqual(
      report.b2c.map((r) => [r.placeOfSupply, r.taxablePaise]),
      [['07', rupeesToPaise(consumer.items[0]!.taxableValue)]],
    );
    const csv = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst/b2b?month=${month}`);
    assert.match(
      csv.body,
      new RegExp(
        `^buyer_gstin,buyer_name,number,date,document_value,place_of_supply,state,rate,taxable_value,cgst,sgst,igst\\n${KARNATAKA_GSTIN},Tara Textiles LLP,INV/`,
      ),
    );
  });
});
