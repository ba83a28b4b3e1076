import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { CART_MESSAGES } from '@vastra/contracts';
import { REHYDRATE } from 'redux-persist';
import { deleteCookie, readCookie, writeCookie } from '@/lib/browser-cookies';
import { publishCart } from '@/lib/cart-channel';
import { clearGuestId, readGuestId } from '@/lib/guest-id';
import {
  VISITED_PRODUCTS_COOKIE,
  parseVisitedProducts,
  visitedProductsCookie,
  visitedProductsHoldToken,
} from '@/lib/visited-products';
import { googleLogin, loggedOut, loginUser, registerUser } from './auth-slice';
import { cartRestored, fetchCart, mergeGuestCart } from './cart-slice';
import type { AppDispatch, RootState } from './store';

/**
 * What the cart and the visited products do when the store changes (behaviour.md §3, §4), in one place
 * rather than in every form: after any login the guest cart is merged and the user's cart
 * fetched; logout forgets the guest id; and the state is mirrored into browser storage (the
 * cart under `cart`) and the visited products cookie, which these listeners alone write.
 * One middleware per store (browser only: the server's stores never see these actions).
 */
export function createCartListeners() {
  const listeners = createListenerMiddleware();
  const startListening = listeners.startListening.withTypes<RootState, AppDispatch>();

  // behaviour.md §4: login, Google login or a registration with a token. A merge failure is only logged;
  // the user's own cart is fetched then instead.
  startListening({
    matcher: isAnyOf(loginUser.fulfilled, googleLogin.fulfilled, registerUser.fulfilled),
    effect: async (_, { dispatch }) => {
      if (readGuestId()) {
        const merged = await dispatch(mergeGuestCart());
        if (mergeGuestCart.fulfilled.match(merged)) return;
        console.error(CART_MESSAGES.merge, merged.payload ?? merged.error);
      }
      await dispatch(fetchCart());
    },
  });

  // behaviour.md §4 Logout: the next guest gets a new guest id (the slices empty the cart and the visited products).
  startListening({ actionCreator: loggedOut, effect: () => clearGuestId() });

  // The store's carts go to browser storage and the cart context (lib/cart-channel.ts), which
  // the header reads. A cart that came from there (cartRestored) is there already.
  startListening({
    predicate: (action, state, previous) => state.cart.cart !== previous.cart.cart && !cartRestored.match(action),
    effect: (_, { getState }) => publishCart(getState().cart.cart),
  });

  // The one writer of the visited products cookie; restoring persisted state writes nothing,
  // so a cookie that has expired is not brought back by a reload.
  startListening({
    predicate: (action, state, previous) =>
      state.auth.visitedProducts !== previous.auth.visitedProducts && action.type !== REHYDRATE,
    effect: (_, { getState }) => {
      const list = getState().auth.visitedProducts;
      if (list.length === 0) deleteCookie(VISITED_PRODUCTS_COOKIE);
      else writeCookie(visitedProductsCookie(list));
    },
  });

  // A cookie an older version wrote holds the session's token in each entry, readable by any
  // script: rewritten without it once the app starts, whether or not a product page is opened.
  startListening({
    predicate: (action) => action.type === REHYDRATE,
    effect: () => {
      const stored = readCookie(VISITED_PRODUCTS_COOKIE);
      if (visitedProductsHoldToken(stored)) writeCookie(visitedProductsCookie(parseVisitedProducts(stored)));
    },
  });

  return listeners.middleware;
}
