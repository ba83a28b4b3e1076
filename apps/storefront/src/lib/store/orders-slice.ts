import { ORDER_MESSAGES, type Order, type ReturnRequest, type Tracking } from '@vastra/contracts';
import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { ONCE } from '@/lib/api/browser/api';
import type { Download } from '@/lib/api/browser/client';
import { getInvoice, ordersApi, postReturn, type OrderPage } from '@/lib/api/browser/orders';
import { ORDERS_PAGE_SIZE } from '@/lib/orders-page-size';
import { loggedOut } from './auth-slice';
import type { RootState } from './store';
import { createAppAsyncThunk, errorMessage, failureStatus, type ThunkExtra } from './thunk';

/**
 * The shopper's orders after the purchase (behaviour.md §4: persisted like the other slices): the page of
 * the order list last read, every order opened in full by id, and the return requests. A
 * reload shows what was last seen while the API is asked again; calls in flight and their
 * errors are transient (ORDERS_TRANSIENT_FIELDS). Logging out forgets all of it. Failures
 * carry the API's message, else the behaviour.md §8 text ('Failed to fetch orders', 'Failed to cancel
 * order', …). Money in rupees.
 */
export type OrdersState = {
  orders: Order[];
  meta: OrderPage['meta'] | null;
  byId: Record<string, Order>;
  returns: ReturnRequest[];
  loading: boolean;
  error: string | null;
  returnsLoading: boolean;
  returnsError: string | null;
};

/** Fields a reload starts afresh. */
export const ORDERS_TRANSIENT_FIELDS = ['loading', 'error', 'returnsLoading', 'returnsError'] as const;

export const initialOrdersState: OrdersState = {
  orders: [],
  meta: null,
  byId: {},
  returns: [],
  loading: false,
  error: null,
  returnsLoading: false,
  returnsError: null,
};

export { ORDERS_PAGE_SIZE };

/** GET /orders/my-orders: one page of the list ('Failed to fetch orders'). */
export const fetchOrders = createAppAsyncThunk(
  'orders/fetchOrders',
  async (page: number, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(
        ordersApi.endpoints.myOrders.initiate({ page, limit: ORDERS_PAGE_SIZE }, ONCE),
      ).unwrap();
      if (!answer.data?.orders) return rejectWithValue(ORDER_MESSAGES.invalidResponse);
      return answer.data;
    } catch (error) {
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.fetch));
    }
  },
);

/** GET /orders/{id}: one order in full; 'Order not found' for a 404, else 'Failed to fetch order details'. */
export const fetchOrder = createAppAsyncThunk(
  'orders/fetchOrder',
  async (orderId: string, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(ordersApi.endpoints.order.initiate(orderId, ONCE)).unwrap();
      if (!answer.data?.order) return rejectWithValue(ORDER_MESSAGES.invalidResponse);
      return answer.data.order;
    } catch (error) {
      if (failureStatus(error) === 404) return rejectWithValue(ORDER_MESSAGES.notFound);
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.details));
    }
  },
);

/** POST /orders/{id}/cancel with the shopper's reason ('Failed to cancel order'). */
export const cancelOrder = createAppAsyncThunk(
  'orders/cancelOrder',
  async ({ orderId, reason }: { orderId: string; reason: string }, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(ordersApi.endpoints.cancelOrder.initiate({ orderId, reason })).unwrap();
      if (!answer.data?.order) return rejectWithValue(ORDER_MESSAGES.invalidResponse);
      return { order: answer.data.order, message: answer.message ?? ORDER_MESSAGES.cancelled };
    } catch (error) {
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.cancel));
    }
  },
);

/** DELETE /orders/{id}: the order leaves the list ('Failed to delete order'). */
export const removeOrder = createAppAsyncThunk(
  'orders/removeOrder',
  async (orderId: string, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(ordersApi.endpoints.removeOrder.initiate(orderId)).unwrap();
      return { orderId, message: answer.message ?? ORDER_MESSAGES.deleted };
    } catch (error) {
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.delete));
    }
  },
);

/** GET /orders/returns/all: the shopper's return requests ('Failed to fetch orders'). */
export const fetchReturns = createAppAsyncThunk(
  'orders/fetchReturns',
  async (_: void, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(ordersApi.endpoints.myReturns.initiate({ page: 1, limit: 50 }, ONCE)).unwrap();
      if (!answer.data?.returns) return rejectWithValue(ORDER_MESSAGES.invalidResponse);
      return answer.data.returns;
    } catch (error) {
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.fetch));
    }
  },
);

