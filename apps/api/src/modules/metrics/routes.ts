/**
 * GET /metrics for Prometheus, and the hook that records every answered request into the
 * app's Metrics. Hidden from the OpenAPI document.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { UnauthorizedError } from '../../lib/errors';
import type { Metrics } from './service';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics (docs/deploy.md "Logs and metrics"): with METRICS_TOKEN, a scrape that
 * sends it ('token'); without one, anyone outside production ('open') and nobody in production
 * ('none': the route does not exist).
 */
export function metricsAccess(config: Pick<Config, 'env' | 'metricsToken'>): 'token' | 'open' | 'none' {
  if (config.metricsToken) return 'token';
  return config.env === 'production' ? 'none' : 'open';
}

/**
 * Records each request of `app` into `metrics` (an onResponse hook: call it with the root app,
 * so every route has it) and serves GET /metrics with `metrics` and the process's own series.
 * With `token`, a scrape must send `Authorization: Bearer <token>` (401 otherwise, compared in
 * constant time); without one, anyone may read it (app.ts serves it so only as `metricsAccess` says).
 */
export function serveMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  // A URL no route matched is one series, whatever a scanner asks for.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  metrics.collectProcessMetrics();

  // Hashed to equal lengths, so the comparison takes the same time whatever was sent.
  const expected = token === undefined ? null : sha256(token);
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request) => {
        if (!expected) return;
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (given === undefined || !timingSafeEqual(sha256(given), expected)) {
          throw new UnauthorizedError('Metrics token required');
        }
      },
    },
    async (_request, reply) => {
      const { contentType, body } = await metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
}
