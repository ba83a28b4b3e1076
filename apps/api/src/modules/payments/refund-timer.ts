/**
 * Brings pending gateway refunds up to date without anyone asking: when the API is ready and
 * then every REFUND_REFRESH_MINUTES (0 = never; the tests' default), it submits refunds the
 * gateway has not accepted yet (it was down) and reads the state of accepted ones, in case a
 * webhook was lost. Safe with several API instances: a refund settles once (conditional update).
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentService } from './service';

/** A refund changed this recently is left to the submit that follows its commit. */
const IDLE_FOR_MS = 60_000;

export function scheduleRefundRefresh(app: FastifyInstance, payments: PaymentService, everyMs: number): void {
  if (everyMs <= 0) return;
  let running = false;
  const run = async () => {
    // A slow gateway must not pile runs up.
    if (running) return;
    running = true;
    try {
      const looked = await payments.refreshPendingRefunds({ idleForMs: IDLE_FOR_MS });
      if (looked > 0) app.log.info({ refunds: looked }, 'refreshed pending refunds');
    } catch (err) {
      app.log.error({ err }, 'pending refund refresh failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, everyMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
