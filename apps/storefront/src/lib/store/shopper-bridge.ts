import { storedCart, subscribeCart } from '@/lib/cart-channel';
import { serializeCart } from '@/lib/cart-storage';
import { storefrontApi } from '@/lib/api/browser/api';
import type { ShopperSnapshot, WishlistRef } from '@/lib/shopper-context';
import { loggedIn, loggedOut } from './auth-slice';
import { cartRestored } from './cart-slice';
import type { AppStore } from './store';
import { fetchWishlistRefs } from './wishlist-slice';

/** What the bridge reads and writes on the shopper context's side. */
export type ShopperLink = {
  read: () => ShopperSnapshot;
  setWishlistRefs: (refs: WishlistRef[]) => void;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps a loaded store and the contexts the server rendered in step (docs/architecture.md
 * "Storefront data flow"), for the slices still in the store. Into the store: the shopper
 * context's user (a login; a logout when the context has none or another shopper: the slices
 * empty themselves and the API answers cached for the old session go), its wishlist refs, and the cart of the
 * cart context (browser storage), now and whenever a login, a logout, another tab or a write
 * helper changes them. Out of the store: its wishlist changes go to the shopper context. Logins
 * and logouts happen outside the store (features/auth/session.ts).
 */
export function bridgeStore(
  store: AppStore,
  link: ShopperLink,
): { push: (snapshot: ShopperSnapshot) => void; stop: () => void } {
  let pushing = false;
  const push = ({ user, wishlistRefs }: ShopperSnapshot, atLoad = false) => {
    pushing = true;
    try {
      const { auth } = store.getState();
      // A logout, or at load another shopper than the persisted one (a logout and a login made
      // while the store was not loaded): the old shopper's state and cached answers go first.
      if (auth.isAuthenticated && (!user || (atLoad && auth.user?.id !== user.id))) {
        store.dispatch(loggedOut());
        store.dispatch(storefrontApi.util.resetApiState());
      }
      if (user && !same(store.getState().auth.user, user)) store.dispatch(loggedIn(user));
      const { wishlist } = store.getState();
      if (user && wishlistRefs && !same(wishlist.refs, wishlistRefs)) {
        store.dispatch(fetchWishlistRefs.fulfilled(wishlistRefs, 'shopper-context'));
      }
    } finally {
      pushing = false;
    }
  };
  const takeCart = (cart: ReturnType<typeof storedCart>) => {
    if (serializeCart(store.getState().cart.cart) !== serializeCart(cart)) store.dispatch(cartRestored(cart));
  };

  push(link.read(), true);
  takeCart(storedCart());
  let previous = store.getState();
  const unsubscribeStore = store.subscribe(() => {
    const state = store.getState();
    const before = previous;
    previous = state;
    if (pushing || state.wishlist === before.wishlist || !state.auth.isAuthenticated) return;
    link.setWishlistRefs(state.wishlist.refs);
  });
  const unsubscribeCart = subscribeCart(takeCart);
  return {
    push,
    stop: () => {
      unsubscribeStore();
      unsubscribeCart();
    },
  };
}
