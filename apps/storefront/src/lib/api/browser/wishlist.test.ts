import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GENERIC_MESSAGES, WISHLIST_MESSAGES } from '@vastra/contracts';
import { addWishlistEntry, readWishlistPage, removeWishlistEntry } from './wishlist';
import { stubFetch, json, type Network } from '@/test-support/fetch-stub';

/**
 * The wishlist calls (behaviour.md §5 checks before any request, §8 texts) through the real
 * browser client; only `fetch` (the HTTP boundary) is replaced.
 */
const http = stubFetch();
const API = 'http://api.test';

const rejectsWith = (call: Promise<unknown>, message: string) =>
  assert.rejects(call, { name: 'MutationError', message });

describe('wishlist calls that need no request (behaviour.md §5)', () => {
  it('reading while logged out gives an empty list without a request', async () => {
    const page = await readWishlistPage(API, { page: 1, limit: 10 }, false);
    assert.deepEqual(page, { items: [], count: 0, meta: { currentPage: 1, totalPages: 0, limit: 10 } });
    assert.deepEqual(http.sent, []);
  });

  it("adding while logged out is 'Authentication required' without a request", async () => {
    await rejectsWith(addWishlistEntry(API, { productId: 'p1' }, false), WISHLIST_MESSAGES.authRequired);
    assert.deepEqual(http.sent, []);
  });

  it("removing while logged out is 'Authentication required' without a request", async () => {
    await rejectsWith(
      removeWishlistEntry(API, '0b5a3c1e-1111-4222-8333-944445555666', false),
      WISHLIST_MESSAGES.authRequired,
    );
    assert.deepEqual(http.sent, []);
  });

  it("an empty wishlist id is 'Invalid wishlist ID' without a request", async () => {
    await rejectsWith(removeWishlistEntry(API, '  ', true), WISHLIST_MESSAGES.invalidId);
    assert.deepEqual(http.sent, []);
  });
});

describe('wishlist calls that answer', () => {
  it('reads a page with the session cookie', async () => {
    const meta = { currentPage: 2, totalPages: 3, limit: 10 };
    http.network = async () => json(200, { success: true, data: { wishlist: [], count: 21, meta } });
    const page = await readWishlistPage(API, { page: 2, limit: 10 }, true);
    assert.deepEqual(page, { items: [], count: 21, meta });
    assert.equal(http.sent[0]!.url, `${API}/wishlist?page=2&limit=10`);
    assert.equal(http.sent[0]!.init.credentials, 'include');
  });

  it("adds and removes, resolving to the API's messages", async () => {
    const item = { id: 'w1', productId: 'p1', variantId: 'v1' };
    http.network = async () => json(201, { success: true, message: WISHLIST_MESSAGES.alreadyAdded, data: { item } });
    assert.deepEqual(await addWishlistEntry(API, { productId: 'p1', variantId: 'v1' }, true), {
      item,
      message: WISHLIST_MESSAGES.alreadyAdded,
    });
    assert.equal(http.sent[0]!.init.body, JSON.stringify({ productId: 'p1', variantId: 'v1' }));
    http.network = async () => json(200, { success: true, message: WISHLIST_MESSAGES.removed });
    assert.equal(await removeWishlistEntry(API, 'w 1', true), WISHLIST_MESSAGES.removed);
    assert.equal(http.sent[1]!.url, `${API}/wishlist/w%201`);
    assert.equal(http.sent[1]!.init.method, 'DELETE');
  });

  for (const [name, failure] of [
    ['the API cannot be reached', async () => Promise.reject(new TypeError('fetch failed'))],
    ['the API does not answer in time', async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))],
    [
      'the API fails unexpectedly (500 with its generic message)',
      async () => json(500, { success: false, message: GENERIC_MESSAGES.fallback, requestId: 'req-1' }),
    ],
  ] as [string, Network][]) {
    it(`when ${name}, each wishlist call shows its own behaviour.md §8 text`, async () => {
      http.network = failure;
      await rejectsWith(readWishlistPage(API, { page: 1, limit: 10 }, true), WISHLIST_MESSAGES.fetchError);
      await rejectsWith(addWishlistEntry(API, { productId: 'p1' }, true), WISHLIST_MESSAGES.add);
      await rejectsWith(removeWishlistEntry(API, 'w1', true), WISHLIST_MESSAGES.remove);
    });
  }

  it("a server message about the call still comes first (the wishlist's 404)", async () => {
    http.network = async () => json(404, { success: false, message: WISHLIST_MESSAGES.notFound });
    await rejectsWith(removeWishlistEntry(API, 'w1', true), WISHLIST_MESSAGES.notFound);
  });

  it("a read answered without its success or its data is 'Failed to fetch wishlist items'", async () => {
    http.network = async () => json(200, { success: false });
    await rejectsWith(readWishlistPage(API, { page: 1, limit: 10 }, true), WISHLIST_MESSAGES.fetchFailed);
    http.network = async () => json(200, { success: true });
    await rejectsWith(readWishlistPage(API, { page: 1, limit: 10 }, true), WISHLIST_MESSAGES.fetchFailed);
  });
});
