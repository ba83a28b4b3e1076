import { CART_MESSAGES, type Cart } from '@vastra/contracts';

/**
 * The cart in browser storage (behaviour.md §3: "kept in browser storage under a cart key"): the API's
 * `Cart` as JSON under `cart` in localStorage, shared by every tab of the site. It is written
 * through lib/cart-channel.ts alone (the server's cart, a write's answer, a login's merge, a
 * logout); the cart context reads it back on `storage` events, so two tabs show one cart.
 */

export const CART_STORAGE_KEY = 'cart';

/** What storage holds: the cart (null when none), or the behaviour.md §8 error when the value could not be read. */
export type StoredCart = { cart: Cart | null; error: typeof CART_MESSAGES.context | null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Whether a stored value has the shape of a cart, down to the fields every line is drawn
 * from. Only this storefront writes the key, from answers its data layer has checked, so a
 * shape check catches what goes wrong (another app's value, a hand edit) without shipping
 * the cart's zod schema to every page.
 */
function isCartShaped(value: unknown): value is Cart {
  if (!isObject(value) || !Array.isArray(value.items)) return false;
  if (typeof value.itemCount !== 'number' || typeof value.totalAmount !== 'number') return false;
  return value.items.every(
    (item) =>
      isObject(item) &&
      typeof item.id === 'string' &&
      typeof item.quantity === 'number' &&
      isObject(item.product) &&
      isObject(item.variant),
  );
}

/** Parses a stored value (null when nothing is stored). */
export function parseStoredCart(raw: string | null): StoredCart {
  if (raw === null) return { cart: null, error: null };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isCartShaped(parsed)) return { cart: parsed, error: null };
  } catch {
    // Not JSON: handled as any other unreadable value below.
  }
  return { cart: null, error: CART_MESSAGES.context };
}

/**
 * Reads the stored cart. An unreadable value ('Error retrieving cart', behaviour.md §8) is removed, so the
 * shopper starts from an empty cart instead of failing on every read.
 */
export function readStoredCart(storage: Storage): StoredCart {
  const stored = parseStoredCart(storage.getItem(CART_STORAGE_KEY));
  if (stored.error) storage.removeItem(CART_STORAGE_KEY);
  return stored;
}

/** The value storage holds for a cart: its JSON, or nothing. */
export function serializeCart(cart: Cart | null): string | null {
  return cart ? JSON.stringify(cart) : null;
}

/** Stores the cart (or removes it), writing only when the value changes. */
export function writeStoredCart(storage: Storage, cart: Cart | null): void {
  const value = serializeCart(cart);
  if (storage.getItem(CART_STORAGE_KEY) === value) return;
  if (value === null) storage.removeItem(CART_STORAGE_KEY);
  else storage.setItem(CART_STORAGE_KEY, value);
}

/**
 * Whether an answer is older than the cart already held: the same cart, last changed earlier
 * (answers to calls made close together, or a server render begun before a write, can arrive
 * out of order).
 */
export function isStaleCart(current: Cart | null, incoming: Cart): boolean {
  return (
    current !== null &&
    current.id !== null &&
    current.id === incoming.id &&
    current.updatedAt !== null &&
    incoming.updatedAt !== null &&
    Date.parse(incoming.updatedAt) < Date.parse(current.updatedAt)
  );
}

/**
 * The cart to keep when `incoming` arrives (a server render, a write's answer) while `held` is
 * shown: the incoming one, unless the held one is a later state of the same cart.
 */
export function newerCart(held: Cart | null, incoming: Cart): Cart {
  return held && isStaleCart(held, incoming) ? held : incoming;
}
