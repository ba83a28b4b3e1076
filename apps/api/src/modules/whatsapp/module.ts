/**
 * The whatsapp module's factory (lib/module.ts; docs/behaviour.md "WhatsApp updates", "COD
 * confirmation"): the sender of the configuration (the Cloud API with its phone number id and
 * token, else the development outbox), the service, its routes and jobs. It subscribes to the
 * orders' and payments' events and queues a `whatsapp.notify` job for each update, after the
 * commit of what it reports: an order placed (or, held, its confirmation request; or paid online,
 * after the payment's transaction), shipped, out for delivery, a delivery attempt failed (NDR),
 * delivered, a refund issued.
 */
import { NotFoundError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { RetryOptions } from '../../lib/jobs';
import type { ApiModule } from '../../lib/module';
import { whatsappJobs, type WhatsappUpdate } from './jobs';
import { whatsappRoutes } from './routes';
import { cloudApiSender, outboxSender, type CloudApiSettings } from './sender';
import { WhatsappService, type WhatsappDeps } from './service';
import { CodConfirmTokens } from './tokens';

/** The order statuses told as an update (order.status_changed). */
const TOLD_STATUSES = new Set<string>(['placed', 'shipped', 'out_for_delivery', 'undelivered', 'delivered']);

export function createWhatsappModule(
  deps: Omit<WhatsappDeps, 'sender' | 'tokens'> & {
    events: DomainEventBus;
    /** The Cloud API's settings when configured (config `whatsapp.cloud`), else undefined: the outbox. */
    cloud: CloudApiSettings | undefined;
    appSecret: string | null;
    dataDir: string;
    secret: Uint8Array;
    /** Tests only: short retries. */
    retry?: RetryOptions;
  },
): { whatsapp: WhatsappService; module: ApiModule } {
  const { events, cloud, appSecret, dataDir, secret, retry, ...rest } = deps;
  const sender = cloud ? cloudApiSender(cloud, deps.log) : outboxSender({ dataDir, logger: deps.log });
  const whatsapp = new WhatsappService({ ...rest, sender, tokens: new CodConfirmTokens(secret) });
  const orders = deps.orders;
  events.on(
    'order.placed',
    'whatsapp: tell the shopper, or ask them to confirm cash on delivery',
    async ({ orderId }) => {
      // An order that is not there (removed since) has no one to tell; other subscribers still run.
      const order = await orders.findRef(orderId).catch((err: unknown) => {
        if (err instanceof NotFoundError) return null;
        throw err;
      });
      if (!order) return;
      if (order.status === 'awaiting_confirmation') await whatsapp.queue({ orderId, update: 'cod_confirmation' });
      else if (order.status === 'placed') await whatsapp.queue({ orderId, update: 'placed' });
    },
  );
  events.on('payment.settled', 'whatsapp: tell the shopper their paid order is placed', (settled) => {
    if (settled.status === 'completed') {
      settled.afterCommit(() => whatsapp.queue({ orderId: settled.orderId, update: 'placed' }));
    }
  });
  events.on('order.status_changed', 'whatsapp: tell the shopper of their order', ({ orderId, status }) =>
    TOLD_STATUSES.has(status) ? whatsapp.queue({ orderId, update: status as WhatsappUpdate }) : undefined,
  );
  events.on(
    'refund.changed',
    'whatsapp: tell the shopper their refund was issued',
    ({ refundId, orderId, status, amountPaise }) =>
      status === 'completed' ? whatsapp.queue({ orderId, update: 'refunded', refundId, amountPaise }) : undefined,
  );
  return {
    whatsapp,
    module: {
      name: 'whatsapp',
      jobs: whatsappJobs(whatsapp, deps.log, retry),
      routes: async (app) => void (await app.register(whatsappRoutes, { whatsapp, appSecret })),
    },
  };
}
