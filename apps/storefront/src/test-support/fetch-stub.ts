import { afterEach, beforeEach } from 'node:test';

/**
 * The HTTP boundary of the storefront's unit tests: for every test of the file that calls
 * `stubFetch()`, `globalThis.fetch` keeps what is sent (`sent`) and answers with `network`
 * (a test sets it; unset, any request fails the test). Our own code (the browser client, the
 * write helper) runs for real.
 */
export type Network = (url: string, init: RequestInit) => Promise<Response>;

export type FetchStub = { network: Network; readonly sent: { url: string; init: RequestInit }[] };

const unexpected: Network = async (url) => {
  throw new Error(`unexpected request ${url}`);
};

export function stubFetch(): FetchStub {
  const stub: FetchStub = { network: unexpected, sent: [] };
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    stub.sent.length = 0;
    stub.network = unexpected;
    globalThis.fetch = ((url: string, init: RequestInit) => {
      stub.sent.push({ url, init });
      return stub.network(url, init);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  return stub;
}

/** An API answer: `body` as JSON with `status`. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API cannot be reached. */
export const refused: Network = async () => Promise.reject(new TypeError('fetch failed'));

/** The API does not answer in time. */
export const timedOut: Network = async () =>
  Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
