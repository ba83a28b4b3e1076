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
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
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

/**
 * Replaces XMLHttpRequest (the browser client's uploads) until the test ends: each request
 * answers `status` and `body` once sent, after reporting the `progress` shares given (0 to 1).
 * Returns what was sent.
 */
export function fakeUpload(status: number, body: unknown, progress: number[] = []) {
  const requests: { url: string; form: FormData; withCredentials: boolean }[] = [];
  class FakeXhr {
    url = '';
    status = 0;
    responseText = '';
    withCredentials = false;
    timeout = 0;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      requests.push({ url: this.url, form, withCredentials: this.withCredentials });
      queueMicrotask(() => {
        for (const share of progress) this.upload.onprogress?.({ lengthComputable: true, loaded: share, total: 1 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
  return requests;
}
