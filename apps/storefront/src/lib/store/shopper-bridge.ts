import type { User } from '@vastra/contracts';
import { storedCart, subscribeCart } from '@/lib/cart-channel';
import { serializeCart } from '@/lib/cart-storage';
import type { ShopperSnapshot, WishlistRef } from '@/lib/shopper-context';
import { fetchCurrentUser, loggedOut } from './auth-slice';
import { cartRestored } from './cart-slice';
import type { AppStore } from './store';
import { fetchWishlistRefs } from './wishlist-slice';

/** What the bridge reads and writes on the shopper context's side. */
export type ShopperLink = {
  read: () => ShopperSnapshot;
  setUser: (user: User | null) => void;
  setWishlistRefs: (refs: WishlistRef[]) => void;
  /** Renders the page again on the server (router.refresh()). */
  refresh: () => void;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps a loaded store and the contexts the server rendered in step (docs/architecture.md
 * "Storefront data flow"). Into the store: the server's user (or a logout when the server found
 * no session), its wishlist refs, and the cart of the cart context (browser storage), now and
 * whenever another tab or a write helper changes it. Out of the store: a login or logout made
 * through it (the login modal, the 401 handler, the account menu) and its wishlist changes go to
 * the shopper context, and a login or logout renders the page again on the server.
 */
export function bridgeStore(
  store: AppStore,
  link: ShopperLink,
): { push: (snapshot: ShopperSnapshot) => void; stop: () => void } {
  let pushing = false;
  const push = ({ user, wishlistRefs }: ShopperSnapshot) => {
    pushing = true;
    try {
      const { auth, wishlist } = store.getState();
      if (user && (!auth.isAuthenticated || !same(auth.user, user))) {
        store.dispatch(fetchCurrentUser.fulfilled(user, 'shopper-context'));
      } else if (!user && auth.isAuthenticated) {
        store.dispatch(loggedOut());
      }
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

  push(link.read());
  takeCart(storedCart());
  let previous = store.getState();
  const unsubscribeStore = store.subscribe(() => {
    const state = store.getState();
    const before = previous;
    previous = state;
    if (pushing || (state.auth === before.auth && state.wishlist === before.wishlist)) return;
    const user = state.auth.isAuthenticated ? state.auth.user : null;
    link.setUser(user);
    if (user) link.setWishlistRefs(state.wishlist.refs);
    if (state.auth.isAuthenticated !== before.auth.isAuthenticated) link.refresh();
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
