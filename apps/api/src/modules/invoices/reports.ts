/**
 * GST reports of a month (docs/admin.md), from the documents issued in it (India time): the
 * sales register (one row per tax invoice and credit note), the B2B invoices (per invoice and
 * rate, by the buyer's GSTIN) and the credit notes of B2B invoices (CDNR, likewise), the B2C
 * summary by place of supply and rate, and the HSN summary by HSN code and rate — the shapes
 * GSTR-1 asks for (B2B, CDNR, B2CS, HSN). An order with a buyer GSTIN is B2B and never in the
 * B2C summary. Every figure is summed from the same lines the PDFs print, in paise, so the
 * reports reconcile to the paisa with the invoices and credit notes; credit notes are
 * subtracted in the B2C and HSN summaries and the totals, and listed as they are in CDNR.
 * A cancelled invoice (cash on delivery refused at the door) is listed at zero and counted nowhere.
 */
import { and, asc, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { istMonthRange } from '../../lib/india-time';
import type { PincodeDirectory } from '../addresses';
import type { OrderItemRow, OrderRow } from '../orders';
import type { CreditNoteSource } from './service';
import { invoiceDocuments, type InvoiceKind } from './tables';

export type GstReportSources = {
  db: Db;
  orders: { findRef(ref: string): Promise<OrderRow>; items(orderId: string): Promise<OrderItemRow[]> };
  creditNotes: CreditNoteSource;
  pincodes: PincodeDirectory;
};

type Tax = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

export type RegisterRow = Tax & {
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  orderNumber: string;
  /** GST state code of the place of supply, and its name. */
  placeOfSupply: string;
  state: string;
  /** The document's value: what the invoice charged (shipping included) or the credit note refunds. */
  totalPaise: number;
  /** An invoice cancelled after it was issued (cash on delivery refused at the door). */
  cancelled: boolean;
};

export type B2cRow = Tax & { placeOfSupply: string; state: string; ratePercent: number };
/** One rate of a B2B invoice (GSTR-1 table 4) or of a credit note of one (CDNR, table 9B), as the document prints it. */
export type B2bRow = Tax & {
  buyerGstin: string;
  buyerName: string;
  number: string;
  issuedAt: string;
  /** The whole document's value (all its rates, shipping included). */
  totalPaise: number;
  placeOfSupply: string;
  state: string;
  ratePercent: number;
};
export type HsnRow = Tax & { hsnCode: string; ratePercent: number; quantity: number };

export type GstMonthReport = {
  month: string;
  register: RegisterRow[];
  b2b: B2bRow[];
  cdnr: B2bRow[];
  b2c: B2cRow[];
  hsn: HsnRow[];
  /** Invoices minus credit notes. */
  totals: Tax;
};

type Line = Tax & { hsnCode: string; ratePercent: number; quantity: number };

const ZERO: Tax = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

function add(into: Tax, line: Tax, sign: number): void {
  into.taxablePaise += sign * line.taxablePaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
  into.igstPaise += sign * line.igstPaise;
}

/** Adds `line` (times `sign`) to the row of `key` in `rows`, starting it from `fresh` with zero tax. */
function addTo<T extends Tax>(
  rows: Map<string, T>,
  key: string,
  line: Tax,
  sign: number,
  fresh: () => Omit<T, keyof Tax>,
) {
  const row = rows.get(key) ?? ({ ...fresh(), ...ZERO } as T);
  add(row, line, sign);
  rows.set(key, row);
}

export class GstReports {
  constructor(private readonly deps: GstReportSources) {}

  /** The reports of `month` (YYYY-MM, India time). */
  async month(month: string): Promise<GstMonthReport> {
    const { from, to } = istMonthRange(month);
    const documents = await this.deps.db
      .select()
      .from(invoiceDocuments)
      // An exchange's documents are listed by the exchanges module (behaviour.md "Exchanges"), not summed here yet.
      .where(
        and(
          gte(invoiceDocuments.issuedAt, from),
          lt(invoiceDocuments.issuedAt, to),
          isNull(invoiceDocuments.exchangeRequestId),
        ),
      )
      .orderBy(asc(invoiceDocuments.issuedAt), asc(invoiceDocuments.number));
    const register: RegisterRow[] = [];
    const b2c = new Map<string, B2cRow>();
    const b2b = new Map<string, B2bRow>();
    const cdnr = new Map<string, B2bRow>();
    const hsn = new Map<string, HsnRow>();
    const totals = { ...ZERO };
    for (const doc of documents) {
      const order = await this.deps.orders.findRef(doc.orderId);
      const { lines, totalPaise } = await this.linesOf(doc.kind, order, doc.returnRequestId);
      const state = this.deps.pincodes.stateName(order.placeOfSupply) ?? order.shippingAddress.state;
      const sign = doc.kind === 'invoice' ? 1 : -1;
      const cancelled = doc.cancelledAt !== null;
      const row: RegisterRow = {
        kind: doc.kind,
        number: doc.number,
        issuedAt: doc.issuedAt.toISOString(),
        orderNumber: order.orderNumber,
        placeOfSupply: order.placeOfSupply,
        state,
        totalPaise: cancelled ? 0 : totalPaise,
        cancelled,
        ...ZERO,
      };
      // A cancelled invoice keeps its place in the series but was no supply: zero, summed nowhere.
      for (const line of cancelled ? [] : lines) {
        add(row, line, 1);
        add(totals, line, sign);
        // A business buyer's documents are listed one by one (B2B, CDNR); a consumer's summed (B2C).
        const buyerGstin = order.buyerGstin;
        if (buyerGstin) {
          addTo(doc.kind === 'invoice' ? b2b : cdnr, `${doc.number}|${line.ratePercent}`, line, 1, () => ({
            buyerGstin,
            buyerName: order.buyerBusinessName ?? '',
            number: doc.number,
            issuedAt: row.issuedAt,
            totalPaise,
            placeOfSupply: order.placeOfSupply,
            state,
            ratePercent: line.ratePercent,
          }));
        } else {
          addTo(b2c, `${order.placeOfSupply}|${line.ratePercent}`, line, sign, () => ({
            placeOfSupply: order.placeOfSupply,
            state,
            ratePercent: line.ratePercent,
          }));
        }
        const hsnKey = `${line.hsnCode}|${line.ratePercent}`;
        const code = hsn.get(hsnKey) ?? { hsnCode: line.hsnCode, ratePercent: line.ratePercent, quantity: 0, ...ZERO };
        add(code, line, sign);
        code.quantity += sign * line.quantity;
        hsn.set(hsnKey, code);
      }
      register.push(row);
    }
    const byKey =
      <T extends { ratePercent: number }>(key: (r: T) => string) =>
      (a: T, b: T) =>
        key(a).localeCompare(key(b)) || a.ratePercent - b.ratePercent;
    return {
      month,
      register,
      // In document order (the register's), one row per rate.
      b2b: [...b2b.values()],
      cdnr: [...cdnr.values()],
      b2c: [...b2c.values()].sort(byKey((r) => r.placeOfSupply)),
      hsn: [...hsn.values()].sort(byKey((r) => r.hsnCode)),
      totals,
    };
  }

  /** The lines a document prints, in paise, and its value. */
  private async linesOf(
    kind: InvoiceKind,
    order: OrderRow,
    returnRequestId: string | null,
  ): Promise<{ lines: Line[]; totalPaise: number }> {
    if (kind === 'invoice') {
      const items = await this.deps.orders.items(order.id);
      // The delivery charge and COD fee count under the goods' HSN code and rate, quantity 0 (no goods).
      const charges = order.charges.map((c) => ({ ...c, taxRateBasisPoints: c.rateBasisPoints, quantity: 0 }));
      return {
        lines: [...items, ...charges].map((item) => ({
          hsnCode: item.hsnCode,
          ratePercent: item.taxRateBasisPoints / 100,
          quantity: item.quantity,
          taxablePaise: item.taxablePaise,
          cgstPaise: item.cgstPaise,
          sgstPaise: item.sgstPaise,
          igstPaise: item.igstPaise,
        })),
        totalPaise: order.totalPaise,
      };
    }
    const { lines } = await this.deps.creditNotes.creditNoteLines(order.userId, returnRequestId!);
    return {
      lines: lines.map((line) => ({
        hsnCode: line.hsnCode,
        ratePercent: line.taxRateBasisPoints / 100,
        quantity: line.charge ? 0 : line.quantity,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      })),
      totalPaise: lines.reduce((sum, line) => sum + line.refundPaise, 0),
    };
  }
}
