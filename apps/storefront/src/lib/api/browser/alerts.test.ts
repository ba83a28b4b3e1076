import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ALERTS_MESSAGES, GENERIC_MESSAGES } from '@vastra/contracts';
import { readStockAlerts, requestStockAlert, unsubscribe } from './alerts';

/** The alerts calls of the browser (docs/shopper-features.md "Alerts") through the real browser client; only `fetch` is replaced. */
type Network = (url: string, init: RequestInit) => Promise<Response>;
let network: Network;
let sent: { url: string; init: RequestInit }[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  globalThis.fetch = ((url: string, init: RequestInit) => {
    sent.push({ url, init });
    return network(url, init);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const API = 'http://api.test';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('alerts calls', () => {
  it('reads the sizes asked about and asks for another', async () => {
    network = async () =>
      json(200, { success: true, data: { alerts: [{ productId: 'p1', variantId: 'v1', createdAt: '2026-11-27' }] } });
    assert.deepEqual(await readStockAlerts(API), ['v1']);
    assert.equal(sent[0]!.url, `${API}/alerts/stock`);
    network = async () =>
      json(201, { success: true, message: ALERTS_MESSAGES.requested, data: { alert: { variantId: 'v2' } } });
    assert.equal((await requestStockAlert(API, 'v2'))?.variantId, 'v2');
    assert.equal(sent[1]!.init.method, 'POST');
    assert.equal(sent[1]!.init.body, JSON.stringify({ variantId: 'v2' }));
  });

  it("gives the API's refusal, else the generic text", async () => {
    network = async () => json(409, { success: false, message: ALERTS_MESSAGES.inStock });
    await assert.rejects(requestStockAlert(API, 'v1'), { name: 'MutationError', message: ALERTS_MESSAGES.inStock });
    network = async () => Promise.reject(new TypeError('fetch failed'));
    await assert.rejects(requestStockAlert(API, 'v1'), { message: GENERIC_MESSAGES.fallback });
  });

  it('the unsubscribe button sends the link’s token, without a session of its own', async () => {
    network = async () =>
      json(200, {
        success: true,
        message: ALERTS_MESSAGES.unsubscribed,
        data: { email: 'a***@x.in', unsubscribed: true },
      });
    assert.deepEqual(await unsubscribe(API, 'a+b/c'), { email: 'a***@x.in', unsubscribed: true });
    assert.equal(sent[0]!.url, `${API}/alerts/unsubscribe?token=a%2Bb%2Fc`);
    assert.equal(sent[0]!.init.method, 'POST');
    network = async () => json(400, { success: false, message: ALERTS_MESSAGES.linkInvalid });
    await assert.rejects(unsubscribe(API, 'x'), { message: ALERTS_MESSAGES.linkInvalid });
  });
});
