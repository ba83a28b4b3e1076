/**
 * Releases unpaid online orders once their payment window (ORDER_PAYMENT_TIMEOUT_MINUTES)
 * has passed: when the API is ready and then every minute. Safe with several API instances:
 * releasing is a conditional update, so an order is released once.
 */
import type { FastifyInstance } from 'fastify';
import type { OrdersService } from './service';

const EVERY_MS = 60_000;

export function scheduleUnpaidOrderExpiry(app: FastifyInstance, orders: OrdersService): void {
  const run = async () => {
    try {
      const released = await orders.expireUnpaid();
      if (released > 0) app.log.info({ released }, 'released unpaid orders past their payment window');
    } catch (err) {
      app.log.error({ err }, 'unpaid order expiry failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
