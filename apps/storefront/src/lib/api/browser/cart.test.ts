import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUTH_MESSAGES, CART_MESSAGES, GENERIC_MESSAGES, type Cart } from '@vastra/contracts';
import { addCartLine, readCart, removeCartLine, setCartLineQuantity } from './cart';
import { MutationError } from './mutate';
import { stubFetch, json, type Network } from '@/test-support/fetch-stub';

/**
 * The cart calls (behaviour.md §7 Cart, §8 Cart messages) through the real browser client; only
 * `fetch` (the HTTP boundary) is replaced. What the network does to the next call is set by `network`.
 */
const http = stubFetch();

const API = 'http://api.test';
const GUEST = 'guest_abcdefghijklmnopqrstuvwxy';
const cart = { id: 'c1', items: [], itemCount: 2, totalAmount: 1998, totalMrp: 2998 } as unknown as Cart;

/** Every cart write with the behaviour.md §8 text it must show when nothing better is known. */
const calls = [
  [() => addCartLine(API, { productId: 'p1', variantId: 'v1', quantity: 1 }, null), CART_MESSAGES.add],
  [() => readCart(API, null), CART_MESSAGES.fetch],
  [() => setCartLineQuantity(API, { itemId: 'i1', quantity: 2 }, null), CART_MESSAGES.update],
  [() => removeCartLine(API, 'i1', null), CART_MESSAGES.remove],
] as const;

describe('the cart calls', () => {
  it("send a guest's id, answer the cart and the API's message, else the call's own", async () => {
    http.network = async () => json(200, { success: true, message: 'Cart updated', data: { cart } });
    assert.deepEqual(await setCartLineQuantity(API, { itemId: 'i 1', quantity: 2 }, GUEST), {
      cart,
      message: 'Cart updated',
    });
    assert.equal(http.sent[0]!.url, `${API}/cart/items/i%201`);
    assert.equal(http.sent[0]!.init.method, 'PUT');
    assert.equal(http.sent[0]!.init.body, JSON.stringify({ quantity: 2, guestId: GUEST }));
    http.network = async () => json(200, { success: true, data: { cart } });
    assert.equal((await removeCartLine(API, 'i1', null)).message, CART_MESSAGES.removed);
    assert.equal(http.sent[1]!.init.method, 'DELETE');
    assert.equal(http.sent[1]!.init.body, '{}', "a logged-in shopper's cart is found by the session");
    assert.equal(
      (await addCartLine(API, { productId: 'p1', variantId: 'v1', quantity: 1 }, null)).message,
      CART_MESSAGES.added,
    );
    await readCart(API, GUEST);
    assert.equal(http.sent[3]!.url, `${API}/cart?guestId=${GUEST}`);
  });

  for (const [name, failure] of [
    ['the API cannot be reached', async () => Promise.reject(new TypeError('fetch failed'))],
    ['the API does not answer in time', async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))],
    [
      'the API fails unexpectedly (500 with its generic message)',
      async () => json(500, { success: false, message: GENERIC_MESSAGES.fallback }),
    ],
    ['the API answers without a cart', async () => json(200, { success: true, data: {} })],
  ] as [string, Network][]) {
    it(`when ${name}, each shows its own text, not the login's or the generic one`, async () => {
      http.network = failure;
      for (const [call, expected] of calls) {
        await assert.rejects(call(), (error: unknown) => {
          assert.ok(error instanceof MutationError);
          assert.equal(error.message, expected);
          assert.notEqual(error.message, AUTH_MESSAGES.connectionRefused);
          return true;
        });
      }
    });
  }

  it("a server message about the call still comes first (the cart's 409)", async () => {
    http.network = async () => json(409, { success: false, message: 'Only 2 left in stock for this size.' });
    await assert.rejects(addCartLine(API, { productId: 'p1', variantId: 'v1', quantity: 3 }, null), {
      message: 'Only 2 left in stock for this size.',
    });
    await assert.rejects(setCartLineQuantity(API, { itemId: 'i1', quantity: 3 }, null), {
      message: 'Only 2 left in stock for this size.',
    });
  });
});
