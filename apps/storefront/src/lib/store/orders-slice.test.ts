import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import { storefrontApi } from '@/lib/api/browser/api';
import type { ApiAnswer, BrowserApi } from '@/lib/api/browser/client';
import { authReducer, loggedOut } from './auth-slice';
import { cancelOrder, fetchOrder, fetchOrders, ordersReducer, removeOrder } from './orders-slice';
import type { AppDispatch } from './store';
import { releasedAfterTests } from '@/test-support/api-stores';

const order = (id: string, status: Order['status'] = 'placed') => ({ id, orderNumber: `VST-${id}`, status }) as Order;
const page = (orders: Order[]) => ({
  orders,
  meta: { currentPage: 1, totalPages: 1, limit: 10, total: orders.length },
});

/** A store of the real auth and orders slices whose API client answers with `handler`. */
function ordersStore(handler: (path: string, method: string) => ApiAnswer<unknown>) {
  const calls: string[] = [];
  const api: BrowserApi = {
    request: async <T>(path: string, options: { method?: string } = {}) => {
      calls.push(`${options.method ?? 'GET'} ${path}`);
      return handler(path, options.method ?? 'GET') as ApiAnswer<T>;
    },
    upload: async (path) => {
      throw new Error(`unexpected upload ${path}`);
    },
    download: async (path) => {
      throw new Error(`unexpected download ${path}`);
    },
  };
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      orders: ordersReducer,
      [storefrontApi.reducerPath]: storefrontApi.reducer,
    }),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }).concat(storefrontApi.middleware),
  });
  releasedAfterTests(store);
  return { store, dispatch: store.dispatch as unknown as AppDispatch, calls };
}
const ok = <T>(data: T, message?: string): ApiAnswer<T> => ({ status: 200, ok: true, message, data });

describe('orders slice (behaviour.md §7 Orders, §8 messages)', () => {
  it('keeps the page of orders read, and a cancelled order replaces its old copy', async () => {
    const { store, dispatch } = ordersStore((path, method) => {
      if (path.startsWith('/orders/my-orders')) return ok(page([order('a'), order('b')]));
      if (method === 'POST' && path === '/orders/a/cancel')
        return ok({ order: order('a', 'cancelled') }, 'Order cancelled');
      throw new Error(path);
    });
    await dispatch(fetchOrders(1));
    assert.deepEqual(
      store.getState().orders.orders.map((o) => o.id),
      ['a', 'b'],
    );
    const result = await dispatch(cancelOrder({ orderId: 'a', reason: 'Ordered the wrong size' }));
    assert.ok(cancelOrder.fulfilled.match(result));
    assert.equal(result.payload.message, ORDER_MESSAGES.cancelled);
    assert.equal(store.getState().orders.orders[0]!.status, 'cancelled');
    assert.equal(store.getState().orders.byId.a!.status, 'cancelled');
  });

  it("gives the API's refusal, else the behaviour.md §8 fallback", async () => {
    const { dispatch } = ordersStore((path) => {
      if (path === '/orders/a/cancel') throw new ApiError(409, ORDER_MESSAGES.cancelTooLate);
      if (path === '/orders/b/cancel') throw new ApiError(500, 'Something went wrong. Please try again later.', true);
      throw new ApiError(0, 'Unable to connect', true);
    });
    const refused = await dispatch(cancelOrder({ orderId: 'a', reason: 'x' }));
    assert.equal(refused.payload, ORDER_MESSAGES.cancelTooLate);
    const failed = await dispatch(cancelOrder({ orderId: 'b', reason: 'x' }));
    assert.equal(failed.payload, 'Failed to cancel order');
    const list = await dispatch(fetchOrders(1));
    assert.equal(list.payload, 'Failed to fetch orders');
    const removed = await dispatch(removeOrder('c'));
    assert.equal(removed.payload, 'Failed to delete order');
  });

  it("someone else's order is 'Order not found' and is forgotten", async () => {
    let gone = false;
    const { store, dispatch } = ordersStore((path) => {
      if (path === '/orders/a' && !gone) return ok({ order: order('a') });
      throw new ApiError(404, ORDER_MESSAGES.notFound);
    });
    await dispatch(fetchOrder('a'));
    assert.ok(store.getState().orders.byId.a);
    gone = true;
    const result = await dispatch(fetchOrder('a'));
    assert.equal(result.payload, ORDER_MESSAGES.notFound);
    assert.equal(store.getState().orders.byId.a, undefined);
  });

  it('a removed order leaves the list; logging out forgets every order', async () => {
    const { store, dispatch } = ordersStore((path, method) => {
      if (path.startsWith('/orders/my-orders')) return ok(page([order('a', 'cancelled'), order('b')]));
      if (method === 'DELETE') return ok(undefined, ORDER_MESSAGES.deleted);
      throw new Error(path);
    });
    await dispatch(fetchOrders(1));
    await dispatch(removeOrder('a'));
    assert.deepEqual(
      store.getState().orders.orders.map((o) => o.id),
      ['b'],
    );
    assert.equal(store.getState().orders.meta?.total, 1);
    store.dispatch(loggedOut());
    assert.deepEqual(store.getState().orders.orders, []);
  });
});
