import { createListenerMiddleware } from '@reduxjs/toolkit';
import { publishCart } from '@/lib/cart-channel';
import { cartRestored } from './cart-slice';
import type { AppDispatch, RootState } from './store';

/**
 * The store's carts go to browser storage (under `cart`) and the cart context
 * (lib/cart-channel.ts), which the header reads (behaviour.md §4), while the cart slice is in the
 * store. A cart that came from there (cartRestored) is there already. What a login or a logout
 * does to the cart, the guest id and the visited products is features/auth/session.ts's, and the
 * rewrite of an older visited products cookie runs as the app starts
 * (features/auth/session-keeper.tsx). One middleware per store (browser only).
 */
export function createCartListeners() {
  const listeners = createListenerMiddleware();
  const startListening = listeners.startListening.withTypes<RootState, AppDispatch>();

  startListening({
    predicate: (action, state, previous) => state.cart.cart !== previous.cart.cart && !cartRestored.match(action),
    effect: (_, { getState }) => publishCart(getState().cart.cart),
  });

  return listeners.middleware;
}
