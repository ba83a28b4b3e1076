'use client';

import type { Cart, CartItem } from '@vastra/contracts';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { formatCount, formatPrice } from '@/lib/format';
import { removeCartItem, updateCartItem } from '@/lib/store/cart-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { useServerCart } from '@/lib/store/use-server-cart';
import { useCart } from './cart-provider';
import { CartView } from './cart-view';

/**
 * The cart page once the store is there (behaviour.md §2, §3 Cart): CartView with its controls
 * working. It shows the server's cart until the store has it, then the store's (useServerCart),
 * kept in step with other tabs; with no server cart, the cart context's; each change is announced in a polite live region, failures also
 * as a toast.
 */
export function CartContents({ serverCart }: { serverCart?: Cart | null }) {
  const dispatch = useAppDispatch();
  const context = useCart();
  const shown = useServerCart(serverCart);
  // Without a server cart, the cart context's (as before the server read it), once storage is read.
  const cart = serverCart ? shown : context.cart;
  const ready = serverCart ? true : context.ready;
  const loading = useAppSelector((state) => state.cart.loading);
  const [busyItems, setBusyItems] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const items = cart?.items ?? [];
  const setBusy = (itemId: string, busy: boolean) =>
    setBusyItems((current) => {
      const next = new Set(current);
      if (busy) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  /** Runs a change of one line; says what happened, or shows the server's message. */
  const change = async (item: CartItem, call: () => Promise<{ cart: Cart }>, said: (cart: Cart) => string) => {
    setBusy(item.id, true);
    try {
      const result = await call();
      setStatus(said(result.cart));
    } catch (message) {
      const text = typeof message === 'string' ? message : String(message);
      setStatus(text);
      toast.error(text);
    } finally {
      setBusy(item.id, false);
    }
  };

  const what = (item: CartItem) => `${item.product.name}, size ${item.variant.size}`;
  const setQuantity = (item: CartItem, quantity: number) =>
    void change(
      item,
      () => dispatch(updateCartItem({ itemId: item.id, quantity })).unwrap(),
      (next) => `Quantity of ${what(item)} is now ${quantity}. Total amount ${formatPrice(next.totalAmount)}.`,
    );
  const remove = (item: CartItem) =>
    void change(
      item,
      () => dispatch(removeCartItem(item.id)).unwrap(),
      (next) => {
        // The button is gone with its line: focus goes back to the top of the cart.
        headingRef.current?.focus();
        return `Removed ${what(item)} from your cart. ${formatCount(next.itemCount, 'item')} left.`;
      },
    );

  return (
    <CartView
      cart={cart}
      loading={!ready || (loading && items.length === 0 && serverCart === undefined)}
      busyItems={busyItems}
      onQuantity={setQuantity}
      onRemove={remove}
      headingRef={headingRef}
      status={status}
    />
  );
}
