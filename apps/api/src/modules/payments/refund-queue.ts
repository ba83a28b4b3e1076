/**
 * The store's view of refunds for the admin (docs/admin.md): pending and failed refunds across
 * orders, or the manual (cash on delivery) ones paid by hand, newest first. Money in paise.
 */
import type { RefundMethod, RefundStatus } from '@vastra/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refunds } from './tables';

export type RefundQueueFilter = { status?: RefundStatus[]; method?: RefundMethod; page: number; perPage: number };

export type RefundQueueRow = {
  id: string;
  orderId: string;
  returnRequestId: string | null;
  method: RefundMethod;
  status: RefundStatus;
  amountPaise: number;
  /** The gateway's last word (PENDING, COMPLETED, FAILED), or null. */
  providerState: string | null;
  /** The last error kept for the store, if any. */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};

function lastError(lastResponse: unknown): string | null {
  const error = (lastResponse as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : error ? JSON.stringify(error) : null;
}

export async function refundQueue(
  db: Db,
  filter: RefundQueueFilter,
): Promise<{ rows: RefundQueueRow[]; total: number }> {
  const where = and(
    filter.status?.length ? inArray(refunds.status, filter.status) : undefined,
    filter.method ? eq(refunds.method, filter.method) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      returnRequestId: r.returnRequestId,
      method: r.method,
      status: r.status,
      amountPaise: r.amountPaise,
      providerState: r.providerState,
      lastError: lastError(r.lastResponse),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
