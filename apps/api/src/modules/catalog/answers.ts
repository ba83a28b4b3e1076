/**
 * The catalogue's public answers over HTTP (docs/admin.md "Shoppers see changes within seconds"):
 * each GET answer is the same for every shopper, so its JSON is made once, kept in process
 * until the catalogue changes (or `ttlMs` passes) and sent as it was made, with a strong ETag
 * of its bytes and a public Cache-Control; a request whose `If-None-Match` holds that ETag is
 * answered 304 without a body. Concurrent requests for the same answer share one load.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * Cache-Control of a catalogue answer, in seconds: browsers reuse it briefly; a shared cache
 * (a CDN) keeps it as long as the API keeps its own copy (CATALOG_CACHE_TTL_MS, 30 s by default)
 * and may serve it that much longer while it asks again, so a change shows within a minute,
 * as the storefront's own product pages refresh.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=10, s-maxage=30, stale-while-revalidate=30';

/**
 * Cache-Control of answers a shopper's own action changes and must then see at once (a product's
 * reviews after posting one): any cache may keep them but asks again each time, and the ETag
 * makes that a 304 without a body.
 */
export const REVALIDATE_CACHE_CONTROL = 'public, no-cache';

/** The response schema of a 304, which has no body. */
export const notModified = { 304: z.null().describe('Not modified: the ETag in If-None-Match is current') };

/** The most answers kept: a product page is ~1.5 kB, a page of results ~18 kB, so at most ~20 MB. */
const MAX_ANSWERS = 1000;

/** An answer as sent: the JSON text and its strong ETag (a quoted SHA-1 of the text, base64url). */
export type Answer = { body: string; etag: string };

/** Makes the answer of `data` as the route's response `schema` serialises it (zod encode, then JSON). */
export function toAnswer(schema: z.ZodType, data: unknown): Answer {
  const body = JSON.stringify(schema.encode(data));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 wants for it). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export class CatalogAnswers {
  private readonly cache: TtlCache;
  private readonly dependents: (() => void)[] = [];

  /** `ttlMs`: how long an answer is kept at most; 0 keeps none (each request makes its own). */
  constructor(ttlMs: number) {
    this.cache = new TtlCache(ttlMs, MAX_ANSWERS);
  }

  /** Forgets every answer: the catalogue behind them changed. */
  clear(): void {
    this.cache.clear();
    for (const clear of this.dependents) clear();
  }

  /** Calls `clear` with every clear(): for answers kept elsewhere from the same catalogue (KeptCarts). */
  alsoClears(clear: () => void): void {
    this.dependents.push(clear);
  }

  /**
   * Answers `request` with the answer under `key`, made from `load()` through `schema` when
   * not kept (`key` null: made for this request only, for answers built from data cached
   * elsewhere that must not outlive it): 304 when the request's `If-None-Match` names its ETag, else 200 with the JSON.
   * Errors of `load` (NotFoundError, …) are thrown for the error handler and never kept.
   * `cacheControl`: CATALOG_CACHE_CONTROL, or REVALIDATE_CACHE_CONTROL for answers a shopper
   * must see change at once. Settles once the answer has gone; the handler returns this
   * promise. (A handler's promise settling earlier, while the answer's async onSend hooks still
   * run, makes Fastify send again: a logged ERR_HTTP_HEADERS_SENT and a 500 in the request log
   * and metrics behind the client's 200.)
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | null,
    schema: z.ZodType,
    load: () => Promise<unknown>,
    cacheControl: string = CATALOG_CACHE_CONTROL,
  ): Promise<void> {
    const make = async () => toAnswer(schema, await load());
    const answer = await (key === null ? make() : this.cache.get(key, make));
    reply.header('etag', answer.etag).header('cache-control', cacheControl);
    if (matches(request.headers['if-none-match'], answer.etag)) reply.code(304).send();
    // A string with a JSON content type goes out as it is, past the route's serializer.
    else reply.type('application/json; charset=utf-8').send(answer.body);
    // The reply is a thenable that settles when the answer has gone: so does this promise.
    return reply;
  }
}
