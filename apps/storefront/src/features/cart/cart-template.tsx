'use client';

import type { Cart, CartItem } from '@vastra/contracts';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { CheckDelivery } from '@/components/check-delivery';
import { EmptyState } from '@/components/ui/empty-state';
import { checkoutBlockedBy } from '@/lib/cart-lines';
import { formatCount, formatPrice } from '@/lib/format';
import { removeCartItem, updateCartItem } from '@/lib/store/cart-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { PersistGate } from '@/lib/store/store-provider';
import { CartLine } from './cart-line';
import { useCart } from './cart-provider';
import { CartSummary } from './cart-summary';

const HEADING_CLASS = 'text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl';

/**
 * The cart page (behaviour.md §2, §3 Cart): the lines with their quantity steppers and Remove, the price
 * details and Checkout, or the empty cart with 'Continue shopping'. It shows the cart of the
 * cart context (this tab's, kept in step with other tabs) once the session is restored;
 * each change is announced in a polite live region, failures also as a toast.
 */
export function CartTemplate() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <PersistGate
        fallback={
          <>
            <h1 className={HEADING_CLASS}>Shopping cart</h1>
            <CartSkeleton />
          </>
        }
      >
        <CartContents />
      </PersistGate>
    </div>
  );
}

function CartContents() {
  const dispatch = useAppDispatch();
  const { cart, ready } = useCart();
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
    change(
      item,
      () => dispatch(updateCartItem({ itemId: item.id, quantity })).unwrap(),
      (next) => `Quantity of ${what(item)} is now ${quantity}. Total amount ${formatPrice(next.totalAmount)}.`,
    );
  const remove = (item: CartItem) =>
    change(
      item,
      () => dispatch(removeCartItem(item.id)).unwrap(),
      (next) => {
        // The button is gone with its line: focus goes back to the top of the cart.
        headingRef.current?.focus();
        return `Removed ${what(item)} from your cart. ${formatCount(next.itemCount, 'item')} left.`;
      },
    );

  let body: React.ReactNode;
  if (!ready || (loading && items.length === 0)) {
    body = <CartSkeleton />;
  } else if (!cart || items.length === 0) {
    body = (
      <EmptyState
        headingLevel="h2"
        heading="Your cart is empty"
        body="Add something you like and it will wait for you here."
        actions={[{ label: 'Continue shopping', href: '/shop' }]}
      />
    );
  } else {
    body = (
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <section aria-labelledby="cart-items">
          <h2 id="cart-items" className="sr-only">
            Items in your cart
          </h2>
          <ul className="divide-y divide-stone-200 border-y border-stone-200">
            {items.map((item, index) => (
              <CartLine
                key={item.id}
                item={item}
                aboveTheFold={index < 2}
                busy={busyItems.has(item.id)}
                onQuantity={(quantity) => void setQuantity(item, quantity)}
                onRemove={() => void remove(item)}
              />
            ))}
          </ul>
          <CheckDelivery />
        </section>
        <CartSummary cart={cart} blockedBy={checkoutBlockedBy(items)} />
      </div>
    );
  }

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className={`${HEADING_CLASS} focus:outline-none`}>
        Shopping cart
        {cart && cart.itemCount > 0 && (
          <span className="ml-2 text-base font-normal text-stone-600">({formatCount(cart.itemCount, 'item')})</span>
        )}
      </h1>
      {body}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {status}
      </p>
    </>
  );
}

function CartSkeleton() {
  return (
    <div aria-hidden="true" className="mt-4 grid animate-pulse gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
      <div className="divide-y divide-stone-100 border-y border-stone-100">
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-4 py-5">
            <div className="aspect-[3/4] w-24 rounded-md bg-stone-100 sm:w-28" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-24 rounded bg-stone-100" />
              <div className="h-4 w-3/4 rounded bg-stone-100" />
              <div className="h-4 w-1/3 rounded bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-64 rounded-lg bg-stone-100" />
    </div>
  );
}
