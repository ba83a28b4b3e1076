/**
 * Cancelling the courier's order of a cancelled store order (behaviour.md "Shipping operations:
 * booking"), run by the `shipping.cancel` job (jobs.ts) after the cancellation commits, so the
 * courier never comes for a parcel that must not go. The shipment row is the claim
 * (ShipmentStore.claimCancel): two jobs or two instances at once call the provider once, and a
 * shipment cancelled already is never sent again. A failure keeps the reason in lastError, gives
 * the claim back and throws, so the job's retry tries again.
 */
import { SHIPMENT_MESSAGES } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ShipmentBooker } from './booker';
import { ShiprocketError } from './shiprocket-client';
import { CLAIM_STALE_MS, RELEASED_CLAIM, type ShipmentStore } from './shipment-store';

/** Thrown while a booking holds the shipment: the job's retry cancels once the booking ended. */
class BookingInProgress extends Error {}

export class ShipmentCancellation {
  constructor(private readonly deps: { store: ShipmentStore; booker: ShipmentBooker; log: FastifyBaseLogger }) {}

  /**
   * Cancels the provider's order of the (cancelled) order `orderId`, once. Nothing to do when
   * the order has no shipment, none created at the provider, or one shipped or cancelled
   * already. Throws while a booking of it is running, and when the provider fails (the shipment
   * then `cancelling` with the reason in lastError).
   */
  /**
   * The safety net of `shipping.cancel-sweep`: cancels the provider's order of every cancelled
   * order still holding a live one (its job lost with a crashed instance, or out of retries), each
   * through `cancel`'s claim; a failure is logged and left for the next sweep. Answers how many
   * were tried.
   */
  async sweep(now = new Date()): Promise<number> {
    const orderIds = await this.deps.store.cancelledWithLiveShipments(now);
    for (const orderId of orderIds) {
      await this.cancel(orderId, now).catch((err: unknown) => {
        this.deps.log.warn({ err, orderId }, 'cancelling the courier order failed; the next sweep tries again');
      });
    }
    return orderIds.length;
  }

  async cancel(orderId: string, now = new Date()): Promise<void> {
    const { store, booker, log } = this.deps;
    const row = await store.byOrder(orderId);
    if (!row || row.status === 'shipped' || row.status === 'cancelled') return;
    if (row.status === 'booking' && row.claimedAt.getTime() > now.getTime() - CLAIM_STALE_MS) {
      throw new BookingInProgress(`order ${orderId}: a booking is running; cancel after it`);
    }
    if (!row.providerOrderId) return;
    const claimed = await store.claimCancel(orderId, now);
    // Another job holds the cancellation; it sees it through (or its retry does).
    if (!claimed) return;
    if (claimed.provider !== booker.provider && claimed.provider !== 'builtin') {
      // Booked with a provider the store no longer books with: only the owner can cancel it there.
      await store.update(claimed.id, {
        lastError: `Booked with ${claimed.provider}; cancel it there.`,
        claimedAt: RELEASED_CLAIM,
      });
      return;
    }
    try {
      // The development provider told no courier: nobody to tell.
      if (claimed.provider === booker.provider) await booker.cancelOrder(claimed.providerOrderId!);
    } catch (err) {
      const reason =
        err instanceof ShiprocketError && err.status < 500 && err.reason
          ? `Shiprocket: ${err.reason}`
          : SHIPMENT_MESSAGES.cancelRetrying;
      log.warn({ err, orderId }, 'cancelling the courier order failed; retried');
      await store.update(claimed.id, { lastError: reason, claimedAt: RELEASED_CLAIM });
      throw err;
    }
    await store.update(claimed.id, { status: 'cancelled', lastError: null });
  }
}
