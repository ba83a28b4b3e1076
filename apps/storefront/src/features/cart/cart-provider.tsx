'use client';

import type { Cart } from '@vastra/contracts';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CART_STORAGE_KEY, readStoredCart } from '@/lib/cart-storage';
import { storeIsland } from '@/lib/store/store-provider';

/** What the cart context gives: the cart (null when there is none), its pieces, and whether storage has been read. */
export type CartContextValue = { cart: Cart | null; itemCount: number; ready: boolean };

const CartContext = createContext<CartContextValue | null>(null);

/** Reads the stored cart, logging an unreadable one (which readStoredCart removes). */
function storedCart(): Cart | null {
  const stored = readStoredCart(window.localStorage);
  if (stored.error) console.error(stored.error);
  return stored.cart;
}

// The store's side of the cart, loaded with the store.
const CartSync = storeIsland(() => import('./cart-sync').then((module) => module.CartSync));

/**
 * The cart context of behaviour.md §4: keeps this tab's cart in step with browser storage (`cart`), which
 * every tab shares. It reads storage on load, so the header's badge shows the cart before the
 * store is loaded, and on each `storage` event (another tab wrote the cart) rather than
 * polling it on the main thread every second; an unreadable value is logged as 'Error
 * retrieving cart' (behaviour.md §8) and removed. Once the store is there, the cart is the
 * store's (CartSync), which also asks the API for the current one. Rendered once, around the app.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<Cart | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setCart(storedCart());
    };
    const load = () => {
      setCart(storedCart());
      setReady(true);
    };
    load();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => ({ cart, itemCount: cart?.itemCount ?? 0, ready }), [cart, ready]);
  return (
    <CartContext.Provider value={value}>
      {children}
      <CartSync onCart={setCart} />
    </CartContext.Provider>
  );
}

/** The cart of this tab, from the cart context. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
