import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { CATALOG_MESSAGES, type ProductSummary } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import { storefrontApi } from '@/lib/api/browser/api';
import type { ApiAnswer, BrowserApi } from '@/lib/api/browser/client';
import { fetchProducts, productsReducer } from './products-slice';
import type { AppDispatch } from './store';
import { releasedAfterTests } from '@/test-support/api-stores';

const product = (id: string) => ({ id, name: `Kurta ${id}` }) as ProductSummary;

/** A store of the real products slice whose API client answers with `handler`; `sent` lists each request. */
function productsStore(handler: (path: string) => ApiAnswer<unknown> | Promise<ApiAnswer<unknown>>) {
  const sent: string[] = [];
  const api: BrowserApi = {
    request: async <T>(path: string) => {
      sent.push(new URL(path, 'http://api.test').searchParams.get('search') ?? path);
      return (await handler(path)) as ApiAnswer<T>;
    },
    upload: async (path) => {
      throw new Error(`unexpected upload ${path}`);
    },
    download: async (path) => {
      throw new Error(`unexpected download ${path}`);
    },
  };
  const store = configureStore({
    reducer: combineReducers({ products: productsReducer, [storefrontApi.reducerPath]: storefrontApi.reducer }),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }).concat(storefrontApi.middleware),
  });
  releasedAfterTests(store);
  return { store, dispatch: store.dispatch as unknown as AppDispatch, sent };
}
const answer = (...ids: string[]): ApiAnswer<unknown> => ({
  status: 200,
  ok: true,
  message: undefined,
  data: { products: ids.map(product) },
});

// The clock is node's mock: the 500 ms are ticked, never waited for.
beforeEach(() => mock.timers.enable({ apis: ['Date'], now: 1_000_000 }));
afterEach(() => mock.timers.reset());

describe('the client product list (behaviour.md §4 Catalogue requests, §9 product fetch throttle)', () => {
  it('goes idle → loading → succeeded, and failed with the behaviour.md §8 text', async () => {
    const { store, dispatch } = productsStore((path) => {
      if (path.includes('search=kurta')) return answer('a', 'b');
      throw new ApiError(0, 'no answer');
    });
    assert.equal(store.getState().products.status, 'idle');
    const pending = dispatch(fetchProducts({ search: 'kurta' }));
    assert.equal(store.getState().products.status, 'loading');
    await pending;
    assert.equal(store.getState().products.status, 'succeeded');
    assert.deepEqual(
      store.getState().products.products.map((p) => p.id),
      ['a', 'b'],
    );
    mock.timers.tick(500);
    await dispatch(fetchProducts({ search: 'saree' }));
    assert.equal(store.getState().products.status, 'failed');
    assert.equal(store.getState().products.error, CATALOG_MESSAGES.search);
    assert.deepEqual(store.getState().products.products, []);
  });

  it('skips a second fetch within 500 ms, and one at 500 ms goes out', async () => {
    const { store, dispatch, sent } = productsStore((path) => answer(path.includes('saree') ? 's' : 'k'));
    await dispatch(fetchProducts({ search: 'kurta' }));
    mock.timers.tick(499);
    const skipped = await dispatch(fetchProducts({ search: 'saree' }));
    assert.ok(fetchProducts.rejected.match(skipped) && skipped.meta.condition, 'skipped by the throttle');
    assert.deepEqual(sent, ['kurta']);
    assert.equal(store.getState().products.search, 'kurta', 'a skipped fetch changes nothing');
    assert.equal(store.getState().products.status, 'succeeded');
    mock.timers.tick(1);
    await dispatch(fetchProducts({ search: 'saree' }));
    assert.deepEqual(sent, ['kurta', 'saree']);
    assert.deepEqual(
      store.getState().products.products.map((p) => p.id),
      ['s'],
    );
  });

  it('skips an identical request, in flight or answered, long after; force asks again at once', async () => {
    let release: () => void = () => {};
    let hold = true;
    const { dispatch, sent } = productsStore((): ApiAnswer<unknown> | Promise<ApiAnswer<unknown>> =>
      hold ? new Promise((resolve) => (release = () => resolve(answer('a')))) : answer('a'),
    );
    const first = dispatch(fetchProducts({ search: 'kurta' }));
    mock.timers.tick(2000);
    const whileInFlight = await dispatch(fetchProducts({ search: 'kurta' }));
    assert.ok(whileInFlight.meta.requestStatus === 'rejected' && whileInFlight.meta.condition);
    release();
    hold = false;
    await first;
    mock.timers.tick(60_000);
    const answered = await dispatch(fetchProducts({ search: 'kurta' }));
    assert.ok(answered.meta.requestStatus === 'rejected' && answered.meta.condition);
    assert.deepEqual(sent, ['kurta']);

    const forced = await dispatch(fetchProducts({ search: 'kurta', force: true }));
    assert.equal(forced.meta.requestStatus, 'fulfilled');
    assert.deepEqual(sent, ['kurta', 'kurta'], 'forced: sent again');
    const forcedAtOnce = await dispatch(fetchProducts({ search: 'saree', force: true }));
    assert.equal(forcedAtOnce.meta.requestStatus, 'fulfilled', 'forced: not held back by the 500 ms either');
    assert.deepEqual(sent, ['kurta', 'kurta', 'saree']);
  });

  it('an answer to an earlier term that arrives after a later request does not replace it', async () => {
    const waiting: Record<string, (a: ApiAnswer<unknown>) => void> = {};
    const { store, dispatch } = productsStore(
      (path) =>
        new Promise<ApiAnswer<unknown>>((resolve) => {
          waiting[path.includes('saree') ? 'saree' : 'kurta'] = resolve;
        }),
    );
    const slow = dispatch(fetchProducts({ search: 'kurta' }));
    mock.timers.tick(600);
    const later = dispatch(fetchProducts({ search: 'saree' }));
    waiting.saree!(answer('s'));
    await later;
    waiting.kurta!(answer('k'));
    await slow;
    assert.equal(store.getState().products.search, 'saree');
    assert.deepEqual(
      store.getState().products.products.map((p) => p.id),
      ['s'],
    );
  });
});
