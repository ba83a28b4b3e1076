/**
 * Builds the Fastify app (docs/architecture.md "Modules as plugins"): the platform and the
 * modules (compose.ts), then the HTTP layer in order: the cross-cutting plugins (request ids,
 * errors, metrics, CORS, caching, security headers, cookies, uploads, rate limits, OpenAPI,
 * authentication), each module's hooks and routes, and the admin app. `server.ts` only opens
 * the database and listens; tests build this same app with their own database and call it
 * through `app.inject`. The worker (`worker.ts`) builds the modules without any of this.
 */
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  composeModules,
  moduleLifecycle,
  type Composition,
  type PushTestOptions,
  type WebhookTestOptions,
} from './compose';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './lib/error-handler';
import type { DomainEventBus } from './lib/events';
import type { Jobs } from './lib/jobs';
import { enterRequestContext, loggerOptions, RequestLog, requestId } from './lib/logging';
import { loadOperatorToken } from './lib/operator-token';
import { metricsAccess, serveMetrics } from './modules/metrics';
import { createPlatform } from './platform';
import { registerAdminApp } from './plugins/admin-app';
import { registerAdminAuth } from './plugins/admin-auth';
import { registerAuthentication } from './plugins/authenticate';
import { registerNoStoreByDefault } from './plugins/cache-control';
import { registerCors } from './plugins/cors';
import { registerOpenApi } from './plugins/openapi';
import { registerApiSecurityHeaders } from './plugins/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments of orders; tests settle them (`payments.start`, the sandbox). */
    payments: Composition['payments'];
    /** Orders, for tests that move an order along its lifecycle (`orders.transition`). */
    orders: Composition['orders'];
    /** Staff accounts of the admin; `server.ts` makes the development owner through it. */
    staff: Composition['staff'];
    /** Back-in-stock and price-drop alerts; tests run its scan on chosen days (`alerts.scan(now)`). */
    alerts: Composition['alerts'];
    /** Reminders of idle carts; tests run its scan at chosen times (`cartReminders.scan(now)`). */
    cartReminders: Composition['cartReminders'];
    /** Data retention (privacy module); tests run its scan at chosen times (`retention.scan(now)`). */
    retention: Composition['retention'];
    /** The store's own mails (to the store settings' notification email); tests run it at chosen times. */
    storeNotifier: Composition['storeNotifier'];
    /**
     * Background jobs (lib/jobs), mails among them: started when the app is ready, stopped
     * (gracefully) when it closes; tests wait for `jobs.idle()` before reading what was sent.
     */
    jobs: Jobs;
    /** The domain event bus (lib/events.ts); tests subscribe to what a module tells. */
    events: DomainEventBus;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Tests only: webhooks to a receiver on this machine (compose.ts). */
  webhooks?: WebhookTestOptions;
  /** Tests only: push to a stand-in push service on this machine (compose.ts). */
  push?: PushTestOptions;
};

export async function buildApp({ config, database, logStream, webhooks, push }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    requestIdHeader: false,
    genReqId: requestId,
    // One line per request instead of two (lib/logging.ts).
    logController: new RequestLog(),
    // Fastify takes a hop count at run time but its types only as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  const platform = createPlatform(config, database, app.log);
  const composition = composeModules(platform, { webhooks, push });
  const { modules, payments, orders, staff, alerts, cartReminders, retention, storeNotifier } = composition;
  const decorations = {
    payments,
    orders,
    staff,
    alerts,
    cartReminders,
    retention,
    storeNotifier,
    jobs: platform.jobs,
    events: platform.events,
  };
  for (const [name, value] of Object.entries(decorations)) app.decorate(name, value as never);
  const lifecycle = moduleLifecycle(platform, composition);
  app.addHook('onReady', () => lifecycle.start());
  app.addHook('onClose', () => lifecycle.stop());

  app.addHook('onRequest', enterRequestContext);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  // Prometheus's /metrics: behind METRICS_TOKEN when set; without it, open outside production
  // and absent in production. Registered before the routes, so its hook times every one.
  if (metricsAccess(config) !== 'none') serveMetrics(app, platform.metrics, config.metricsToken);
  // The storefront's origins may read the shopper API; the admin answers no origin (plugins/cors.ts).
  await registerCors(app, config.storefrontOrigins);
  // Personal data stays out of browser caches: no-store unless a route sets its own (plugins/cache-control.ts).
  registerNoStoreByDefault(app);
  registerApiSecurityHeaders(app, config.secureCookies);
  await app.register(cookie);
  // Per-route limits are passed to request.parts(); these are the ceiling for any upload.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 30, fieldSize: 64 * 1024 } });
  // Counters shared through Redis when configured; a Redis outage lets requests through rather than locking everyone out.
  await app.register(rateLimit, { global: false, redis: platform.redis, skipOnError: true });
  await registerOpenApi(app, {
    publicUrl: config.publicUrl,
    page: config.apiDocs,
    secureCookies: config.secureCookies,
  });

  // Shoppers' sessions; the API's own origin too: the sandbox payment page it serves posts its form with the cookie.
  const apiOrigin = new URL(config.publicUrl).origin;
  registerAuthentication(app, composition.sessions, [...config.storefrontOrigins, apiOrigin]);
  // The merchant admin: staff sessions and roles per route, or the operator token acting as an owner.
  const operatorToken = loadOperatorToken({ operatorToken: config.operatorToken, dataDir: config.dataDir });
  registerAdminAuth(app, { staff, operatorToken, adminOrigin: apiOrigin });

  for (const module of modules) module.hooks?.(app);
  for (const module of modules) if (module.routes) await app.register(module.routes);
  await registerAdminApp(app);
  return app;
}
