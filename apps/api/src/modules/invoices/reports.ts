/**
 * GST reports of a month (docs/admin.md), from the documents issued in it (India time): the
 * sales register (one row per tax invoice and credit note), the B2C summary by place of supply
 * and rate, and the HSN summary by HSN code and rate — the shapes GSTR-1 asks for (B2CS, HSN).
 * Every figure is summed from the same lines the PDFs print, in paise, so the reports reconcile
 * to the paisa with the invoices and credit notes; credit notes are subtracted in the summaries.
 * A cancelled invoice (cash on delivery refused at the door) is listed at zero and counted nowhere.
 */
import { and, asc, gte, lt } from 'drizzle-orm';
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
export type HsnRow = Tax & { hsnCode: string; ratePercent: number; quantity: number };

export type GstMonthReport = {
  month: string;
  register: RegisterRow[];
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

export class GstReports {
  constructor(private readonly deps: GstReportSources) {}

  /** The reports of `month` (YYYY-MM, India time). */
  async month(month: string): Promise<GstMonthReport> {
    const { from, to } = istMonthRange(month);
    const documents = await this.deps.db
      .select()
      .from(invoiceDocuments)
      .where(and(gte(invoiceDocuments.issuedAt, from), lt(invoiceDocuments.issuedAt, to)))
      .orderBy(asc(invoiceDocuments.issuedAt), asc(invoiceDocuments.number));
    const register: RegisterRow[] = [];
    const b2c = new Map<string, B2cRow>();
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
        const b2cKey = `${order.placeOfSupply}|${line.ratePercent}`;
        const place = b2c.get(b2cKey) ?? {
          placeOfSupply: order.placeOfSupply,
          state,
          ratePercent: line.ratePercent,
          ...ZERO,
        };
        add(place, line, sign);
        b2c.set(b2cKey, place);
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
