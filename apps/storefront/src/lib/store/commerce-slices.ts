import { createSlice } from '@reduxjs/toolkit';

/**
 * The persisted slices (§4) that later issues fill: customer, shipping and product
 * details (the checkout and the orders have their own files). They start empty so the store's shape, and what is persisted, is settled
 * now; each issue adds its fields, reducers and a file of its own when it needs one.
 */
type Pending = { loading: boolean; error: string | null };

export type CustomerState = Pending & { customer: unknown };
export type ShippingState = Pending & { tracking: unknown };
export type DetailsState = {
  product: unknown;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
};

const idle: Pending = { loading: false, error: null };

export const customerReducer = createSlice({
  name: 'customer',
  initialState: { ...idle, customer: null } as CustomerState,
  reducers: {},
}).reducer;

export const shippingReducer = createSlice({
  name: 'shipping',
  initialState: { ...idle, tracking: null } as ShippingState,
  reducers: {},
}).reducer;

export const detailsReducer = createSlice({
  name: 'details',
  initialState: { product: null, status: 'idle', error: null } as DetailsState,
  reducers: {},
}).reducer;
