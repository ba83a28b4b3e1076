/**
 * No cache keeps an answer unless its route says it may (docs/architecture.md "Cross-origin
 * calls and caching"). Most answers carry one person's data (the session, profile, addresses,
 * cart, wishlist, orders, invoices, returns, gift card balances, the whole admin API), and a
 * browser's disk cache would otherwise keep them for the next user of a shared computer; a new
 * route is covered without remembering to. Answers anyone may keep set their own Cache-Control
 * (the catalogue's answers with their ETag and 304s, media, public files), which stays as set.
 */
import type { FastifyInstance } from 'fastify';

/** The Cache-Control of an answer whose route set none. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/** Sets `Cache-Control: no-store` on every answer of `app` (call it with the root app) that has none. */
export function registerNoStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.getHeader('cache-control') === undefined) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    done(null, payload);
  });
}
