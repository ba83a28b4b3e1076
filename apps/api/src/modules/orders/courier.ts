/**
 * The courier's steps of an order (docs/behaviour.md "Courier updates: NDR and RTO"): picked up
 * or in transit, out for delivery, delivered, a failed delivery attempt (NDR), on its way back
 * (RTO initiated) and back at the store (RTO delivered). The shipping module reads them from
 * Shiprocket's tracking webhook and calls `step` inside the transaction that stores the event,
 * so an event and what it did commit together. A step the lifecycle has no way forward to (an
 * event older than the order's status, or a cancelled order) changes nothing: the order never
 * moves backwards.
 */
import type { OrderStatus } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RefundRow } from '../payments';
import { LIFECYCLE } from './lifecycle';
import type { OrderMailEvent } from './mail';
import type { OrderQueries } from './queries';
import { orders } from './tables';
import type { OrderTransitions } from './transitions';
import { ONLINE_GATEWAYS, type OrdersDeps } from './types';

/** The statuses a courier event may move an order to. */
export const COURIER_STATUSES = [
  'shipped',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'returned_to_seller',
] as const satisfies readonly OrderStatus[];
export type CourierStatus = (typeof COURIER_STATUSES)[number];

/** Statuses a courier's path may pass through (never a cancellation or a return). */
const COURIER_PATH: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'placed',
  'confirmed',
  'packed',
  ...COURIER_STATUSES,
]);

/** The mails each courier step sends the shopper. */
const STEP_MAILS: Partial<Record<OrderStatus, OrderMailEvent>> = {
  shipped: 'shipped',
  delivered: 'delivered',
  undelivered: 'undelivered',
  returned_to_seller: 'returned_to_seller',
};

/** Why an order came back: the reason of its refunds and of a COD order's closing. */
export const RETURNED_TO_SELLER_REASON = 'Returned to the seller undelivered';

/**
 * The shortest way along the lifecycle from `from` to `to` through courier statuses only
 * (packed → shipped → undelivered → out_for_delivery …); [] when already there, null when there
 * is none (the order is further on, cancelled or in a return).
 */
export function courierPath(from: OrderStatus, to: CourierStatus): OrderStatus[] | null {
  if (from === to) return [];
  if (!COURIER_PATH.has(from)) return null;
  const previous = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of LIFECYCLE[at]) {
      if (!COURIER_PATH.has(next) || next === from || previous.has(next)) continue;
      previous.set(next, at);
      if (next === to) {
        const path: OrderStatus[] = [to];
        for (let s = at; s !== from; s = previous.get(s)!) path.unshift(s);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** What the courier event says besides the status. */
export type CourierStepInput = {
  /** The timeline's note (the scan's activity and place). */
  note: string | null;
  /** The courier and AWB of the event, for an order that has none yet. */
  courier: string | null;
  awb: string;
  /** Asked once the order is locked: false when a later event was applied first (nothing changes). */
  stillCurrent?: () => Promise<boolean>;
};

/** What a courier event did to an order, and the work to run after its commit. */
export type CourierStepResult = {
  /** The statuses the order passed through, oldest first; [] when the event changed nothing. */
  steps: OrderStatus[];
  /** The order's status after the event. */
  status: OrderStatus;
  /** Mails, `order.status_changed` and gateway refunds: call once the transaction committed. */
  afterCommit: () => Promise<void>;
};

export class OrderCourierSteps {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly transitions: OrderTransitions,
  ) {}

  /**
   * Moves the order towards `to` inside `db` (a transaction), under the order's row lock, each
   * lifecycle step recorded on the timeline by the actor `courier` (the last one with `note`):
   * a booked order that is picked up passes through packed; a shipment without courier or AWB
   * on the order takes the event's. Delivered records a COD order's cash as collected (as the
   * store's delivery does). Returned to the seller gives back the stock (a `returned` movement),
   * coupon use, gift card and store credit as a cancellation does; a COD order's payment is
   * closed as not collected (nothing owed), a paid online order is refunded its whole payable
   * amount, delivery charge included, to the gateway. Nothing changes when there is no way
   * forward, or when `stillCurrent` (asked under the lock) says a later event came first
   * (`steps` is then []). NotFoundError for an unknown order.
   */
  async step(db: Db, orderId: string, to: CourierStatus, input: CourierStepInput): Promise<CourierStepResult> {
    const current = await this.queries.forUpdate(db, null, orderId);
    const inTurn = input.stillCurrent ? await input.stillCurrent() : true;
    const path = (inTurn ? courierPath(current.status, to) : null) ?? [];
    const refunds: RefundRow[] = [];
    for (const [index, status] of path.entries()) {
      const last = index === path.length - 1;
      await this.transitions.transition(db, orderId, status, {
        actor: 'courier',
        note: last ? input.note : null,
        ...(status === 'shipped'
          ? {
              shipment: {
                courier: current.courier ?? input.courier ?? 'Shiprocket',
                awb: current.awb ?? input.awb,
                trackingUrl: current.trackingUrl,
                estimatedDeliveryAt: current.estimatedDeliveryAt,
              },
            }
          : {}),
      });
      if (status === 'returned_to_seller') refunds.push(...(await this.closeReturned(db, orderId)));
    }
    return {
      steps: path,
      status: path.at(-1) ?? current.status,
      afterCommit: async () => {
        for (const status of path) {
          const mail = STEP_MAILS[status];
          if (mail) await this.transitions.notify(orderId, mail);
          await this.transitions.statusChanged(orderId, status, true);
        }
        for (const refund of refunds) {
          await this.deps.payments.submitRefund(refund.id).catch((err: unknown) => {
            this.deps.log.error({ err, orderId }, 'refund of an order returned to the seller could not be submitted');
          });
        }
      },
    };
  }

  /** What a parcel back at the store gives back and refunds (see `step`); the gateway refunds to submit. */
  private async closeReturned(db: Db, orderId: string): Promise<RefundRow[]> {
    const row = await this.queries.byId(orderId, db);
    const back = await this.transitions.giveBack(db, orderId, 'courier', 'returned');
    const made: RefundRow[] = [];
    if (row.paymentGateway === 'cod') {
      await db
        .update(orders)
        .set({
          paymentStatus: row.paymentStatus === 'completed' ? row.paymentStatus : 'failed',
          cancelledAt: new Date(),
          cancelReason: RETURNED_TO_SELLER_REASON,
        })
        .where(eq(orders.id, orderId));
    } else if (ONLINE_GATEWAYS.has(row.paymentGateway) && row.paymentStatus === 'completed' && row.payablePaise > 0) {
      const refund = await this.deps.payments.requestRefund(db, {
        orderId,
        returnRequestId: null,
        method: 'gateway',
        amountPaise: row.payablePaise,
        reason: RETURNED_TO_SELLER_REASON,
      });
      if (refund) made.push(refund);
    }
    await this.transitions.recordGivenBack(db, orderId, back, RETURNED_TO_SELLER_REASON);
    return made;
  }
}
