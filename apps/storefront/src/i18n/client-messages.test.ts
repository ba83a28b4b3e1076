import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BROWSE_NAMESPACES, clientMessages, pickNamespaces } from './client-messages';
import { loadMessages } from './request';
import { ENGLISH_SPEC_MESSAGES } from './spec-messages-lookup';

/**
 * What a page's HTML carries for its client components (docs/performance.md "Hindi pages against
 * English"): a catalogue page only the header's and the catalogue's namespaces, a shopper's page
 * every namespace, the messages catalogue only on a Hindi shopper's page (with its English).
 */
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('the messages a page hands its client components', () => {
  it('gives a catalogue page the header and catalogue texts, not the checkout, orders or most store messages', async () => {
    for (const locale of ['en', 'hi'] as const) {
      const browse = await clientMessages(locale, 'browse');
      assert.deepEqual(Object.keys(browse).sort(), [
        'account',
        'cart',
        'catalog',
        'common',
        'messages',
        'product',
        'pwa',
        'reviews',
        'wishlist',
      ]);
      // `privacy`: the login modal's notice before a first sign-in by mobile number or Google.
      assert.deepEqual(Object.keys(browse.account as object).sort(), ['auth', 'links', 'phone', 'privacy']);
      assert.deepEqual(Object.keys(browse.messages as object), ['alerts'], "of the store's messages only Notify me's");
      const all = await loadMessages(locale);
      assert.deepEqual(browse.product, all.product);
      assert.ok(bytes(browse) < bytes(all) / 2, `${locale}: ${bytes(browse)} of ${bytes(all)} bytes`);
    }
  });

  it('gives an English shopper page every namespace but the messages catalogue, whose texts are the constants', async () => {
    const shopper = await clientMessages('en', 'shopper');
    assert.ok(shopper.checkout && shopper.orders && shopper.account);
    assert.equal(shopper.messages, undefined);
    assert.equal(shopper[ENGLISH_SPEC_MESSAGES], undefined);
  });

  it('gives a Hindi shopper page the messages catalogue and its English, to show an API answer in Hindi', async () => {
    const shopper = await clientMessages('hi', 'shopper');
    assert.deepEqual(shopper.messages, (await loadMessages('hi')).messages);
    assert.deepEqual(shopper[ENGLISH_SPEC_MESSAGES], (await loadMessages('en')).messages);
  });

  it('refuses a namespace the catalogue lacks rather than handing an empty one', () => {
    assert.throws(() => pickNamespaces({ common: {} }, ['common', 'account.auth']), /account\.auth/);
    assert.deepEqual(pickNamespaces({ account: { auth: { a: 'A' }, shell: {} } }, BROWSE_NAMESPACES.slice(7, 8)), {
      account: { auth: { a: 'A' } },
    });
  });
});
