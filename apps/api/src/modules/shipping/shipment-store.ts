/**
 * The shipments table's queries (tables.ts): the claims that let one booking, or one
 * cancellation, at a time work on an order, updates of its steps, and reads by order and by
 * document.
 */
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipments, type ShipmentRow } from './tables';

/** A claim older than this is taken to be a booking that died (a crashed instance) and may be taken over. */
export const CLAIM_STALE_MS = 5 * 60_000;

/** A cancellation's claim given back after a failure: older than any live claim, so the retry takes it at once. */
export const RELEASED_CLAIM = new Date(0);

export type ShipmentUpdate = Partial<Omit<ShipmentRow, 'id' | 'orderId' | 'createdAt' | 'updatedAt'>>;

export class ShipmentStore {
  constructor(private readonly db: Db) {}

  /**
   * Claims the order's shipment for one booking: inserts it, or takes back a failed one (or a
   * claim gone stale), in one statement, so of two bookings at once only one gets the row.
   * Null when another booking holds it or the order is booked already.
   */
  async claim(orderId: string, provider: string, now = new Date()): Promise<ShipmentRow | null> {
    const [row] = await this.db
      .insert(shipments)
      .values({ orderId, provider, status: 'booking', claimedAt: now })
      .onConflictDoUpdate({
        target: shipments.orderId,
        set: { status: 'booking', claimedAt: now, updatedAt: now },
        setWhere: or(
          eq(shipments.status, 'failed'),
          and(eq(shipments.status, 'booking'), lt(shipments.claimedAt, new Date(now.getTime() - CLAIM_STALE_MS))),
        ),
      })
      .returning();
    return row ?? null;
  }

  /**
   * Claims the order's shipment for cancelling its provider's order, in one statement: one the
   * provider holds an order of (booked, pickup scheduled, or failed or stuck in booking after its
   * order was created), or a cancellation that failed or died. Marks it `cancelling`. Null when
   * there is none, it is shipped or cancelled, or another booking or cancellation holds it.
   */
  async claimCancel(orderId: string, now = new Date()): Promise<ShipmentRow | null> {
    const stale = new Date(now.getTime() - CLAIM_STALE_MS);
    const [row] = await this.db
      .update(shipments)
      .set({ status: 'cancelling', claimedAt: now, updatedAt: now })
      .where(
        and(
          eq(shipments.orderId, orderId),
          isNotNull(shipments.providerOrderId),
          or(
            inArray(shipments.status, ['booked', 'pickup_scheduled', 'failed']),
            and(inArray(shipments.status, ['booking', 'cancelling']), lt(shipments.claimedAt, stale)),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Cancelled orders whose provider's order is still live and no cancellation holds it (what
   * `claimCancel` would take): the sweep's work, at most `limit`.
   */
  async cancelledWithLiveShipments(now = new Date(), limit = 100): Promise<string[]> {
    const stale = new Date(now.getTime() - CLAIM_STALE_MS);
    const rows = await this.db
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(
        and(
          // The order's status as the orders module keeps it (its table is its own: read, not joined in code).
          sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${shipments.orderId} AND o.status = 'cancelled')`,
          isNotNull(shipments.providerOrderId),
          or(
            inArray(shipments.status, ['booked', 'pickup_scheduled', 'failed']),
            and(inArray(shipments.status, ['booking', 'cancelling']), lt(shipments.claimedAt, stale)),
          ),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.orderId);
  }

  /** Sets `values` on the shipment (inside `db` when given); the updated row. */
  async update(id: string, values: ShipmentUpdate, db: Db = this.db): Promise<ShipmentRow> {
    const [row] = await db
      .update(shipments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(shipments.id, id))
      .returning();
    return row!;
  }

  async byOrder(orderId: string): Promise<ShipmentRow | null> {
    const [row] = await this.db.select().from(shipments).where(eq(shipments.orderId, orderId)).limit(1);
    return row ?? null;
  }

  async byOrders(orderIds: readonly string[]): Promise<ShipmentRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .select()
      .from(shipments)
      .where(inArray(shipments.orderId, [...orderIds]));
  }

  /** Whether a shipment holds the file `key` as its label or manifest. */
  async holdsFile(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(or(eq(shipments.labelFile, key), eq(shipments.manifestFile, key)))
      .limit(1);
    return row !== undefined;
  }

  /** Sets `values` on every shipment of `ids`. */
  async updateMany(ids: readonly string[], values: ShipmentUpdate): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(shipments)
      .set({ ...values, updatedAt: new Date() })
      .where(inArray(shipments.id, [...ids]));
  }
}
