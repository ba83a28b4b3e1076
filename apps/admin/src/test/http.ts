/**
 * The admin API as the tests see it: `fetch` stubbed at the HTTP boundary. Each route is
 * `'METHOD /path'` (the path under /admin/api, without the query string) answering the API's
 * envelope around what its handler returns, or an error envelope when the handler returns
 * `fail(status, message)`. Every call is kept in `calls`, with its query and JSON body.
 */
import { ADMIN_API_PREFIX } from '@vastra/contracts';
import { afterEach, vi } from 'vitest';

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Failure = { fail: true; status: number; message: string };
type Handler = (call: Call) => unknown;

/** An error answer of the API: `{ success: false, message }` with `status`. */
export const fail = (status: number, message: string): Failure => ({ fail: true, status, message });

const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && (value as Failure).fail === true;

/** Stubs `fetch` with `routes` until the end of the test; returns the calls made so far (live). */
export function stubAdminApi(routes: Record<string, Handler | unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.startsWith(ADMIN_API_PREFIX) ? url.pathname.slice(ADMIN_API_PREFIX.length) : url.pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (route === undefined) return json(404, { success: false, message: `No route ${method} ${path}` });
    const answer = typeof route === 'function' ? (route as Handler)(call) : route;
    if (isFailure(answer)) return json(answer.status, { success: false, message: answer.message });
    return json(200, { success: true, data: answer ?? null });
  });
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});
