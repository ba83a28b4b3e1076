'use client';

import type { Cart } from '@vastra/contracts';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { adoptServerCart, subscribeCart } from '@/lib/cart-channel';

/** What the cart context gives: the cart (null when there is none), its pieces, and whether it is known yet. */
export type CartContextValue = { cart: Cart | null; itemCount: number; ready: boolean };

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The cart context of behaviour.md §4, rendered once around the app by the root layout with the
 * cart its server read for this shopper (`serverCart`: the logged-in shopper's, else the guest's
 * by the `guestId` cookie), so the header's badge and mini cart are in the first HTML. It
 * mirrors that cart into browser storage (`cart`, shared by every tab) and follows every cart
 * published since (lib/cart-channel.ts: Add to cart, the cart page, a login) and each `storage`
 * event from another tab, at once rather than polling every second. `serverCart` undefined: the
 * server knew no shopper (no cookie yet) or could not read the cart, and the stored cart is
 * shown instead; an unreadable one is logged as 'Error retrieving cart' (behaviour.md §8) and removed.
 */
export function CartProvider({ serverCart, children }: { serverCart: Cart | null | undefined; children: ReactNode }) {
  const [cart, setCart] = useState<Cart | null>(serverCart ?? null);
  const [ready, setReady] = useState(serverCart !== undefined);

  useEffect(
    () =>
      subscribeCart((next) => {
        setCart(next);
        setReady(true);
      }),
    [],
  );

  // On load and after each new server render (router.refresh()).
  useEffect(() => adoptServerCart(serverCart), [serverCart]);

  const value = useMemo(() => ({ cart, itemCount: cart?.itemCount ?? 0, ready }), [cart, ready]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart of this tab, from the cart context. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
