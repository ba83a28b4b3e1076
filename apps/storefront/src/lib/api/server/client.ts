import 'server-only';
import { AUTH_TOKEN_STORAGE_NAME, GENERIC_MESSAGES, type Envelope } from '@vastra/contracts';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { ApiError } from '@/lib/api/api-error';
import { readStoreAnswer } from '@/lib/api/store-error';
import { getConfig } from '@/lib/config';
import { REQUEST_ID_HEADER, requestIdHeader } from '@/lib/request-id';

export { checked } from '../checked';

export type ApiGetOptions = {
  /** Seconds the answer may be served from Next's data cache. 0 = always fresh. */
  revalidate: number;
  /** Cache tags, so a later action can revalidate what it changed. */
  tags?: string[];
  /** The message of behaviour.md §8 when the API gives none. */
  fallbackMessage?: string;
  timeoutMs?: number;
  /** The shopper's session token, sent as the API's `auth_token` cookie; such a call is never cached. */
  sessionToken?: string | null;
};

type Query = Record<string, string | number | boolean | undefined | null>;

/** Builds `?a=1&b=x` from defined, non-empty values. */
export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * GET an API path and unwrap the `{ success, data }` envelope. With storeGet, the only place
 * the server talks to the API; every call names its cache lifetime. An uncached call sends
 * the page request's id (lib/request-id.ts).
 */
export async function apiGet(path: string, options: ApiGetOptions): Promise<Record<string, unknown>> {
  // Never during `next build`: whatever calls the API renders at request time.
  await connection();
  const url = `${getConfig().apiUrl}${path}`;
  const fallback = options.fallbackMessage ?? GENERIC_MESSAGES.fallback;
  const cached = options.revalidate > 0 && !options.sessionToken;
  const requestId = cached ? null : (await headers()).get(REQUEST_ID_HEADER);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        accept: 'application/json',
        ...(options.sessionToken ? { cookie: `${AUTH_TOKEN_STORAGE_NAME}=${options.sessionToken}` } : {}),
        ...requestIdHeader(cached, requestId),
      },
      ...(cached ? { next: { revalidate: options.revalidate, tags: options.tags } } : { cache: 'no-store' as const }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    console.error(`API unreachable: GET ${url}`, error instanceof Error ? error.message : error);
    throw new ApiError(0, fallback);
  }
  const body = (await res.json().catch(() => null)) as (Envelope<unknown> & { message?: string }) | null;
  if (!res.ok || !body || body.success !== true) {
    throw new ApiError(res.status, body?.message || fallback);
  }
  return (body.data ?? {}) as Record<string, unknown>;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** What storeGet needs besides the URL: the publishable key of /store, and the cache lifetime. */
export type StoreGetOptions = { publishableKey: string | null; revalidate: number; tags?: string[]; timeoutMs: number };

/**
 * GET a commerce backend URL (`/store`, answered without the `{ success, data }` envelope) with
 * its `x-publishable-api-key`. Throws StoreError (message, statusText, status; behaviour.md §8
 * Commerce) when it answers 300 or above or without JSON; a refused connection or a timeout
 * throws fetch's error. A call priced in a region builds its URL with withRegion (lib/region.ts),
 * which refuses without one ('Region is not set', behaviour.md §5).
 */
export async function storeGet<T>(url: string, options: StoreGetOptions): Promise<T> {
  await connection();
  const res = await fetch(url, {
    headers: {
      accept: 'application/json',
      ...(options.publishableKey ? { 'x-publishable-api-key': options.publishableKey } : {}),
    },
    next: { revalidate: options.revalidate, tags: options.tags },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  return readStoreAnswer<T>(res);
}
