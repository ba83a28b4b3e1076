/**
 * Return requests as the API answers them (behaviour.md §7 Orders, §10 Returns): money in
 * rupees, the returned lines with their product, the evidence files as links.
 */
import type { ReturnRequest } from '@vastra/contracts';
import { asc, inArray } from 'drizzle-orm';
import { paiseToRupees } from '../../lib/money';
import type { OrderItemRow } from '../orders';
import type { OrdersPort, ReturnsDeps } from './types';
import { returnFiles, returnItems, type ReturnItemRow, type ReturnRequestRow } from './tables';

/** Return requests as answered, with their items, files and order numbers read in three queries. */
export async function presentReturns(
  deps: Pick<ReturnsDeps, 'db' | 'options'> & { orders: Pick<OrdersPort, 'orderNumbers' | 'items'> },
  rows: ReturnRequestRow[],
): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const { db, options } = deps;
  const [items, files, numbers] = await Promise.all([
    db.select().from(returnItems).where(inArray(returnItems.returnRequestId, ids)),
    db.select().from(returnFiles).where(inArray(returnFiles.returnRequestId, ids)).orderBy(asc(returnFiles.position)),
    deps.orders.orderNumbers(rows.map((r) => r.orderId)),
  ]);
  const lineIds = [...new Set(rows.map((r) => r.orderId))];
  const lines = (await Promise.all(lineIds.map((id) => deps.orders.items(id)))).flat();
  const r = paiseToRupees;
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: numbers.get(row.orderId) ?? '',
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    items: items
      .filter((i) => i.returnRequestId === row.id)
      .map((i) =>
        itemPublic(
          i,
          lines.find((l) => l.id === i.orderItemId),
          options.mediaUrl,
        ),
      ),
    files: files
      .filter((f) => f.returnRequestId === row.id)
      .map((f) => ({
        id: f.id,
        url: `${options.publicUrl}/orders/returns/files/${f.id}`,
        contentType: f.contentType,
        size: f.sizeBytes,
      })),
    refundAmount: r(row.refundPaise),
    giftCardRefundAmount: r(row.giftCardRefundPaise),
    walletRefundAmount: r(row.walletRefundPaise),
    refundTo: row.refundTo,
    gatewayRefundAmount: r(row.gatewayRefundPaise),
    decisionNote: row.decisionNote,
    creditNoteUrl: row.status === 'refunded' ? `${options.publicUrl}/orders/returns/${row.id}/credit-note` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

function itemPublic(item: ReturnItemRow, line: OrderItemRow | undefined, mediaUrl: (path: string) => string) {
  return {
    orderItemId: item.orderItemId,
    productId: line?.productId ?? '',
    name: line?.name ?? '',
    size: line?.size ?? '',
    color: line?.color ?? '',
    image: line?.image ? mediaUrl(line.image) : null,
    quantity: item.quantity,
    refundAmount: paiseToRupees(item.refundPaise),
    restocked: item.restocked,
  };
}
