/**
 * Invoice numbering (behaviour.md §10 Invoices): one counter per kind and Indian financial year (April to
 * March, Asia/Kolkata), so the first document after midnight of 1 April IST starts again at
 * 000001; an order's invoice keeps the number it was given first. Also the credit note PDF,
 * from returned lines as the returns module hands them (hand-made here).
 *
 * @postgres: two first downloads at once race for one number there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ORDER_MESSAGES, type ReturnRequest } from '@vastra/contracts';
import { extractText } from 'unpdf';
import { ValidationError } from '../../lib/errors';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders';
import { PincodeDirectory } from '../addresses/pincodes';
import { InvoiceService, financialYearOf, renderCreditNote } from './service';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ seed: false });
});
after(async () => {
  await ctx.close();
});

test('the financial year turns at midnight of 1 April, India time', () => {
  assert.equal(financialYearOf(new Date('2027-03-31T23:59:59+05:30')), '2026-27');
  assert.equal(financialYearOf(new Date('2027-04-01T00:00:00+05:30')), '2027-28');
  // 1 April 00:10 IST is still 31 March in UTC.
  assert.equal(financialYearOf(new Date('2027-03-31T18:40:00Z')), '2027-28');
  assert.equal(financialYearOf(new Date('2099-12-31T12:00:00+05:30')), '2099-00');
});

describe('numbers across the turn of the year', () => {
  let clock: Date;
  let invoices: InvoiceService;
  before(() => {
    invoices = new InvoiceService({
      db: ctx.database.db,
      orders: {
        get: () => Promise.reject(new Error('not used')),
        getById: () => Promise.reject(new Error('not used')),
      },
      pincodes: PincodeDirectory.load(),
      seller: ctx.config.invoices,
      now: () => clock,
    });
  });

  test('run on within a year, restart on 1 April, and an issued number is kept', async () => {
    const db = ctx.database.db;
    const [a, b, c, d] = [await insertOrder(db), await insertOrder(db), await insertOrder(db), await insertOrder(db)];

    clock = new Date('2027-03-31T10:00:00+05:30');
    assert.equal((await invoices.issue('invoice', a.id, null)).number, 'INV/2026-27/000001');
    clock = new Date('2027-03-31T23:59:00+05:30');
    assert.equal((await invoices.issue('invoice', b.id, null)).number, 'INV/2026-27/000002');

    clock = new Date('2027-04-01T00:01:00+05:30');
    const firstOfYear = await invoices.issue('invoice', c.id, null);
    assert.equal(firstOfYear.number, 'INV/2027-28/000001');
    assert.equal(firstOfYear.financialYear, '2027-28');
    assert.equal((await invoices.issue('invoice', a.id, null)).number, 'INV/2026-27/000001', 'kept');
    assert.equal((await invoices.issue('invoice', d.id, null)).number, 'INV/2027-28/000002');
  });

  test('credit notes have their own counter', async () => {
    const order = await insertOrder(ctx.database.db);
    clock = new Date('2027-04-02T12:00:00+05:30');
    const returnId = '6f1c2a43-0d7e-4b59-9a51-2c8e0f3b7d11';
    const note = await invoices.issue('credit_note', order.id, returnId);
    assert.equal(note.number, 'CN/2027-28/000001');
    assert.equal((await invoices.issue('credit_note', order.id, returnId)).number, 'CN/2027-28/000001');
  });

  test('two first downloads at once get one number', async () => {
    const order = await insertOrder(ctx.database.db);
    clock = new Date('2027-04-03T12:00:00+05:30');
    const [x, y] = await Promise.all([
      invoices.issue('invoice', order.id, null),
      invoices.issue('invoice', order.id, null),
    ]);
    assert.equal(x.number, y.number);
  });
});

test('the credit note PDF lists the returned lines with GST reversed and cites the invoice', async () => {
  const pdf = await renderCreditNote({
    number: 'CN/2026-27/000001',
    issuedAt: new Date('2026-12-05T10:00:00+05:30'),
    invoiceNumber: 'INV/2026-27/000042',
    invoiceDate: new Date('2026-11-21T10:00:00+05:30'),
    orderNumber: 'VST-001042',
    seller: {
      name: 'Vastra Fashion Private Limited',
      address: '12 Residency Road, Bengaluru',
      gstin: '29AAACV1234F1ZL',
    },
    buyer: { name: 'Asha Rao', addressLines: ['12 MG Road', 'Bengaluru, Karnataka 560001'] },
    placeOfSupply: 'Karnataka (29)',
    interState: false,
    lines: [
      {
        name: 'Cotton Kurta (M, Blue)',
        hsnCode: '6211',
        quantity: 1,
        taxablePaise: 123_714,
        cgstPaise: 3_093,
        sgstPaise: 3_093,
        igstPaise: 0,
        refundPaise: 129_900,
        taxRateBasisPoints: 500,
      },
    ],
  });
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  assert.match(text, /Credit Note/);
  assert.match(text, /CN\/2026-27\/000001/);
  assert.match(text, /Against invoice: INV\/2026-27\/000042 of 21 Nov 2026/);
  assert.match(text, /6211/);
  assert.ok(text.includes('₹ 1,237.14'), 'taxable value');
  assert.ok(text.includes('2.5%') && text.includes('₹ 30.93'), 'CGST and SGST reversed');
  assert.ok(text.includes('₹ 1,299.00'), 'total credit');
  assert.match(text, /Rupees One Thousand Two Hundred Ninety-Nine Only/);
});

test('a credit note waits for the refund: creditNoteNotReady before, and no number is used up', async () => {
  const order = await insertOrder(ctx.database.db);
  const returnRequest = { id: '0b7d2f4e-1c3a-4e5f-8a9b-0c1d2e3f4a5b', orderId: order.id, status: 'picked_up' };
  const invoices = new InvoiceService({
    db: ctx.database.db,
    orders: {
      get: () => Promise.reject(new Error('the order is not read before the refund')),
      getById: () => Promise.reject(new Error('not used')),
    },
    pincodes: PincodeDirectory.load(),
    seller: ctx.config.invoices,
    creditNotes: {
      creditNoteLines: async () => ({ returnRequest: returnRequest as ReturnRequest, lines: [] }),
    },
  });
  await assert.rejects(invoices.creditNote(order.userId, returnRequest.id), (err) => {
    assert.ok(err instanceof ValidationError);
    assert.equal(err.message, ORDER_MESSAGES.creditNoteNotReady);
    return true;
  });
  const fresh = await invoices.issue('credit_note', order.id, returnRequest.id);
  // No credit note of this year was issued before, so the refused one took no number.
  assert.equal(fresh.number, `CN/${financialYearOf(new Date())}/000001`);
});
