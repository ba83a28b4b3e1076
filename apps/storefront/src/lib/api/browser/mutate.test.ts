import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUTH_MESSAGES, CART_MESSAGES, GENERIC_MESSAGES, UNAUTHORIZED_DEBOUNCE_MS } from '@vastra/contracts';
import { setSessionExpiryActions } from '@/lib/session-actions';
import { callUnauthorized, sessionExpired } from '@/lib/session-expiry';
import { MutationError, mutate, read } from './mutate';
import { stubFetch, json, type Network } from '@/test-support/fetch-stub';

/**
 * The write helper (behaviour.md §8: the API's message, else the call's own text) and the one
 * 401 handler (behaviour.md §4 Session expiry), through the real browser client; only `fetch` (the HTTP
 * boundary) is replaced.
 */
const http = stubFetch();

const add = () =>
  mutate<{ cart: { itemCount: number } }>('http://api.test', '/cart/add', {
    json: { productId: 'p1', variantId: 'v1', quantity: 1 },
    fallback: CART_MESSAGES.add,
  });

describe('mutate', () => {
  it('sends the body with the session cookie and answers the data and the message', async () => {
    http.network = async () =>
      json(200, { success: true, message: 'Item added to cart', data: { cart: { itemCount: 1 } } });
    const answer = await add();
    assert.deepEqual(answer, { data: { cart: { itemCount: 1 } }, message: 'Item added to cart' });
    assert.equal(http.sent[0]!.url, 'http://api.test/cart/add');
    assert.equal(http.sent[0]!.init.method, 'POST');
    assert.equal(http.sent[0]!.init.credentials, 'include');
    assert.equal(http.sent[0]!.init.body, JSON.stringify({ productId: 'p1', variantId: 'v1', quantity: 1 }));
  });

  it("throws the API's own message", async () => {
    http.network = async () => json(409, { success: false, message: 'Only 3 left in stock for this size.' });
    await assert.rejects(add(), (error: unknown) => {
      assert.ok(error instanceof MutationError);
      assert.equal(error.message, 'Only 3 left in stock for this size.');
      assert.equal(error.status, 409);
      return true;
    });
  });

  for (const [name, failure] of [
    ['cannot be reached', async () => Promise.reject(new TypeError('fetch failed'))],
    ['does not answer in time', async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))],
    ['fails with its generic message', async () => json(500, { success: false, message: GENERIC_MESSAGES.fallback })],
  ] as [string, Network][]) {
    it(`throws the call's own text when the API ${name}`, async () => {
      http.network = failure;
      await assert.rejects(add(), { name: 'MutationError', message: CART_MESSAGES.add });
    });
  }
});

describe('read', () => {
  it('sends a GET with the session cookie and answers the data', async () => {
    http.network = async () => json(200, { success: true, data: { status: 'completed' } });
    const answer = await read<{ status: string }>('http://api.test', '/orders/o1/payment-status', {
      fallback: 'Failed to check payment status',
    });
    assert.deepEqual(answer.data, { status: 'completed' });
    assert.equal(http.sent[0]!.init.method, 'GET');
    assert.equal(http.sent[0]!.init.credentials, 'include');
  });

  it("throws the call's own text when the API fails with its generic message", async () => {
    http.network = async () => json(500, { success: false, message: GENERIC_MESSAGES.fallback });
    await assert.rejects(read('http://api.test', '/cart', { fallback: CART_MESSAGES.fetch }), {
      name: 'MutationError',
      message: CART_MESSAGES.fetch,
    });
  });

  it('answers 4xx to a caller that reads them (a wrong password is not a session expiry)', async () => {
    http.network = async () => json(404, { success: false, message: 'Not found' });
    const answer = await read('http://api.test', '/x', { fallback: 'f', answersBelow500: true });
    assert.equal(answer.message, 'Not found');
  });
});

describe('the 401 handler', () => {
  it('a 401 of a write logs out and goes to /auth/login once per UNAUTHORIZED_DEBOUNCE_MS', async () => {
    const done: string[] = [];
    setSessionExpiryActions({
      signedIn: () => true,
      logout: () => done.push('logout'),
      navigate: (path) => done.push(path),
    });
    http.network = async () => json(401, { success: false, message: AUTH_MESSAGES.sessionExpired });
    await assert.rejects(add(), { name: 'MutationError' });
    await assert.rejects(add(), { name: 'MutationError' });
    assert.deepEqual(done, ['logout', '/auth/login']);
    // Past the debounce, the next 401 runs it again.
    assert.equal(sessionExpired(Date.now() + UNAUTHORIZED_DEBOUNCE_MS + 1), true);
    assert.deepEqual(done, ['logout', '/auth/login', 'logout', '/auth/login']);
  });

  it('a 401 answered after the shopper logged out in this tab neither logs out again nor leaves the page', async () => {
    const done: string[] = [];
    setSessionExpiryActions({
      signedIn: () => false,
      logout: () => done.push('logout'),
      navigate: (path) => done.push(path),
    });
    http.network = async () => json(401, { success: false, message: AUTH_MESSAGES.sessionExpired });
    await assert.rejects(add(), { name: 'MutationError' });
    assert.equal(callUnauthorized(Date.now() + 10 * UNAUTHORIZED_DEBOUNCE_MS), false);
    assert.deepEqual(done, []);
  });
});