type OrdersThunk<T> = ThunkAction<Promise<T>, RootState, ThunkExtra, UnknownAction>;

/**
 * Where the shipment is (GET /api/shipping/track/{id}); throws an Error with the API's message
 * (503 'Tracking is not available right now. Please try again later.') or 'Failed to track order'.
 * A plain thunk: tracking is read fresh each time, never kept.
 */
export function loadTracking(orderId: string): OrdersThunk<Tracking> {
  return async (dispatch) => {
    let answer;
    try {
      answer = await dispatch(ordersApi.endpoints.tracking.initiate(orderId, ONCE)).unwrap();
    } catch (error) {
      throw new Error(errorMessage(error, ORDER_MESSAGES.track));
    }
    if (!answer.data?.events) throw new Error(ORDER_MESSAGES.track);
    return answer.data;
  };
}

/** The invoice PDF (GET /orders/{id}/invoice); throws with the API's reason or 'Failed to generate invoice'. */
export function loadInvoice(orderId: string): OrdersThunk<Download> {
  return async (_dispatch, _getState, { api }) => {
    try {
      return await getInvoice(api, orderId);
    } catch (error) {
      throw new Error(errorMessage(error, ORDER_MESSAGES.invoice));
    }
  };
}

/**
 * Sends a return request (multipart, with upload progress) and reads the order again so the
 * detail page shows the return. A plain thunk because its form and progress callback are not
 * state. Throws with the API's message, else 'Failed to request return' (full) or 'Failed to
 * request partial return'.
 */
export function sendReturn(
  orderId: string,
  kind: 'full' | 'partial',
  form: FormData,
  onProgress: (fraction: number) => void,
): OrdersThunk<{ message: string }> {
  return async (dispatch, _getState, { api }) => {
    let message: string;
    try {
      const answer = await postReturn(api, orderId, kind, form, onProgress);
      message = answer.message ?? ORDER_MESSAGES.returnRequested;
    } catch (error) {
      throw new Error(
        errorMessage(error, kind === 'full' ? ORDER_MESSAGES.requestReturn : ORDER_MESSAGES.requestPartialReturn),
      );
    }
    await dispatch(fetchOrder(orderId));
    return { message };
  };
}

const keep = (state: OrdersState, order: Order) => {
  state.byId[order.id] = order;
  const i = state.orders.findIndex((o) => o.id === order.id);
  if (i >= 0) state.orders[i] = order;
};

const ordersSlice = createSlice({
  name: 'orders',
  initialState: initialOrdersState,
  reducers: {
    orderUpdated: (state, action: PayloadAction<Order>) => keep(state, action.payload),
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialOrdersState)
      .addCase(fetchOrders.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchOrders.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.orders = payload.orders;
        state.meta = payload.meta;
      })
      .addCase(fetchOrders.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? ORDER_MESSAGES.fetch;
      })
      .addCase(fetchOrder.fulfilled, (state, { payload }) => keep(state, payload))
      .addCase(fetchOrder.rejected, (state, action) => {
        // Someone else's order, or one gone: forget what was kept of it.
        if (action.payload === ORDER_MESSAGES.notFound) delete state.byId[action.meta.arg];
      })
      .addCase(cancelOrder.fulfilled, (state, { payload }) => keep(state, payload.order))
      .addCase(removeOrder.fulfilled, (state, { payload }) => {
        state.orders = state.orders.filter((o) => o.id !== payload.orderId);
        if (state.meta) state.meta.total = Math.max(0, state.meta.total - 1);
      })
      .addCase(fetchReturns.pending, (state) => {
        state.returnsLoading = true;
        state.returnsError = null;
      })
      .addCase(fetchReturns.fulfilled, (state, { payload }) => {
        state.returnsLoading = false;
        state.returns = payload;
      })
      .addCase(fetchReturns.rejected, (state, action) => {
        state.returnsLoading = false;
        state.returnsError = action.payload ?? ORDER_MESSAGES.fetch;
      });
  },
});

export const { orderUpdated } = ordersSlice.actions;
export const ordersReducer = ordersSlice.reducer;
