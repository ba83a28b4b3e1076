/**
 * What may be returned (behaviour.md §10 Returns): the return window (delivery + the store settings' return window days),
 * the categories never returnable (with everything below them), the pieces already returned,
 * and, for the order view, each order's latest return. Built before the orders module, which
 * shows it on every order (ReturnsView); the returns service checks requests with it.
 */
import { ORDER_MESSAGES, returnWindowClosed, type ReturnStatus } from '@vastra/contracts';
import { desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import type { CatalogService } from '../catalog/service';
import { DELIVERED_OR_AFTER, type OrderItemRow, type OrderRow, type ReturnSummary, type ReturnsView } from '../orders';
import { returnedOf } from './amounts';
import { presentReturns } from './presenter';
import { returnRequests, type ReturnRequestRow } from './tables';
import type { ReturnsDeps } from './types';

/** Statuses of a return still being handled: another one may not be asked for meanwhile. */
export const OPEN: ReadonlySet<ReturnStatus> = new Set(['requested', 'approved', 'picked_up']);

export type ReturnSummariesDeps = Pick<ReturnsDeps, 'db' | 'options'> & {
  catalog: Pick<CatalogService, 'categoryLineage' | 'categoryIdsBySlug'>;
  /** The return window in days now (the store settings); default `options.windowDays`. */
  windowDays?: () => Promise<number>;
  /** The lines of these orders that are exchanged or being exchanged (the exchanges module), read through `db` (maybe a transaction). */
  exchangedLines?: (db: Db, orderIds: string[]) => Promise<Set<string>>;
};

export class ReturnSummaries implements ReturnsView {
  private nonReturnableIds: Promise<Set<string>> | null = null;

  constructor(private readonly deps: ReturnSummariesDeps) {}

  /**
   * ReturnsView: per order, its latest return, what may still be returned and until when (see
   * orders/ports.ts). The orders and lines are the caller's: their numbers and lines are not read again.
   */
  async summariesOf(orders: OrderRow[], items: OrderItemRow[]): Promise<Map<string, ReturnSummary>> {
    const summaries = new Map<string, ReturnSummary>();
    if (orders.length === 0) return summaries;
    const ids = orders.map((o) => o.id);
    const requests = await this.deps.db
      .select()
      .from(returnRequests)
      .where(inArray(returnRequests.orderId, ids))
      .orderBy(desc(returnRequests.createdAt));
    const latest = new Map<string, ReturnRequestRow>();
    for (const r of requests) if (!latest.has(r.orderId)) latest.set(r.orderId, r);
    const views = new Map(
      (await presentReturns({ ...this.deps, orders: knownOrders(orders, items) }, [...latest.values()])).map((v) => [
        v.orderId,
        v,
      ]),
    );
    const returned = await returnedOf(this.deps.db, ids);
    const refunded = await returnedOf(this.deps.db, ids, { refundedOnly: true });
    const flags = await this.returnableFlags(items);
    const exchanged = await this.exchangedLines(this.deps.db, ids);
    const now = Date.now();
    const days = await this.windowDays();
    for (const order of orders) {
      const until = this.windowEnd(order, days);
      const open = requests.some((r) => r.orderId === order.id && OPEN.has(r.status));
      const askable = DELIVERED_OR_AFTER.has(order.status) && until !== null && until.getTime() >= now && !open;
      const lineMap: ReturnSummary['items'] = new Map();
      for (const line of items.filter((i) => i.orderId === order.id)) {
        const isReturnable = flags.get(line.id) ?? false;
        const left = line.quantity - (returned.get(line.id)?.quantity ?? 0);
        lineMap.set(line.id, {
          returnable: isReturnable,
          returnableQuantity: askable && isReturnable && !exchanged.has(line.id) ? left : 0,
          returnedQuantity: refunded.get(line.id)?.quantity ?? 0,
        });
      }
      summaries.set(order.id, {
        returnRequest: views.get(order.id) ?? null,
        items: lineMap,
        canReturn: [...lineMap.values()].some((l) => l.returnableQuantity > 0),
        returnableUntil: until?.toISOString() ?? null,
      });
    }
    return summaries;
  }

  /** The lines of `orderIds` exchanged or being exchanged: not returnable (docs/behaviour.md "Exchanges"). */
  exchangedLines(db: Db, orderIds: string[]): Promise<Set<string>> {
    return this.deps.exchangedLines?.(db, orderIds) ?? Promise.resolve(new Set());
  }

  /** The return window in days after delivery, read at use (the store settings, RETURN_WINDOW_DAYS by default). */
  windowDays(): Promise<number> {
    return this.deps.windowDays?.() ?? Promise.resolve(this.deps.options.windowDays);
  }

  /** The end of the return window: delivery + `days`; null before delivery. */
  windowEnd(order: OrderRow, days: number): Date | null {
    if (!order.deliveredAt) return null;
    return new Date(order.deliveredAt.getTime() + days * 86_400_000);
  }

  /** ValidationError unless the order is delivered and its return window of `days` days still open. */
  checkWindow(order: OrderRow, days: number): void {
    const until = this.windowEnd(order, days);
    if (!DELIVERED_OR_AFTER.has(order.status) || !until) throw new ValidationError(ORDER_MESSAGES.returnNotDelivered);
    if (until.getTime() < Date.now()) throw new ValidationError(returnWindowClosed(formatDay(until)));
  }

  /** Whether each line's category (or an ancestor) is returnable. */
  async returnableFlags(lines: OrderItemRow[]): Promise<Map<string, boolean>> {
    const blocked = await this.blockedCategoryIds();
    const flags = new Map<string, boolean>();
    for (const line of lines) {
      const lineage = line.categoryId ? ((await this.deps.catalog.categoryLineage(line.categoryId)) ?? []) : [];
      flags.set(line.id, !lineage.some((id) => blocked.has(id)));
    }
    return flags;
  }

  /** Ids of the configured non-returnable category slugs (read once; the seeded tree does not change them). */
  private blockedCategoryIds(): Promise<Set<string>> {
    const slugs = this.deps.options.nonReturnableCategories;
    this.nonReturnableIds ??= this.deps.catalog.categoryIdsBySlug(slugs).then((ids) => new Set(ids));
    return this.nonReturnableIds;
  }
}

/** The orders port of the return presenter, answered from orders and lines already read. */
function knownOrders(orders: OrderRow[], items: OrderItemRow[]) {
  return {
    orderNumbers: async (ids: string[]) =>
      new Map(orders.filter((o) => ids.includes(o.id)).map((o) => [o.id, o.orderNumber])),
    items: async (orderId: string) => items.filter((i) => i.orderId === orderId),
  };
}

/** "28 Nov 2026", the day in India. */
function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}
