/**
 * GST invoices of orders and credit notes of refunded returns (behaviour.md §10 Invoices, §7 Orders):
 * numbers INV/2026-27/000001 and CN/2026-27/000001 given once per document, when the goods
 * leave or the return is refunded (`issueDue`) or on an earlier download, from one counter per
 * kind and financial year (April to March, India time); the document's data gathered from the
 * order as the shopper sees it, and the PDF (pdf.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type Order, type ReturnRequest } from '@vastra/contracts';
import { isUniqueViolation, type Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { rupeesToPaise } from '../../lib/money';
import type { PincodeDirectory } from '../addresses';
import type { CreditNoteLine } from '../returns';
import { renderGstPdf, formatRupees, formatIndianDate, type GstDocument } from './pdf';
import { invoiceCounters, invoiceDocuments, type InvoiceDocumentRow, type InvoiceKind } from './tables';

/** The orders module as the invoices see it: the owner's order in its public shape (404 otherwise). */
export type InvoiceOrders = {
  get(userId: string, orderId: string): Promise<Order>;
  getById(orderId: string): Promise<Order>;
};

/** Statuses in which the goods have not left the store (or never will): no invoice is due yet. */
const NOT_SUPPLIED = new Set<Order['status']>([
  'pending_payment',
  'payment_failed',
  'placed',
  'confirmed',
  'packed',
  'cancelled',
]);

/**
 * The returns module as the credit notes see it (ReturnsService.creditNoteLines): the owner's
 * return with the GST of its returned lines; NotFoundError for someone else's.
 */
export type CreditNoteSource = {
  creditNoteLines(userId: string, returnId: string): Promise<{ returnRequest: ReturnRequest; lines: CreditNoteLine[] }>;
};

/** The seller's details; customer care and the grievance officer's line are printed when set. */
export type Seller = {
  sellerName: string;
  sellerAddress: string;
  sellerGstin: string;
  customerCare?: string | null;
  grievanceOfficer?: string | null;
};

export type InvoiceDeps = {
  db: Db;
  orders: InvoiceOrders;
  pincodes: PincodeDirectory;
  /** The seller's details, read at each document (the store settings: docs/admin.md "Store settings"). */
  seller: Seller | (() => Promise<Seller>);
  /** Absent until the returns module provides it; then credit notes answer 404. */
  creditNotes?: CreditNoteSource;
  /** The clock, for the issue date and the financial year. */
  now?: () => Date;
};

