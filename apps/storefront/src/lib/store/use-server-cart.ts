import type { Cart } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { cartRendered, isStaleCart } from './cart-slice';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * The cart a store-backed island of the cart or checkout page shows (docs/architecture.md "Cart
 * and checkout pages"), given `serverCart`, the cart the page's server read as the shopper (null
 * when it knew of none: then it is simply the store's). The server's cart is handed to the store
 * (`cartRendered`: the store keeps a later state of the same cart, and the header and the other
 * tabs follow) and shown until the store's cart changes, so the island's first render is the
 * server's HTML; from then on the store's cart is shown (a change made here or in another tab, a
 * login, a logout).
 */
export function useServerCart(serverCart: Cart | null | undefined): Cart | null {
  const dispatch = useAppDispatch();
  const storeCart = useAppSelector((state) => state.cart.cart);
  const [atMount] = useState(storeCart);

  useEffect(() => {
    if (serverCart) dispatch(cartRendered(serverCart));
  }, [dispatch, serverCart]);

  if (!serverCart || storeCart !== atMount || isStaleCart(storeCart, serverCart)) return storeCart;
  return serverCart;
}
