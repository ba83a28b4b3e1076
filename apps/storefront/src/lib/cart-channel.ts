import type { Cart } from '@vastra/contracts';
import { CART_STORAGE_KEY, isStaleCart, newerCart, readStoredCart, writeStoredCart } from './cart-storage';

/**
 * How a new cart reaches everyone who shows it (behaviour.md §4):
 * `publishCart` mirrors it into browser storage under `cart` (other tabs hear the `storage`
 * event at once, instead of polling every 1000 ms) and tells this tab's listeners (the cart
 * context), which a `storage` event never does. Browser only.
 * `publishCartAnswer` is the same for a write's answer, which may come after a later one's.
 */

type CartListener = (cart: Cart | null) => void;

const listeners = new Set<CartListener>();

/** The stored cart, logging an unreadable one ('Error retrieving cart', behaviour.md §8; readStoredCart removes it). */
export function storedCart(): Cart | null {
  const stored = readStoredCart(window.localStorage);
  if (stored.error) console.error(stored.error);
  return stored.cart;
}

/** A cart answered by the API (or the server's render): stored, and handed to this tab's listeners. */
export function publishCart(cart: Cart | null): void {
  writeStoredCart(window.localStorage, cart);
  for (const listener of listeners) listener(cart);
}

/**
 * A cart answered by a write (the cart page's quantities and Remove, a re-order): published
 * unless a later state of the same cart is already stored (answers to calls made close
 * together can arrive out of order). Returns the cart now shown.
 */
export function publishCartAnswer(cart: Cart): Cart {
  const kept = newerCart(storedCart(), cart);
  if (kept === cart) publishCart(cart);
  return kept;
}

/**
 * A cart the server rendered the page with (the cart context's `serverCart`): published, unless
 * it is older than the one stored (a write answered after the render began), when the stored
 * one is announced instead. `undefined` (the server knew no shopper, or could not read the
 * cart): the stored cart is announced. Either way this tab's listeners hear a cart.
 */
export function adoptServerCart(serverCart: Cart | null | undefined): void {
  const held = storedCart();
  if (serverCart === undefined || (serverCart && held && isStaleCart(held, serverCart))) {
    for (const listener of listeners) listener(held);
  } else {
    publishCart(serverCart);
  }
}

/** Calls `listener` with each cart published in this tab or written by another; returns the unsubscribe. */
export function subscribeCart(listener: CartListener): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener(storedCart());
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
