/**
 * One id per page request, sent to the API as `x-request-id` so that the API's log lines of
 * a page render share it (the API keeps a caller's id when it is well formed). src/proxy.ts
 * gives each request its id; server-side API calls forward it where Next's caching allows.
 */

/** The header the id travels in: set by the proxy on the request, read by the API calls. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What the API keeps of a caller's id: letters, digits, `-` and `_`, 8 to 64 of them. */
const WELL_FORMED = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The id of a page request: the one a load balancer in front already gave it (`given`), when
 * well formed, so one id follows the request end to end; else a new UUID.
 */
export function pageRequestId(given: string | null): string {
  return given !== null && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}

/**
 * The request-id header of a server-side API call: the page's id on an uncached call only.
 * Next keys its data cache by the request's headers, so an id on a cached call would make
 * every page request miss the cache.
 */
export function requestIdHeader(cached: boolean, requestId: string | null): Record<string, string> {
  return !cached && requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
}
