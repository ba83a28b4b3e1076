/**
 * Cash on delivery orders held for the shopper's confirmation (docs/behaviour.md "COD
 * confirmation"): an order payable above the store's threshold is placed `awaiting_confirmation`
 * (place-steps.ts); the shopper's confirmation (a WhatsApp button or a signed link, told by the
 * whatsapp module) moves it to `placed` and sends its confirmation mail; one left unconfirmed
 * past the store's hours is cancelled with its stock, coupon use, gift card and store credit back.
 */
import { WHATSAPP_MESSAGES, type Order } from '@vastra/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import { ConflictError } from '../../lib/errors';
import type { OrderCancellation } from './cancel';
import type { OrderPresenter } from './presenter';
import type { OrderQueries } from './queries';
import { orders } from './tables';
import type { OrderTransitions } from './transitions';
import type { OrdersDeps } from './types';

/** The timeline's note and cancel reason of a held order cancelled unconfirmed. */
export const COD_UNCONFIRMED_REASON = 'Cash on delivery not confirmed in time';

export class OrderCodHold {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly transitions: OrderTransitions,
    private readonly cancellation: OrderCancellation,
    private readonly presenter: OrderPresenter,
  ) {}

  /**
   * The shopper confirms their held order (`via`: how, e.g. "WhatsApp" or "link", written on the
   * timeline): `awaiting_confirmation` → `placed` under the row lock, then the confirmation mail
   * and `order.status_changed`. Confirming again answers the order with `alreadyConfirmed`.
   * ConflictError (codExpired) for an order cancelled meanwhile; NotFoundError.
   */
  async confirm(orderId: string, via: string): Promise<{ order: Order; alreadyConfirmed: boolean }> {
    const moved = await this.deps.db.transaction(async (tx) => {
      const current = await this.queries.forUpdate(tx, null, orderId);
      if (current.status === 'cancelled') throw new ConflictError(WHATSAPP_MESSAGES.codExpired);
      if (current.status !== 'awaiting_confirmation') return null;
      return this.transitions.transition(tx, orderId, 'placed', {
        actor: 'shopper',
        note: `Cash on delivery confirmed by the shopper (${via})`,
      });
    });
    if (moved) {
      await this.transitions.sendConfirmation(orderId);
      await this.transitions.statusChanged(orderId, 'placed', false);
    }
    return { order: await this.presenter.one(moved ?? (await this.queries.byId(orderId))), alreadyConfirmed: !moved };
  }

  /**
   * Cancels every held order created before `before` (one at a time, each in its own
   * transaction; an order confirmed or cancelled meanwhile is skipped). Returns how many.
   */
  async expire(before: Date): Promise<number> {
    const due = await this.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_confirmation'), lt(orders.createdAt, before)))
      .orderBy(asc(orders.createdAt))
      .limit(100);
    let cancelled = 0;
    for (const { id } of due) {
      try {
        await this.cancellation.cancel(id, {
          userId: null,
          actor: 'system',
          reason: COD_UNCONFIRMED_REASON,
          onlyFrom: 'awaiting_confirmation',
        });
        cancelled += 1;
      } catch (err) {
        // Confirmed or cancelled since the read: nothing to do.
        if (!(err instanceof ConflictError)) throw err;
      }
    }
    return cancelled;
  }
}
