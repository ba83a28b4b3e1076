/**
 * The push module's factory (lib/module.ts; docs/behaviour.md "Push notifications"). The news
 * that becomes push: each alert mail (told by the alerts through `alertPushPort`, built before
 * this module since the alerts come before the orders), an order shipped, out for delivery, not
 * delivered (a failed attempt) or delivered (`order.status_changed`) and a refund issued (`refund.changed`). Each is queued as a
 * `push.notify` job at once: these events are told after their commit.
 */
import type { DomainEventBus } from '../../lib/events';
import type { Jobs } from '../../lib/jobs';
import type { ApiModule } from '../../lib/module';
import type { AlertPushPort } from '../alerts';
import { PUSH_NOTIFY_JOB, pushJobs, type PushNews } from './jobs';
import { pushRoutes } from './routes';
import { PushService, type PushDeps } from './service';
import { PUSHED_ORDER_STATUSES, type PushedOrderStatus } from './texts';

type Log = PushDeps['log'] & { error(obj: object, msg: string): void };

/** Queues news as push (when the store sends push); a failure to queue is logged, never thrown at the publisher. */
function queueNews(jobs: Jobs, log: Log, enabled: boolean) {
  return (news: PushNews): Promise<void> =>
    enabled
      ? jobs.send(PUSH_NOTIFY_JOB, news).then(
          () => undefined,
          (err: unknown) => log.error({ err, kind: news.kind }, 'push news not queued'),
        )
      : Promise.resolve();
}

/** What the alerts tell of each mail sent: queued as push news. */
export function alertPushPort(deps: { jobs: Jobs; log: Log; enabled: boolean }): AlertPushPort {
  const queue = queueNews(deps.jobs, deps.log, deps.enabled);
  return { mailed: (mailed) => void queue({ kind: 'alert', ...mailed }) };
}

export function createPushModule(deps: PushDeps & { events: DomainEventBus; log: Log }): {
  push: PushService;
  module: ApiModule;
} {
  const { events, ...options } = deps;
  const push = new PushService(options);
  const queue = queueNews(deps.jobs, deps.log, deps.keys !== null);
  const pushed = new Set<string>(PUSHED_ORDER_STATUSES);
  events.on(
    'order.status_changed',
    'push: tell the shopper their order shipped, is out, could not be delivered or is delivered',
    ({ orderId, status }) =>
      pushed.has(status) ? queue({ kind: 'order', orderId, status: status as PushedOrderStatus }) : undefined,
  );
  events.on('refund.changed', 'push: tell the shopper their refund was issued', ({ orderId, status, amountPaise }) =>
    status === 'completed' ? queue({ kind: 'order', orderId, status: 'refunded', amountPaise }) : undefined,
  );
  return {
    push,
    module: {
      name: 'push',
      jobs: pushJobs(push, deps.retry),
      routes: async (app) => void (await app.register(pushRoutes, { push })),
    },
  };
}
