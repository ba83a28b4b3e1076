'use client';

import { CART_STORAGE_POLL_MS, type Cart } from '@vastra/contracts';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { CART_STORAGE_KEY, readStoredCart, serializeCart } from '@/lib/cart-storage';
import { cartRestored, fetchCart } from '@/lib/store/cart-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import type { RootState } from '@/lib/store/store';
import { PersistGate } from '@/lib/store/store-provider';

/** What the cart context gives: the cart (null when there is none), its pieces, and whether storage has been read. */
export type CartContextValue = { cart: Cart | null; itemCount: number; ready: boolean };

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The cart context of behaviour.md §4: keeps this tab's cart in step with browser storage (`cart`), which
 * every tab shares. It re-reads storage every CART_STORAGE_POLL_MS (1000 ms) and on `storage`
 * events, and updates the cart only when the stored one differs; an unreadable value is
 * logged as 'Error retrieving cart' (behaviour.md §8) and removed. Once the session is restored it asks the
 * API for the cart too, so prices and stock are current. Rendered once, around the app.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const cart = useAppSelector((state) => state.cart.cart);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let lastSeen: string | null | undefined;
    const sync = () => {
      const raw = window.localStorage.getItem(CART_STORAGE_KEY);
      if (raw === lastSeen) return;
      lastSeen = raw;
      const stored = readStoredCart(window.localStorage);
      if (stored.error) console.error(stored.error);
      if (serializeCart(store.getState().cart.cart) !== serializeCart(stored.cart)) dispatch(cartRestored(stored.cart));
      setReady(true);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) sync();
    };
    sync();
    const timer = window.setInterval(sync, CART_STORAGE_POLL_MS);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [dispatch, store]);

  const value = useMemo(() => ({ cart, itemCount: cart?.itemCount ?? 0, ready }), [cart, ready]);
  return (
    <CartContext.Provider value={value}>
      {children}
      <PersistGate>
        <FetchCartOnLoad />
      </PersistGate>
    </CartContext.Provider>
  );
}

/** Once per page load, after the session is restored: the cart as the API has it now. */
function FetchCartOnLoad() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchCart());
  }, [dispatch]);
  return null;
}

/** The cart of this tab, from the cart context. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
