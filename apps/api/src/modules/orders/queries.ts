/**
 * Reads of the orders module's own tables (behaviour.md §7 Orders): an order by id, number or
 * owner, its lines, a page of a shopper's orders, and whether a shopper received a product.
 * Someone else's order answers NotFoundError(ORDER_MESSAGES.notFound), like an unknown one.
 */
import { ORDER_MESSAGES } from '@vastra/contracts';
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { orderItems, orders, type OrderItemRow, type OrderRow } from './tables';

export class OrderQueries {
  constructor(private readonly db: Db) {}

  /** An order by UUID or order number (VST-001001), with no owner check (operator, invoices, tracking). NotFoundError. */
  async findRef(ref: string): Promise<OrderRow> {
    const key = ref.trim();
    const [row] = await this.db
      .select()
      .from(orders)
      .where(isUuid(key) ? eq(orders.id, key) : eq(orders.orderNumber, key.toUpperCase()));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  /** An order by id, with no owner check. NotFoundError for an unknown or malformed id. */
  async byId(orderId: string, db: Db = this.db): Promise<OrderRow> {
    if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  /** The caller's order. NotFoundError for someone else's. */
  async own(userId: string, orderId: string): Promise<OrderRow> {
    if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  /**
   * The caller's order row locked FOR UPDATE inside `db` (a transaction), for a change that
   * must not race another; `userId` null = no owner check (the store). NotFoundError.
   */
  async forUpdate(db: Db, userId: string | null, orderId: string): Promise<OrderRow> {
    if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const where = userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId);
    const [row] = await db.select().from(orders).where(where).for('update');
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  /** The shopper's order placed with this Idempotency-Key, or null. */
  async byIdempotencyKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  /** The order numbers of these orders, by id (unknown ids are left out). */
  async orderNumbers(orderIds: readonly string[]): Promise<Map<string, string>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, [...orderIds]));
    return new Map(rows.map((r) => [r.id, r.orderNumber]));
  }

  /** The order's lines as stored (snapshots of what was bought, money in paise), in their order. */
  async items(orderId: string, db: Db = this.db): Promise<OrderItemRow[]> {
    return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  }

  /** A page of the caller's orders, newest first, without the ones they removed from the list; and how many there are. */
  async page(userId: string, page: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = and(eq(orders.userId, userId), isNull(orders.hiddenAt));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Whether the user has received the product in a delivered order (the verified-purchase mark of reviews). */
  async hasDelivered(userId: string, productId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.status, 'delivered')))
      .limit(1);
    return row !== undefined;
  }
}

/** Statuses of an order that no longer counts as one (for first-order-only coupons). */
const NOT_AN_ORDER = ['payment_failed', 'cancelled'] as const;

/**
 * Whether the user has an order that counts (neither failed nor cancelled), other than
 * `exceptOrderId`, read in `db` (the order's transaction when redeeming): the coupons module's
 * order history port, wired in app.ts.
 */
export async function hasPlacedOrder(db: Db, userId: string, exceptOrderId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        notInArray(orders.status, [...NOT_AN_ORDER]),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
