import { and, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeRequests } from './tables';

/**
 * The lines of `orderIds` that are exchanged or being exchanged (any exchange not rejected and
 * whose pickup did not fail). Such a line is no longer returnable: its pieces are the exchange's
 * (docs/behaviour.md "Exchanges"). `db` may be the caller's transaction.
 */
export async function exchangedLinesOf(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ line: exchangeRequests.orderItemId })
    .from(exchangeRequests)
    .where(
      and(
        inArray(exchangeRequests.orderId, orderIds),
        notInArray(exchangeRequests.status, ['rejected', 'pickup_failed']),
      ),
    );
  return new Set(rows.map((r) => r.line));
}
