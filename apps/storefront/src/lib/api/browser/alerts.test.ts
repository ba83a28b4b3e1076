import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERTS_MESSAGES, GENERIC_MESSAGES } from '@vastra/contracts';
import { readStockAlerts, requestStockAlert, unsubscribe } from './alerts';
import { stubFetch, json } from '@/test-support/fetch-stub';

/** The alerts calls of the browser (docs/shopper-features.md "Alerts") through the real browser client; only `fetch` is replaced. */
const http = stubFetch();

const API = 'http://api.test';

describe('alerts calls', () => {
  it('reads the sizes asked about and asks for another', async () => {
    http.network = async () =>
      json(200, { success: true, data: { alerts: [{ productId: 'p1', variantId: 'v1', createdAt: '2026-11-27' }] } });
    assert.deepEqual(await readStockAlerts(API), ['v1']);
    assert.equal(http.sent[0]!.url, `${API}/alerts/stock`);
    http.network = async () =>
      json(201, { success: true, message: ALERTS_MESSAGES.requested, data: { alert: { variantId: 'v2' } } });
    assert.equal((await requestStockAlert(API, 'v2'))?.variantId, 'v2');
    assert.equal(http.sent[1]!.init.method, 'POST');
    assert.equal(http.sent[1]!.init.body, JSON.stringify({ variantId: 'v2' }));
  });

  it("gives the API's refusal, else the generic text", async () => {
    http.network = async () => json(409, { success: false, message: ALERTS_MESSAGES.inStock });
    await assert.rejects(requestStockAlert(API, 'v1'), { name: 'MutationError', message: ALERTS_MESSAGES.inStock });
    http.network = async () => Promise.reject(new TypeError('fetch failed'));
    await assert.rejects(requestStockAlert(API, 'v1'), { message: GENERIC_MESSAGES.fallback });
  });

  it('the unsubscribe button sends the link’s token, without a session of its own', async () => {
    http.network = async () =>
      json(200, {
        success: true,
        message: ALERTS_MESSAGES.unsubscribed,
        data: { email: 'a***@x.in', unsubscribed: true },
      });
    assert.deepEqual(await unsubscribe(API, 'a+b/c'), { email: 'a***@x.in', unsubscribed: true });
    assert.equal(http.sent[0]!.url, `${API}/alerts/unsubscribe?token=a%2Bb%2Fc`);
    assert.equal(http.sent[0]!.init.method, 'POST');
    http.network = async () => json(400, { success: false, message: ALERTS_MESSAGES.linkInvalid });
    await assert.rejects(unsubscribe(API, 'x'), { message: ALERTS_MESSAGES.linkInvalid });
  });
});