export type PdfFile = { filename: string; pdf: Buffer };

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The Indian financial year (April–March, Asia/Kolkata) a moment falls in: "2026-27". */
export function financialYearOf(date: Date): string {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

export class InvoiceService {
  constructor(private readonly deps: InvoiceDeps) {}

  /**
   * The tax invoice of the shopper's order as a PDF named invoice-{orderId}.pdf; a cash on
   * delivery order's says "Payable on delivery" until its cash is collected, then "Paid". Throws
   * NotFoundError for someone else's order, ValidationError invoiceNotPaid (online order not
   * paid) or invoiceNotPacked (cash on delivery not yet packed, or refused at the door).
   */
  async invoice(userId: string, orderId: string): Promise<PdfFile> {
    const order = await this.deps.orders.get(userId, orderId);
    if (!order.invoiceAvailable) {
      throw new ValidationError(
        order.paymentGateway === 'cod' ? ORDER_MESSAGES.invoiceNotPacked : ORDER_MESSAGES.invoiceNotPaid,
      );
    }
    const issued = await this.issue('invoice', order.id, null);
    const supply = this.placeOfSupply(order);
    const pdf = await renderGstPdf({
      title: 'Tax Invoice',
      number: issued.number,
      issuedAt: issued.issuedAt,
      references: [
        { label: 'Order', value: order.orderNumber },
        { label: 'Order date', value: formatIndianDate(new Date(order.createdAt)) },
      ],
      seller: await this.seller(),
      buyer: buyerOf(order),
      placeOfSupply: supply.label,
      interState: supply.interState,
      lines: [
        ...order.items.map((item) => ({
          ...taxColumns(item),
          description: `${item.name} (${item.size}, ${item.color})`,
          hsnCode: item.hsnCode,
          quantity: item.quantity,
          unitPaise: rupeesToPaise(item.unitPrice),
        })),
        // The delivery charge and COD fee, each a row of its own under the goods' HSN code (behaviour.md §4).
        ...order.charges.map((charge) => ({
          ...taxColumns(charge),
          description: charge.label,
          hsnCode: charge.hsnCode,
          quantity: 1,
          unitPaise: rupeesToPaise(order.pricesIncludeTax ? charge.total : charge.taxableValue),
        })),
      ],
      adjustments: [],
      totalPaise: rupeesToPaise(order.totalAmount),
      notes: [...paymentNotes(order), 'Tax is not payable on reverse charge basis.'],
    });
    return { filename: `invoice-${order.id}.pdf`, pdf };
  }

  /**
   * The credit note of the shopper's refunded return as a PDF named credit-note-{returnId}.pdf,
   * citing the order's invoice (issued now if it never was). Throws NotFoundError for someone
   * else's return (or while no credit note source is wired), ValidationError creditNoteNotReady
   * before the refund.
   */
  async creditNote(userId: string, returnId: string): Promise<PdfFile> {
    if (!this.deps.creditNotes) throw new NotFoundError(ORDER_MESSAGES.returnNotFound);
    const { returnRequest, lines } = await this.deps.creditNotes.creditNoteLines(userId, returnId);
    if (returnRequest.status !== 'refunded') throw new ValidationError(ORDER_MESSAGES.creditNoteNotReady);
    const order = await this.deps.orders.get(userId, returnRequest.orderId);
    const invoice = await this.issue('invoice', order.id, null);
    const issued = await this.issue('credit_note', order.id, returnRequest.id);
    const supply = this.placeOfSupply(order);
    const pdf = await renderCreditNote({
      number: issued.number,
      issuedAt: issued.issuedAt,
      invoiceNumber: invoice.number,
      invoiceDate: invoice.issuedAt,
      orderNumber: order.orderNumber,
      seller: await this.seller(),
      buyer: buyerOf(order),
      placeOfSupply: supply.label,
      interState: supply.interState,
      lines,
    });
    return { filename: `credit-note-${returnRequest.id}.pdf`, pdf };
  }

  /**
   * Issues the GST documents an order is due after a store step, so that a month's GST
   * reports hold every supply whether or not the shopper downloads anything: the invoice of a
   * paid online order once the goods have left (shipped or later), of a cash on delivery order
   * once packed (it goes in the parcel), and the credit note of a refunded return. Numbers come
   * from the same counters as downloads (`issue`), so a document is never issued twice. A cash
   * on delivery order refused at the door (cancelled after its invoice), and an order the
   * courier brought back undelivered (returned to the seller: no supply took place), get their
   * invoice cancelled: the number stays, the reports count it nowhere.
   */
  async issueDue(orderId: string): Promise<void> {
    const order = await this.deps.orders.getById(orderId);
    if (order.status === 'cancelled' || order.status === 'returned_to_seller') {
      await this.deps.db
        .update(invoiceDocuments)
        .set({ cancelledAt: this.deps.now?.() ?? new Date() })
        .where(
          and(
            eq(invoiceDocuments.orderId, orderId),
            eq(invoiceDocuments.kind, 'invoice'),
            isNull(invoiceDocuments.cancelledAt),
          ),
        );
      return;
    }
    // Cash on delivery is invoiced when packed, to travel with the goods; online orders when shipped.
    const leaving = order.paymentGateway === 'cod' && order.status === 'packed';
    if (!order.invoiceAvailable || (NOT_SUPPLIED.has(order.status) && !leaving)) return;
    await this.issue('invoice', order.id, null);
    if (order.returnRequest?.status === 'refunded') await this.issue('credit_note', order.id, order.returnRequest.id);
  }

  /**
   * The document of that kind for the order (invoice), the return (credit note) or the exchange
   * (`exchangeRequestId`: the returned piece's credit note, the replacement's invoice): the one
   * issued before, or a new one numbered from the counter of the financial year of now.
   * Two first downloads at once: the unique indexes let one win, the other reads its number.
   */
  async issue(
    kind: InvoiceKind,
    orderId: string,
    returnRequestId: string | null,
    exchangeRequestId: string | null = null,
  ): Promise<InvoiceDocumentRow> {
    const existing = await this.issued(kind, orderId, returnRequestId, exchangeRequestId);
    if (existing) return existing;
    const now = this.deps.now?.() ?? new Date();
    const financialYear = financialYearOf(now);
    try {
      return await this.deps.db.transaction(async (tx) => {
        // The counter row stays locked until commit, so numbers of a year never repeat or skip.
        const [counter] = await tx
          .insert(invoiceCounters)
          .values({ kind, financialYear, lastNumber: 1 })
          .onConflictDoUpdate({
            target: [invoiceCounters.kind, invoiceCounters.financialYear],
            set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
          })
          .returning();
        const number = `${PREFIX[kind]}/${financialYear}/${String(counter!.lastNumber).padStart(6, '0')}`;
        const [row] = await tx
          .insert(invoiceDocuments)
          .values({ kind, orderId, returnRequestId, exchangeRequestId, number, financialYear, issuedAt: now })
          .returning();
        return row!;
      });
    } catch (err) {
      const raced = isUniqueViolation(err)
        ? await this.issued(kind, orderId, returnRequestId, exchangeRequestId)
        : null;
      if (raced) return raced;
      throw err;
    }
  }

  private async issued(
    kind: InvoiceKind,
    orderId: string,
    returnRequestId: string | null,
    exchangeRequestId: string | null,
  ): Promise<InvoiceDocumentRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(invoiceDocuments)
      .where(
        exchangeRequestId
          ? and(eq(invoiceDocuments.kind, kind), eq(invoiceDocuments.exchangeRequestId, exchangeRequestId))
          : returnRequestId
            ? and(eq(invoiceDocuments.kind, kind), eq(invoiceDocuments.returnRequestId, returnRequestId))
            : and(
                eq(invoiceDocuments.kind, kind),
                eq(invoiceDocuments.orderId, orderId),
                isNull(invoiceDocuments.exchangeRequestId),
              ),
      );
    return row ?? null;
  }

  private async seller(): Promise<GstDocument['seller']> {
    const seller = this.deps.seller;
    const s = typeof seller === 'function' ? await seller() : seller;
    return {
      name: s.sellerName,
      address: s.sellerAddress,
      gstin: s.sellerGstin,
      customerCare: s.customerCare ?? null,
      grievanceOfficer: s.grievanceOfficer ?? null,
    };
  }

  /**
   * The place of supply the order was taxed for, printed "Karnataka (29)", and whether that
   * made it inter-state (IGST): the invoice states what the order charged.
   */
  private placeOfSupply(order: Order): { label: string; interState: boolean } {
    const name = this.deps.pincodes.stateName(order.placeOfSupply) ?? order.shippingAddress.state;
    return { label: `${name} (${order.placeOfSupply})`, interState: order.interState };
  }
}

