/**
 * The cash of a cash on delivery order (behaviour.md §10 "Cash on delivery", docs/admin.md): the
 * store records that the courier collected it (the order is then delivered and paid) or that the
 * buyer refused the parcel at the door (the order is cancelled: stock, coupon use and gift card
 * amount given back, nothing paid, its invoice cancelled by the invoices module's listener).
 */
import { ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { ConflictError, ValidationError } from '../../lib/errors';
import { REFUSABLE_AT_DOOR } from './lifecycle';
import type { OrderPresenter } from './presenter';
import type { OrderQueries } from './queries';
import { orders } from './tables';
import type { OrderTransitions } from './transitions';
import type { OrdersDeps } from './types';

export class OrderCodCollection {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly transitions: OrderTransitions,
    private readonly presenter: OrderPresenter,
  ) {}

  /**
   * Records the cash of the order (`ref` = id or order number) as collected or not, by `actor`.
   * Collected: a shipped or out-for-delivery order is delivered (which records the cash, with the
   * date; the delivered mail goes); a delivered order whose cash is still pending is marked paid.
   * Not collected: a shipped or out-for-delivery order is cancelled with codRefusedReason, gives
   * back what it held (a gift card amount as a completed gift_card refund), its payment failed;
   * the cancelled mail goes. ValidationError(codOnly) for an order paid online;
   * ConflictError(codAlreadyCollected) once paid, ConflictError(codNotOut) in any other status;
   * NotFoundError.
   */
  async record(ref: string, collected: boolean, by: { actor: string; note: string | null }): Promise<Order> {
    const { db } = this.deps;
    const { id } = await this.queries.findRef(ref);
    const mail = await db.transaction(async (tx) => {
      const current = await this.queries.forUpdate(tx, null, id);
      if (current.paymentGateway !== 'cod') throw new ValidationError(ORDER_MESSAGES.codOnly);
      if (current.paymentStatus === 'completed') throw new ConflictError(ORDER_MESSAGES.codAlreadyCollected);
      const out = REFUSABLE_AT_DOOR.has(current.status);
      if (collected && current.status === 'delivered') {
        await tx.update(orders).set({ paymentStatus: 'completed', paidAt: new Date() }).where(eq(orders.id, id));
        return null;
      }
      if (!out) throw new ConflictError(ORDER_MESSAGES.codNotOut);
      if (collected) {
        await this.transitions.transition(tx, id, 'delivered', { actor: by.actor, note: by.note });
        return 'delivered' as const;
      }
      const reason = ORDER_MESSAGES.codRefusedReason;
      await this.transitions.transition(tx, id, 'cancelled', {
        actor: by.actor,
        note: by.note ?? reason,
        cancelReason: reason,
        refusedAtDoor: true,
      });
      await tx.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, id));
      const back = await this.transitions.giveBack(tx, id, by.actor);
      await this.transitions.recordGivenBack(tx, id, back, `Order cancelled: ${reason}`);
      return 'cancelled' as const;
    });
    if (mail) await this.transitions.notify(id, mail);
    await this.transitions.statusChanged(id, mail ?? 'delivered', true);
    return this.presenter.one(await this.queries.byId(id));
  }
}
