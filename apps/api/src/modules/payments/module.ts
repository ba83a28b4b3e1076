/**
 * The payments module's factory (lib/module.ts): payments and refunds through the configured
 * gateways, their routes (return pages, webhooks, the sandbox page), and the refresh of pending
 * refunds. A settled payment is told as `payment.settled` inside its transaction and a settled
 * refund as `refund.changed` (lib/events.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { ApiModule } from '../../lib/module';
import type { Metrics } from '../metrics';
import { paymentsJobs } from './jobs';
import { paymentProvidersFromConfig, phonePeWebhookAuthorizationFromConfig } from './providers';
import { paymentsRoutes } from './routes';
import { PaymentService } from './service';

export function createPaymentsModule(deps: {
  db: Db;
  /** The gateways' settings (PHONEPE_*, sandbox outside production) and REFUND_REFRESH_MINUTES. */
  config: Config;
  storefrontUrl: string;
  events: DomainEventBus;
  metrics: Metrics;
  log: FastifyBaseLogger;
}): { payments: PaymentService; module: ApiModule } {
  const { db, config, storefrontUrl, log } = deps;
  const payments = new PaymentService(db, {
    providers: paymentProvidersFromConfig(config, db),
    publicUrl: config.publicUrl,
    storefrontUrl,
    events: deps.events,
    log,
    metrics: deps.metrics,
  });
  return {
    payments,
    module: {
      name: 'payments',
      jobs: paymentsJobs(payments, config.refundRefreshMs, log),
      routes: async (app) => {
        await app.register(paymentsRoutes, {
          payments,
          storefrontUrl,
          phonePeWebhookAuthorization: phonePeWebhookAuthorizationFromConfig(config),
        });
      },
    },
  };
}