/**
 * What the invoice says of the payment: the gift card and store credit parts paid, and the rest paid online, paid
 * in cash on delivery (with the date it was collected) or payable on delivery.
 */
function paymentNotes(order: Order): string[] {
  const rupees = (amount: number) => formatRupees(rupeesToPaise(amount));
  const paid = [
    order.giftCardAmount > 0 ? `${rupees(order.giftCardAmount)} by gift card` : null,
    order.walletAmount > 0 ? `${rupees(order.walletAmount)} by store credit` : null,
  ];
  if (order.amountPayable > 0 && order.paymentGateway !== 'cod') paid.push(`${rupees(order.amountPayable)} online`);
  const collected = order.paymentStatus === 'completed';
  if (order.amountPayable > 0 && order.paymentGateway === 'cod' && collected) {
    const on = order.paidAt ? `, collected on ${formatIndianDate(new Date(order.paidAt))}` : '';
    paid.push(`${rupees(order.amountPayable)} cash on delivery${on}`);
  }
  const parts = paid.filter(Boolean);
  return [
    ...(parts.length ? [`Paid: ${parts.join(', ')}.`] : []),
    ...(order.amountPayable > 0 && order.paymentGateway === 'cod' && !collected
      ? [`Payable on delivery: ${rupees(order.amountPayable)} in cash (cash on delivery).`]
      : []),
  ];
}

/** A line's or charge's taxable value, rate, GST and total, in paise as the PDF prints them. */
function taxColumns(row: {
  taxableValue: number;
  taxRate: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}) {
  return {
    taxablePaise: rupeesToPaise(row.taxableValue),
    taxRatePercent: row.taxRate,
    cgstPaise: rupeesToPaise(row.cgst),
    sgstPaise: rupeesToPaise(row.sgst),
    igstPaise: rupeesToPaise(row.igst),
    totalPaise: rupeesToPaise(row.total),
  };
}

/** The buyer as printed: a business buyer by its name and GSTIN, with the person it ships to (Rule 46(e)). */
function buyerOf(order: Order): GstDocument['buyer'] {
  const a = order.shippingAddress;
  const person = `${a.firstName} ${a.lastName}`.trim();
  const addressLines = [a.street, `${a.city}, ${a.state} ${a.postalCode}`, a.country, `Phone: ${a.phone}`];
  if (!order.buyerGstin) return { name: person, addressLines, gstin: null };
  return {
    name: order.buyerBusinessName ?? person,
    addressLines: [`Attn: ${person}`, ...addressLines],
    gstin: order.buyerGstin,
  };
}

/** Input of a credit note PDF: the returned lines as the returns module gives them (paise). */
export type CreditNoteInput = {
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  seller: GstDocument['seller'];
  buyer: GstDocument['buyer'];
  placeOfSupply: string;
  interState: boolean;
  lines: CreditNoteLine[];
};

/** The credit note PDF: returned lines with their taxable value and the GST reversed; total = the refund. */
export function renderCreditNote(input: CreditNoteInput): Promise<Buffer> {
  return renderGstPdf({
    title: 'Credit Note',
    number: input.number,
    issuedAt: input.issuedAt,
    references: [
      { label: 'Against invoice', value: `${input.invoiceNumber} of ${formatIndianDate(input.invoiceDate)}` },
      { label: 'Order', value: input.orderNumber },
    ],
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply: input.placeOfSupply,
    interState: input.interState,
    lines: input.lines.map((l) => ({
      description: l.name,
      hsnCode: l.hsnCode,
      quantity: l.quantity,
      unitPaise: Math.round(l.refundPaise / l.quantity),
      taxablePaise: l.taxablePaise,
      taxRatePercent: l.taxRateBasisPoints / 100,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
      totalPaise: l.refundPaise,
    })),
    adjustments: [],
    totalPaise: input.lines.reduce((s, l) => s + l.refundPaise, 0),
    notes: [`Goods returned; the taxable value and GST of invoice ${input.invoiceNumber} above are reversed.`],
  });
}
