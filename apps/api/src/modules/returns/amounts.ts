/**
 * The money of a return (behaviour.md §10 Returns), in paise: which pieces may be returned, each
 * returned piece's share of its line (price after the coupon, with its GST; the last pieces of
 * a line take what is left, so a line's returns add up to what was paid for it), and the split
 * of a refund between the gift card, the store credit and the gateway.
 */
import { ORDER_MESSAGES, itemNotReturnable, returnQuantityExceeded } from '@vastra/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { shareInProportion } from '../../lib/money';
import type { OrderItemRow, OrderRow, StoredCharge } from '../orders';
import { returnItems, returnRequests, type ReturnRequestRow } from './tables';

/** The amounts of a returned line or return, in paise. */
export type Amounts = {
  refundPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};
export const AMOUNT_KEYS = ['refundPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

/** Each line's pieces asked for, checked against the category rule and what is left to return. */
export function wantedPieces(
  lines: OrderItemRow[],
  returnable: Map<string, boolean>,
  returned: Map<string, Amounts & { quantity: number }>,
  asked: { orderItemId: string; quantity: number }[] | undefined,
): { line: OrderItemRow; quantity: number }[] {
  const left = (line: OrderItemRow) => line.quantity - (returned.get(line.id)?.quantity ?? 0);
  if (!asked) {
    const all = lines
      .filter((l) => returnable.get(l.id) && left(l) > 0)
      .map((line) => ({ line, quantity: left(line) }));
    if (all.length === 0) throw new ValidationError(ORDER_MESSAGES.returnNothingLeft);
    return all;
  }
  const seen = new Set<string>();
  return asked.map(({ orderItemId, quantity }) => {
    const line = lines.find((l) => l.id === orderItemId);
    if (!line || seen.has(orderItemId)) throw new ValidationError('Choose each item of this order at most once.');
    seen.add(orderItemId);
    if (!returnable.get(line.id)) throw new ValidationError(itemNotReturnable(line.name));
    if (quantity > left(line)) throw new ValidationError(returnQuantityExceeded(line.name, left(line)));
    return { line, quantity };
  });
}

/** The returned pieces' share of the line; the last pieces of a line take what is left. */
export function lineShare(
  line: OrderItemRow,
  quantity: number,
  before: (Amounts & { quantity: number }) | undefined,
): Amounts {
  const last = (before?.quantity ?? 0) + quantity === line.quantity;
  const whole: Amounts = {
    refundPaise: line.totalPaise,
    taxablePaise: line.taxablePaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
  };
  const share = {} as Amounts;
  for (const key of AMOUNT_KEYS) {
    share[key] = last ? whole[key] - (before?.[key] ?? 0) : Math.round((whole[key] * quantity) / line.quantity);
  }
  return share;
}

/**
 * The order's delivery charge and COD fee when this return brings the whole order back (every
 * piece of every line, with the returns before it that were not rejected); none otherwise: a
 * partial return keeps them (behaviour.md §10 Returns).
 */
export function wholeOrderCharges(
  order: OrderRow,
  lines: OrderItemRow[],
  returned: Map<string, { quantity: number }>,
  items: { orderItemId: string; quantity: number }[],
): StoredCharge[] {
  const back = (line: OrderItemRow) =>
    (returned.get(line.id)?.quantity ?? 0) + (items.find((i) => i.orderItemId === line.id)?.quantity ?? 0);
  return lines.every((line) => back(line) === line.quantity) ? order.charges : [];
}

/**
 * Splits a return's refund into the gift card's share, the store credit's share (what the order
 * paid with store credit) and the rest (the gateway's, or by hand for COD): each share of the
 * order applied to the running total of the order's returns (rejected ones aside), less what
 * earlier returns already gave it; the gift card takes what rounding leaves over.
 */
export function splitRefund(order: OrderRow, earlier: ReturnRequestRow[], refundPaise: number) {
  const counted = earlier.filter((r) => r.status !== 'rejected');
  const before = (key: 'refundPaise' | 'giftCardRefundPaise' | 'walletRefundPaise' | 'gatewayRefundPaise') =>
    counted.reduce((s, r) => s + r[key], 0);
  const upTo = Math.min(order.totalPaise, before('refundPaise') + refundPaise);
  const [giftUpTo = 0, walletUpTo = 0] =
    order.totalPaise > 0
      ? shareInProportion([order.giftCardPaise, order.walletPaise, order.payablePaise], upTo)
      : [0, 0, 0];
  const giftBefore = before('giftCardRefundPaise');
  const walletBefore = before('walletRefundPaise');
  let giftCardPaise = Math.max(0, Math.min(refundPaise, giftUpTo - giftBefore, order.giftCardPaise - giftBefore));
  const walletPaise = Math.max(
    0,
    Math.min(refundPaise - giftCardPaise, walletUpTo - walletBefore, order.walletPaise - walletBefore),
  );
  const gatewayPaise = Math.min(
    refundPaise - giftCardPaise - walletPaise,
    Math.max(0, order.payablePaise - before('gatewayRefundPaise')),
  );
  giftCardPaise = refundPaise - gatewayPaise - walletPaise;
  return { giftCardPaise, walletPaise, gatewayPaise };
}

/**
 * Per order item: pieces and amounts already in returns that were not rejected, or with
 * `refundedOnly` in returns that were refunded.
 */
export async function returnedOf(
  db: Db,
  orderIds: string[],
  { refundedOnly = false }: { refundedOnly?: boolean } = {},
): Promise<Map<string, Amounts & { quantity: number }>> {
  const rows = await db
    .select({ item: returnItems })
    .from(returnItems)
    .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnRequestId))
    .where(
      and(
        inArray(returnRequests.orderId, orderIds),
        refundedOnly ? eq(returnRequests.status, 'refunded') : ne(returnRequests.status, 'rejected'),
      ),
    );
  const totals = new Map<string, Amounts & { quantity: number }>();
  for (const { item } of rows) {
    const t = totals.get(item.orderItemId) ?? {
      quantity: 0,
      refundPaise: 0,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    };
    t.quantity += item.quantity;
    for (const key of AMOUNT_KEYS) t[key] += item[key];
    totals.set(item.orderItemId, t);
  }
  return totals;
}
