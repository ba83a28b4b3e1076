/**
 * Removes guest carts nobody has touched for GUEST_CART_TTL_DAYS (30 days): once when the API
 * is ready and then every six hours. Safe with several API instances: the delete is idempotent.
 */
import { GUEST_CART_TTL_DAYS } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { CartService } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;

export function scheduleGuestCartCleanup(app: FastifyInstance, carts: CartService): void {
  const run = async () => {
    try {
      const removed = await carts.removeIdleGuestCarts(new Date(Date.now() - GUEST_CART_TTL_DAYS * DAY_MS));
      if (removed > 0) app.log.info({ removed }, 'removed idle guest carts');
    } catch (err) {
      app.log.error({ err }, 'guest cart cleanup failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
