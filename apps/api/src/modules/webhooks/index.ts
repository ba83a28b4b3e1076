/**
 * Outgoing webhooks (docs/admin.md "Webhooks"): the store's domain events (lib/events.ts) sent
 * to the owner's other systems, signed, through the job queue, retried, logged, and switched
 * off after repeated failures. `createWebhooks` subscribes to the events and gives the module:
 * its jobs and the admin routes as a plugin (lib/module.ts).
 */
import { WEBHOOK_EVENTS, type WebhookEvent } from '@vastra/contracts';
import type { Db } from '../../db/client';
import type { DomainEventBus, DomainEventName, DomainEvents } from '../../lib/events';
import type { Jobs, RetryOptions } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import { AddressGuard, type ResolveHost } from './address-guard';
import { WebhookDelivery } from './delivery';
import { DELIVER_JOB, SWITCHED_OFF_JOB, webhooksJobs } from './jobs';
import { webhooksRoutes } from './routes';
import { WebhookService, type WebhookData } from './service';
import { SecretBox } from './signing';

export { isRefusedAddress, type ResolveHost } from './address-guard';
export { verifySignature } from './signing';
export { WebhookService } from './service';

export { DELIVER_JOB, SWITCHED_OFF_JOB } from './jobs';
/** The subscriber's name on the event bus. */
const SUBSCRIBER = 'webhooks: deliver';

/**
 * Retries of a delivery: 6 after the first attempt, waiting 30 s and doubling (30 s, 1, 2, 4, 8,
 * 16 min): about half an hour before a delivery counts as failed.
 */
export const WEBHOOK_RETRY: RetryOptions = { retryLimit: 6, retryDelayMs: 30_000, backoff: true };
/** Time limit of one attempt, in ms. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries failing in a row (each after all its attempts) that switch an endpoint off. */
export const WEBHOOK_DISABLE_AFTER = 10;

// Every domain event is offered to webhooks: a new event must be added to WEBHOOK_EVENTS (contracts) too.
type SameEvents = [DomainEventName] extends [WebhookEvent]
  ? [WebhookEvent] extends [DomainEventName]
    ? true
    : never
  : never;
const sameEvents: SameEvents = true;

/**
 * What a receiver gets of each event: its ids and plain values, picked one by one so that no
 * transaction, callback or personal data is ever sent (the receiver reads details through the
 * admin API).
 */
const DATA: { [E in DomainEventName]: (payload: DomainEvents[E]) => WebhookData } = {
  'order.placed': ({ orderId }) => ({ orderId }),
  'order.status_changed': ({ orderId, status, storeStep }) => ({ orderId, status, storeStep }),
  'payment.settled': ({ orderId, status, source }) => ({ orderId, status, source }),
  'refund.changed': ({ refundId, orderId, status, amountPaise }) => ({ refundId, orderId, status, amountPaise }),
  'catalog.changed': ({ entity, entityId }) => ({ entity, entityId }),
  'stock.changed': ({ productIds, cameBack }) => ({ productIds, cameBack }),
  'review.changed': ({ productId }) => ({ productId }),
};

export type WebhooksDeps = {
  db: Db;
  jobs: Jobs;
  events: DomainEventBus;
  mailer: Mailer;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** The server secret; the endpoints' signing secrets are kept encrypted under a key derived from it. */
  serverSecret: Uint8Array;
  /** Who is mailed when an endpoint is switched off: the store's notification email, else the owners. */
  ownerEmails: () => Promise<string[]>;
  /** NODE_ENV: outside 'production' an endpoint may be http:// (a receiver on the developer's machine). */
  env: string;
  /** Tests only: private and local addresses allowed (a receiver on this machine). Refused in production. */
  allowPrivateHosts?: boolean;
  /** Tests only: the DNS lookup of the address checks (default: the system's). */
  resolve?: ResolveHost;
  /** Defaults: WEBHOOK_RETRY, WEBHOOK_TIMEOUT_MS, WEBHOOK_DISABLE_AFTER. */
  retry?: RetryOptions;
  timeoutMs?: number;
  disableAfter?: number;
};

export type Webhooks = {
  service: WebhookService;
  delivery: WebhookDelivery;
  /** The admin routes (`/admin/api/webhooks…`) and the delivery jobs (lib/module.ts). */
  module: ApiModule;
};

/**
 * Builds the webhooks module: subscribes to every domain event, registers the delivery and
 * mail jobs (webhooks/jobs.ts). Throws when `allowPrivateHosts` is asked for in production.
 */
export function createWebhooks(deps: WebhooksDeps): Webhooks {
  void sameEvents;
  if (deps.allowPrivateHosts && deps.env === 'production') {
    throw new Error('Webhooks to private addresses are for tests only, never in production');
  }
  const { db, jobs, events, log } = deps;
  const retry = deps.retry ?? WEBHOOK_RETRY;
  const guard = new AddressGuard({
    allowHttp: deps.env !== 'production',
    allowPrivateHosts: deps.allowPrivateHosts ?? false,
    resolve: deps.resolve,
  });
  const box = new SecretBox(deps.serverSecret);
  const service = new WebhookService({ db, guard, box });
  const delivery = new WebhookDelivery({
    db,
    guard,
    box,
    mailer: deps.mailer,
    ownerEmails: deps.ownerEmails,
    onSwitchedOff: (endpointId) => jobs.send(SWITCHED_OFF_JOB, { endpointId }),
    log,
    options: {
      maxAttempts: retry.retryLimit + 1,
      timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      disableAfter: deps.disableAfter ?? WEBHOOK_DISABLE_AFTER,
    },
  });

  const queue = (ids: string[]) => Promise.all(ids.map((deliveryId) => jobs.send(DELIVER_JOB, { deliveryId })));
  const subscribe = <E extends DomainEventName>(event: E) => {
    events.on(event, SUBSCRIBER, async (payload) => {
      const data = DATA[event](payload);
      if (event === 'payment.settled') {
        // Told inside the payment's transaction: recorded in it, queued once it commits.
        const settled = payload as DomainEvents['payment.settled'];
        const ids = await service.record(settled.db, event, data);
        if (ids.length > 0) settled.afterCommit(async () => void (await queue(ids)));
        return;
      }
      // The publisher's work is committed: a webhook that cannot be recorded must not fail it.
      try {
        await queue(await service.record(db, event, data));
      } catch (err) {
        log.error({ err, event }, 'webhook deliveries not recorded');
      }
    });
  };
  for (const event of WEBHOOK_EVENTS) subscribe(event);

  return {
    service,
    delivery,
    module: {
      name: 'webhooks',
      jobs: webhooksJobs(delivery, retry),
      routes: async (app) => void (await app.register(webhooksRoutes, { webhooks: service })),
    },
  };
}
