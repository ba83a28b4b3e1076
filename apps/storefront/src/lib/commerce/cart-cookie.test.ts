/**
 * The sealed cart cookie: the cart id comes back only from a value this server sealed with
 * its own key, unchanged; and the value does not show the id.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deriveCartCookieKey, openCartCookie, sealCartCookie } from './cart-cookie';

const key = deriveCartCookieKey('a-long-enough-secret-for-the-storefront-0123');
const cartId = '6f1c2b3a-1d2e-4f50-8a9b-0c1d2e3f4a5b';

test('a sealed cart id opens to the same object, and the cookie value does not reveal it', async () => {
  const sealed = await sealCartCookie({ cartId }, key);
  assert.equal(sealed.split('.').length, 5, 'a compact JWE');
  assert.ok(!sealed.includes(cartId));
  assert.ok(!Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1').includes(cartId));
  assert.deepEqual(await openCartCookie(sealed, key), { cartId });
});

test('a value altered in any part is refused', async () => {
  const sealed = await sealCartCookie({ cartId }, key);
  const parts = sealed.split('.');
  for (const index of [0, 2, 3, 4]) {
    const changed = [...parts];
    const part = changed[index]!;
    changed[index] = `${part.slice(0, -2)}${part.endsWith('AA') ? 'BB' : 'AA'}`;
    assert.equal(await openCartCookie(changed.join('.'), key), null, `part ${index} altered`);
  }
  assert.equal(await openCartCookie('not-a-cookie', key), null);
  assert.equal(await openCartCookie('', key), null);
});

test('a value sealed with another secret is refused', async () => {
  const sealed = await sealCartCookie({ cartId }, deriveCartCookieKey('another-secret-of-another-storefront-456'));
  assert.equal(await openCartCookie(sealed, key), null);
});

test('the key is 256 bits, the same for the same secret and different for another', () => {
  assert.equal(key.length, 32);
  assert.deepEqual(deriveCartCookieKey('a-long-enough-secret-for-the-storefront-0123'), key);
  assert.notDeepEqual(deriveCartCookieKey('a-long-enough-secret-for-the-storefront-0124'), key);
});
