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
import type { HealthStore } from './gateway-health';
import { paymentsJobs } from './jobs';
import { paymentProvidersFromConfig, phonePeWebhookAuthorizationFromConfig } from './providers';
import { paymentsRoutes } from './routes';
import { PaymentService } from './service';

export function createPaymentsModule(deps: {
  db: Db;
  /** The gateways' settings (PHONEPE_*, RAZORPAY_*, sandbox outside production) and REFUND_REFRESH_MINUTES. */
  config: Config;
  storefrontUrl: string;
  events: DomainEventBus;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** The store's name, shown in Razorpay's modal. */
  storeName: () => Promise<string>;
  /** Where a failing gateway is remembered for every instance (the admin_settings store). */
  healthStore: HealthStore;
}): { payments: PaymentService; module: ApiModule } {
  const { db, config, storefrontUrl, log } = deps;
  const payments = new PaymentService(db, {
    providers: paymentProvidersFromConfig(config, db),
    publicUrl: config.publicUrl,
    storefrontUrl,
    events: deps.events,
    log,
    metrics: deps.metrics,
    healthStore: deps.healthStore,
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
          storeName: deps.storeName,
          publicUrl: config.publicUrl,
          razorpay: { webhookSecret: config.razorpay.webhookSecret ?? null, checkoutUrl: config.razorpay.checkoutUrl },
        });
      },
    },
  };
}
