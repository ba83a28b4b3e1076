/**
 * COD remittance (docs/behaviour.md "COD remittance", docs/admin.md "COD remittance"): the
 * courier pays the cash it collected in batches; the store uploads Shiprocket's remittance export
 * and sees, against its delivered cash on delivery orders, what is owed, received, short, for an
 * AWB it does not know, or missing (delivered more than N days ago and not remitted). The same
 * file twice is one batch, and a line that comes again in another file counts once. Money in
 * paise; rupees at the routes.
 *
 * Accepted columns (a header row, in any order, case, spacing or punctuation; others ignored):
 *   AWB (also "AWB Code", "AWB No", "AWB Number")                    required
 *   Order ID (also "Channel Order ID")
 *   COD Amount (also "COD Value", "COD Collected")                  required, rupees
 *   Remitted Amount (also "Remittance Amount", "Amount Remitted")    required, rupees
 *   Remittance Date (also "Remitted On", "Date")                     YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY
 *   UTR (also "UTR No", "CRF ID", "CRF")
 * Amounts may carry ₹, "Rs." and thousands commas.
 */
import { createHash } from 'node:crypto';
import {
  COURIER_MESSAGES,
  remittanceColumnMissing,
  remittanceLineInvalid,
  type RemittanceBatch,
  type RemittanceReport,
  type RemittanceRow,
} from '@vastra/contracts';
import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import type { CourierOrder, CourierOrderQueries } from '../orders';
import { codRemittanceBatches, codRemittanceLines, type CodRemittanceBatchRow } from './tables';

const DAY_MS = 86_400_000;
/** Most lines one file may hold. */
const MAX_LINES = 20_000;

type Column = 'awb' | 'orderRef' | 'cod' | 'remitted' | 'date' | 'utr';
const HEADERS: Readonly<Record<string, Column>> = {
  awb: 'awb',
  awbcode: 'awb',
  awbno: 'awb',
  awbnumber: 'awb',
  orderid: 'orderRef',
  channelorderid: 'orderRef',
  codamount: 'cod',
  codvalue: 'cod',
  codcollected: 'cod',
  remittedamount: 'remitted',
  remittanceamount: 'remitted',
  amountremitted: 'remitted',
  remittancedate: 'date',
  remittedon: 'date',
  date: 'date',
  utr: 'utr',
  utrno: 'utr',
  crfid: 'utr',
  crf: 'utr',
};
const REQUIRED: readonly [Column, string][] = [
  ['awb', 'AWB'],
  ['cod', 'COD Amount'],
  ['remitted', 'Remitted Amount'],
];

/** One line of the file, read. */
export type RemittanceLine = {
  awb: string;
  orderRef: string | null;
  codPaise: number;
  remittedPaise: number;
  remittanceDate: string | null;
  utr: string | null;
};

function amountPaise(value: string, line: number, column: string): number {
  const cleaned = value.replace(/₹|rs\.?|inr|,|\s/gi, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned))
    throw new ValidationError(remittanceLineInvalid(line, `${column} is not an amount`));
  return rupeesToPaise(Number(cleaned));
}

function isoDate(value: string, line: number): string | null {
  const v = value.trim();
  if (!v) return null;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})/.exec(v);
  const iso = ymd ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
  if (!iso || Number.isNaN(Date.parse(`${iso}T00:00:00Z`))) {
    throw new ValidationError(remittanceLineInvalid(line, 'the remittance date is not a date'));
  }
  return iso;
}

/**
 * Reads a remittance CSV (the columns above) with csv-parse. ValidationError naming a missing
 * column, an unreadable line (its number, the header being line 1), no lines, or too many.
 */
