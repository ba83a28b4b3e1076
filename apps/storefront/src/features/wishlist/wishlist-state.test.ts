import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { initialWishlistState, pageAfterRemoval, wishlistReducer, type WishlistState } from './wishlist-state';

function entry(id: string, productId = `product-${id}`): WishlistEntry {
  return {
    id,
    productId,
    variantId: `variant-${id}`,
    createdAt: '2026-01-05T10:00:00.000Z',
    product: {
      id: productId,
      slug: 'kurta',
      name: 'Cotton kurta',
      brand: 'Vastra',
      isActive: true,
      primaryImage: null,
    },
    variant: {
      id: `variant-${id}`,
      sku: `SKU-${id}`,
      size: 'M',
      color: 'Blue',
      price: 1299,
      mrp: 1999,
      inStock: true,
      images: [],
    },
  };
}

const start = (overrides: Partial<WishlistState> = {}): WishlistState => ({ ...initialWishlistState, ...overrides });

describe('wishlist sidebar transitions (behaviour.md §4)', () => {
  it('adding appends the entry and raises count by 1', () => {
    const state = wishlistReducer(start({ items: [entry('a')], count: 1 }), {
      type: 'added',
      item: entry('b'),
      message: WISHLIST_MESSAGES.added,
    });
    assert.deepEqual(
      state.items.map((e) => e.id),
      ['a', 'b'],
    );
    assert.equal(state.count, 2);
    assert.equal(state.message, WISHLIST_MESSAGES.added);
  });

  it('an entry the list already holds is not added twice', () => {
    const before = start({ items: [entry('a')], count: 1 });
    const state = wishlistReducer(before, { type: 'added', item: entry('a'), message: WISHLIST_MESSAGES.alreadyAdded });
    assert.equal(state.items.length, 1);
    assert.equal(state.count, 1);
    assert.equal(state.message, WISHLIST_MESSAGES.alreadyAdded);
  });

  it('removing filters out by id, lowers count and marks deleteSuccess', () => {
    const state = wishlistReducer(start({ items: [entry('a'), entry('b')], count: 5 }), {
      type: 'deleted',
      wishlistId: 'a',
      message: WISHLIST_MESSAGES.removed,
    });
    assert.deepEqual(
      state.items.map((e) => e.id),
      ['b'],
    );
    assert.equal(state.count, 4);
    assert.equal(state.deleteSuccess, true);
  });

  it('removing never lowers count below 0', () => {
    const state = wishlistReducer(start({ items: [entry('a')], count: 0 }), {
      type: 'deleted',
      wishlistId: 'a',
      message: WISHLIST_MESSAGES.removed,
    });
    assert.equal(state.count, 0);
  });

  it('a successful fetch with no items gives an empty list, count 0, totalPages 0', () => {
    const state = wishlistReducer(
      start({ items: [entry('a')], count: 3, meta: { currentPage: 1, totalPages: 1, limit: 10 } }),
      { type: 'fetched', items: [], count: 3, meta: { currentPage: 1, totalPages: 1, limit: 10 } },
    );
    assert.deepEqual(state.items, []);
    assert.equal(state.count, 0);
    assert.equal(state.meta.totalPages, 0);
  });

  it("the shopper context's refs of the whole list set the count", () => {
    const refs = [
      { id: 'a', productId: 'p1', variantId: 'v1' },
      { id: 'b', productId: 'p2', variantId: 'v2' },
    ];
    const state = wishlistReducer(start(), { type: 'refsCounted', count: refs.length });
    assert.equal(state.count, 2);
  });

  it('logout empties the wishlist and resets its paging', () => {
    const state = wishlistReducer(
      start({ items: [entry('a')], count: 7, meta: { currentPage: 3, totalPages: 4, limit: 10 }, isOpen: true }),
      { type: 'shopperChanged' },
    );
    assert.deepEqual(state, start());
  });

  it('opens and closes; a read shows loading, then its page or its error', () => {
    const opened = wishlistReducer(start({ error: 'earlier' }), { type: 'opened' });
    assert.equal(opened.isOpen, true);
    const loading = wishlistReducer(opened, { type: 'fetchStarted' });
    assert.equal(loading.loading, true);
    assert.equal(loading.error, null);
    const page = { items: [entry('a')], count: 11, meta: { currentPage: 1, totalPages: 2, limit: 10 } };
    const read = wishlistReducer(loading, { type: 'fetched', ...page });
    assert.deepEqual(
      { loading: read.loading, items: read.items, count: read.count, meta: read.meta },
      { loading: false, ...page },
    );
    const failed = wishlistReducer(loading, { type: 'fetchFailed', error: WISHLIST_MESSAGES.fetchError });
    assert.equal(failed.loading, false);
    assert.equal(failed.error, WISHLIST_MESSAGES.fetchError);
    assert.equal(wishlistReducer(read, { type: 'closed' }).isOpen, false);
  });

  it('a removal starts clean, records its failure, and deleteSuccess clears after the read again', () => {
    const before = start({ items: [entry('a')], count: 1, error: 'earlier', message: 'earlier', deleteSuccess: true });
    const started = wishlistReducer(before, { type: 'deleteStarted' });
    assert.deepEqual(
      { error: started.error, message: started.message, deleteSuccess: started.deleteSuccess },
      { error: null, message: null, deleteSuccess: false },
    );
    const failed = wishlistReducer(started, { type: 'deleteFailed', error: WISHLIST_MESSAGES.notFound });
    assert.equal(failed.error, WISHLIST_MESSAGES.notFound);
    assert.equal(failed.items.length, 1);
    const removed = wishlistReducer(started, { type: 'deleted', wishlistId: 'a', message: WISHLIST_MESSAGES.removed });
    assert.equal(wishlistReducer(removed, { type: 'deleteSuccessCleared' }).deleteSuccess, false);
  });
});

describe('the page read again after a removal', () => {
  it('stays on the current page unless the removal emptied it', () => {
    const meta = (currentPage: number) => ({ currentPage, totalPages: 3, limit: 10 });
    assert.deepEqual(pageAfterRemoval(start({ count: 25, meta: meta(2) })), { page: 2, limit: 10 });
    assert.deepEqual(pageAfterRemoval(start({ count: 20, meta: meta(3) })), { page: 2, limit: 10 });
    assert.deepEqual(pageAfterRemoval(start({ count: 0, meta: meta(1) })), { page: 1, limit: 10 });
  });
});
