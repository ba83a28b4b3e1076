/**
 * The courier's tracking events (docs/behaviour.md "Courier updates: NDR and RTO"): each event
 * of Shiprocket's webhook is stored once (the same event again changes nothing) and, in the same
 * transaction, moves the order of its AWB as far as the lifecycle allows (orders/courier.ts). An
 * event older than one already applied to the AWB is stored for the timeline but moves nothing,
 * so events arriving out of order never move an order backwards.
 */
import type { CourierEvent } from '@vastra/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CourierOrderQueries, CourierStatus, OrdersService } from '../orders';
import { courierStatusOf, isReturnShipment, shiprocketTime, type ShiprocketWebhook } from './shiprocket-events';
import { courierEvents, type StoredScan } from './tables';

export type CourierEventsDeps = {
  db: Db;
  orders: Pick<OrdersService, 'courierStep'>;
  courierOrders: Pick<CourierOrderQueries, 'byAwb'>;
  log: FastifyBaseLogger;
};

/** What one webhook did. */
export type IngestResult = {
  /** False: the same event came before (nothing changed). */
  stored: boolean;
  /** Whether it moved the order. */
  applied: boolean;
  /** The order's status after it, or null when no order has the AWB. */
  orderStatus: string | null;
};

/** The scans, newest first, as stored. */
function scansOf(event: ShiprocketWebhook): StoredScan[] {
  return (event.scans ?? [])
    .map((s) => ({
      date: s.date,
      activity: s.activity ?? null,
      location: s.location ?? null,
      label: s['sr-status-label'] ?? null,
    }))
    .sort((a, b) => (shiprocketTime(b.date)?.getTime() ?? 0) - (shiprocketTime(a.date)?.getTime() ?? 0));
}

export class CourierEventsService {
  constructor(private readonly deps: CourierEventsDeps) {}

  /**
   * Stores the webhook's event and applies it to the order of its AWB (see the file's comment),
   * then sends what the step owes the shopper (mails, refunds) after the commit. An AWB no order
   * has, a return shipment's event or a status that moves nothing is stored only. Never throws
   * for an unknown order; database errors propagate (Shiprocket then retries).
   */
  async ingest(event: ShiprocketWebhook): Promise<IngestResult> {
    const { db, orders, courierOrders, log } = this.deps;
    const awb = event.awb;
    const scans = scansOf(event);
    const occurredAt = shiprocketTime(event.current_timestamp) ?? shiprocketTime(scans[0]?.date) ?? new Date();
    const isReturn = isReturnShipment(event);
    const mapped: CourierStatus | null = isReturn ? null : courierStatusOf(event);
    const status = (event.shipment_status ?? event.current_status ?? 'UNKNOWN').slice(0, 100);
    const latest = scans[0];
    const order = await courierOrders.byAwb(awb);
    if (!order) log.warn({ awb, status }, 'courier event for an AWB no order has');
    const dedupeKey = [
      awb,
      event.shipment_status_id ?? '',
      event.current_status_id ?? '',
      event.current_timestamp,
    ].join('|');
    let afterCommit: (() => Promise<void>) | null = null;
    const result = await db.transaction(async (tx): Promise<IngestResult> => {
      const [row] = await tx
        .insert(courierEvents)
        .values({
          dedupeKey,
          orderId: order?.id ?? null,
          awb,
          courier: event.courier_name?.slice(0, 100) ?? null,
          shipmentStatus: status,
          shipmentStatusId: event.shipment_status_id,
          mappedStatus: mapped,
          activity: latest?.activity?.slice(0, 300) ?? null,
          location: latest?.location?.slice(0, 200) ?? null,
          occurredAt,
          isReturn,
          scans: scans.slice(0, 100),
        })
        .onConflictDoNothing({ target: courierEvents.dedupeKey })
        .returning({ id: courierEvents.id });
      if (!row) return { stored: false, applied: false, orderStatus: order?.status ?? null };
      if (!order || !mapped) return { stored: true, applied: false, orderStatus: order?.status ?? null };
      const step = await orders.courierStep(tx, order.id, mapped, {
        note: latest?.activity ? [latest.activity, latest.location].filter(Boolean).join(', ') : status,
        courier: event.courier_name ?? null,
        awb,
        // Checked under the order's lock: a later event of this AWB already applied wins.
        stillCurrent: async () => {
          const [newer] = await tx
            .select({ id: courierEvents.id })
            .from(courierEvents)
            .where(
              and(
                eq(courierEvents.awb, awb),
                eq(courierEvents.applied, true),
                gt(courierEvents.occurredAt, occurredAt),
              ),
            )
            .limit(1);
          return !newer;
        },
      });
      if (step.steps.length === 0) return { stored: true, applied: false, orderStatus: step.status };
      await tx.update(courierEvents).set({ applied: true }).where(eq(courierEvents.id, row.id));
      afterCommit = step.afterCommit;
      return { stored: true, applied: true, orderStatus: step.status };
    });
    if (afterCommit) await (afterCommit as () => Promise<void>)();
    return result;
  }

  /** The order's courier events, oldest first (the shopper's and the admin's timeline). */
  async timeline(orderId: string): Promise<CourierEvent[]> {
    const rows = await this.deps.db
      .select()
      .from(courierEvents)
      .where(eq(courierEvents.orderId, orderId))
      .orderBy(asc(courierEvents.occurredAt), asc(courierEvents.receivedAt));
    return rows.map((r) => ({
      at: r.occurredAt.toISOString(),
      status: r.shipmentStatus,
      activity: r.activity,
      location: r.location,
      orderStatus: r.applied ? (r.mappedStatus as CourierEvent['orderStatus']) : null,
    }));
  }
}
