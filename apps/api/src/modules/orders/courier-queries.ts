/**
 * The reads of orders that the courier's updates need (docs/behaviour.md "Courier updates: NDR
 * and RTO", "COD remittance"): the order of an AWB, the orders waiting for a new delivery
 * attempt, and the delivered cash on delivery orders whose cash the courier owes the store.
 * Money in paise.
 */
import type { OrderStatus } from '@vastra/contracts';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DELIVERED_OR_AFTER } from './lifecycle';
import { orders } from './tables';

/** An order as the courier's updates see it. */
export type CourierOrder = {
  id: string;
  orderNumber: string;
  userId: string;
  status: OrderStatus;
  paymentGateway: string;
  courier: string | null;
  awb: string | null;
  /** What the courier collects on a COD order (total less gift card and store credit), in paise. */
  payablePaise: number;
  deliveredAt: Date | null;
  updatedAt: Date;
};

const COLUMNS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  status: orders.status,
  paymentGateway: orders.paymentGateway,
  courier: orders.courier,
  awb: orders.awb,
  payablePaise: orders.payablePaise,
  deliveredAt: orders.deliveredAt,
  updatedAt: orders.updatedAt,
};

export class CourierOrderQueries {
  constructor(private readonly db: Db) {}

  /** The order shipped under this AWB (the newest, should a courier reuse one), or null. */
  async byAwb(awb: string): Promise<CourierOrder | null> {
    const [row] = await this.db
      .select(COLUMNS)
      .from(orders)
      .where(eq(orders.awb, awb))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The orders in `status` (the NDR list: `undelivered`), the longest waiting first, at most `limit`. */
  async inStatus(status: OrderStatus, limit = 200): Promise<CourierOrder[]> {
    return this.db
      .select(COLUMNS)
      .from(orders)
      .where(eq(orders.status, status))
      .orderBy(asc(orders.updatedAt))
      .limit(limit);
  }

  /**
   * Every cash on delivery order the courier delivered (delivered, or later in a return): the
   * cash it collected is owed to the store until remitted. Oldest delivery first.
   */
  async codDelivered(): Promise<CourierOrder[]> {
    return this.db
      .select(COLUMNS)
      .from(orders)
      .where(
        and(
          eq(orders.paymentGateway, 'cod'),
          isNotNull(orders.deliveredAt),
          inArray(orders.status, [...DELIVERED_OR_AFTER]),
        ),
      )
      .orderBy(asc(orders.deliveredAt));
  }

  /** The orders of these AWBs, by AWB (unknown AWBs left out). */
  async byAwbs(awbs: readonly string[]): Promise<Map<string, CourierOrder>> {
    if (awbs.length === 0) return new Map();
    const rows = await this.db
      .select(COLUMNS)
      .from(orders)
      .where(inArray(orders.awb, [...awbs]));
    return new Map(rows.map((r) => [r.awb!, r]));
  }
}
