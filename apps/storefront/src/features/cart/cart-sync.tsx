'use client';

import type { Cart } from '@vastra/contracts';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { CART_STORAGE_KEY, readStoredCart, serializeCart } from '@/lib/cart-storage';
import { cartRestored, fetchCart } from '@/lib/store/cart-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import type { RootState } from '@/lib/store/store';

/**
 * The cart context's link to the store (behaviour.md §4), once it is loaded and restored: the
 * store takes the stored cart when it differs (on load and on `storage` events from other
 * tabs), hands every cart it holds to the context, and asks the API once per page load for
 * the cart as it is now, so prices and stock are current. Renders nothing.
 */
export function CartSync({ onCart }: { onCart: (cart: Cart | null) => void }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const cart = useAppSelector((state) => state.cart.cart);

  useEffect(() => {
    const sync = () => {
      const stored = readStoredCart(window.localStorage);
      if (serializeCart(store.getState().cart.cart) !== serializeCart(stored.cart)) dispatch(cartRestored(stored.cart));
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) sync();
    };
    sync();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, store]);

  useEffect(() => {
    void dispatch(fetchCart());
  }, [dispatch]);

  // After the sync above, so the context never sees the store's cart from before it.
  useEffect(() => {
    onCart(store.getState().cart.cart);
  }, [cart, onCart, store]);

  return null;
}