export function parseRemittanceCsv(csv: string): RemittanceLine[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    throw new ValidationError(remittanceLineInvalid(1, 'the file is not a CSV'));
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new ValidationError(COURIER_MESSAGES.remittanceEmpty);
  if (rows.length > MAX_LINES) throw new ValidationError(`At most ${MAX_LINES} lines per file.`);
  const index = new Map<Column, number>();
  header.forEach((name, i) => {
    const column = HEADERS[name.toLowerCase().replace(/[^a-z]/g, '')];
    if (column && !index.has(column)) index.set(column, i);
  });
  for (const [column, label] of REQUIRED) {
    if (!index.has(column)) throw new ValidationError(remittanceColumnMissing(label));
  }
  const cell = (row: string[], column: Column) => {
    const i = index.get(column);
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
  return rows.map((row, i) => {
    const line = i + 2;
    const awb = cell(row, 'awb');
    if (!awb || awb.length > 64) throw new ValidationError(remittanceLineInvalid(line, 'no AWB'));
    return {
      awb,
      orderRef: cell(row, 'orderRef').slice(0, 100) || null,
      codPaise: amountPaise(cell(row, 'cod'), line, 'COD Amount'),
      remittedPaise: amountPaise(cell(row, 'remitted'), line, 'Remitted Amount'),
      remittanceDate: isoDate(cell(row, 'date'), line),
      utr: cell(row, 'utr').slice(0, 100) || null,
    };
  });
}

function batchOf(row: CodRemittanceBatchRow): RemittanceBatch {
  return {
    id: row.id,
    fileName: row.fileName,
    uploadedBy: row.uploadedBy,
    lineCount: row.lineCount,
    newLineCount: row.newLineCount,
    remittedAmount: paiseToRupees(row.remittedPaise),
    createdAt: row.createdAt.toISOString(),
  };
}

export class RemittanceService {
  constructor(
    private readonly deps: {
      db: Db;
      courierOrders: Pick<CourierOrderQueries, 'codDelivered' | 'byAwbs'>;
      now?: () => Date;
    },
  ) {}

  /**
   * Records the file's lines in one transaction. The same file (by its SHA-256) again answers the
   * first batch with `duplicate: true`; a line already recorded from another file (same AWB and
   * UTR) is not counted again. Throws parseRemittanceCsv's ValidationErrors.
   */
  async upload(input: {
    fileName: string;
    csv: string;
    actor: string;
  }): Promise<{ batch: RemittanceBatch; duplicate: boolean }> {
    const lines = parseRemittanceCsv(input.csv);
    const sha = createHash('sha256').update(input.csv).digest('hex');
    return this.deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(codRemittanceBatches)
        .values({
          fileSha256: sha,
          fileName: input.fileName,
          uploadedBy: input.actor,
          lineCount: lines.length,
          newLineCount: 0,
          remittedPaise: 0,
        })
        .onConflictDoNothing({ target: codRemittanceBatches.fileSha256 })
        .returning();
      if (!created) {
        const [first] = await tx.select().from(codRemittanceBatches).where(eq(codRemittanceBatches.fileSha256, sha));
        return { batch: batchOf(first!), duplicate: true };
      }
      let added = 0;
      let remittedPaise = 0;
      for (const line of lines) {
        const [row] = await tx
          .insert(codRemittanceLines)
          .values({ batchId: created.id, lineKey: `${line.awb}|${line.utr ?? ''}`, ...line })
          .onConflictDoNothing({ target: codRemittanceLines.lineKey })
          .returning({ id: codRemittanceLines.id });
        if (row) {
          added += 1;
          remittedPaise += line.remittedPaise;
        }
      }
      const [batch] = await tx
        .update(codRemittanceBatches)
        .set({ newLineCount: added, remittedPaise })
        .where(eq(codRemittanceBatches.id, created.id))
        .returning();
      return { batch: batchOf(batch!), duplicate: false };
    });
  }

  /**
   * Where the cash of every delivered COD order stands: received (remitted exactly the amount
   * the courier collected), short (remitted something else), owed (not remitted yet, delivered
   * within `missingAfterDays`), missing (not remitted, delivered longer ago); and the remitted
   * AWBs of no delivered COD order (unknown). With the totals and the uploaded files.
   */
  async report(missingAfterDays: number): Promise<RemittanceReport> {
    const now = this.deps.now?.() ?? new Date();
    const remitted = await this.deps.db
      .select({
        awb: codRemittanceLines.awb,
        paise: sql<number>`sum(${codRemittanceLines.remittedPaise})::int`,
        date: sql<string | null>`max(${codRemittanceLines.remittanceDate})`,
        utr: sql<string | null>`string_agg(distinct ${codRemittanceLines.utr}, ', ')`,
      })
      .from(codRemittanceLines)
      .groupBy(codRemittanceLines.awb);
    const byAwb = new Map(remitted.map((r) => [r.awb, r]));
    const orders = await this.deps.courierOrders.codDelivered();
    const report: Omit<RemittanceReport, 'totals' | 'batches' | 'missingAfterDays'> = {
      owed: [],
      received: [],
      short: [],
      unknown: [],
      missing: [],
    };
    const row = (o: CourierOrder | null, awb: string, paid: (typeof remitted)[number] | undefined): RemittanceRow => ({
      awb,
      orderId: o?.id ?? null,
      orderNumber: o?.orderNumber ?? null,
      expectedAmount: o ? paiseToRupees(o.payablePaise) : null,
      remittedAmount: paiseToRupees(paid?.paise ?? 0),
      difference: o && paid ? paiseToRupees(paid.paise - o.payablePaise) : null,
      deliveredAt: o?.deliveredAt?.toISOString() ?? null,
      remittanceDate: paid?.date ?? null,
      utr: paid?.utr ?? null,
    });
    const known = new Set<string>();
    for (const o of orders) {
      if (!o.awb) continue;
      known.add(o.awb);
      const paid = byAwb.get(o.awb);
      if (paid) report[paid.paise === o.payablePaise ? 'received' : 'short'].push(row(o, o.awb, paid));
      else {
        const late = o.deliveredAt && now.getTime() - o.deliveredAt.getTime() > missingAfterDays * DAY_MS;
        report[late ? 'missing' : 'owed'].push(row(o, o.awb, undefined));
      }
    }
    const strangers = remitted.filter((r) => !known.has(r.awb));
    const others = await this.deps.courierOrders.byAwbs(strangers.map((r) => r.awb));
    for (const r of strangers)
      report.unknown.push({ ...row(others.get(r.awb) ?? null, r.awb, r), expectedAmount: null, difference: null });
    const total = (rows: RemittanceRow[], pick: (r: RemittanceRow) => number) => ({
      count: rows.length,
      amount: Math.round(rows.reduce((sum, r) => sum + pick(r) * 100, 0)) / 100,
    });
    const batches = await this.deps.db
      .select()
      .from(codRemittanceBatches)
      .orderBy(desc(codRemittanceBatches.createdAt))
      .limit(50);
    return {
      missingAfterDays,
      totals: {
        owed: total(report.owed, (r) => r.expectedAmount ?? 0),
        received: total(report.received, (r) => r.remittedAmount),
        short: total(report.short, (r) => -(r.difference ?? 0)),
        unknown: total(report.unknown, (r) => r.remittedAmount),
        missing: total(report.missing, (r) => r.expectedAmount ?? 0),
      },
      ...report,
      batches: batches.map(batchOf),
    };
  }
}
