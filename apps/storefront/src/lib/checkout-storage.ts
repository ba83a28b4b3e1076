/**
 * Where the checkout of behaviour.md §4 is kept in this browser (features/checkout/checkout-state.ts
 * reads and writes it): localStorage `vastra:checkout`, one shopper's choices, the address as
 * typed among them. Here, apart from the checkout, because a logout (features/auth/session.ts)
 * forgets it too.
 */

/** The localStorage key of the kept checkout. */
export const CHECKOUT_STORAGE_KEY = 'vastra:checkout';

/** Forgets the kept checkout (a logout, an order placed: the next checkout starts afresh). */
export function forgetCheckout(storage: Storage): void {
  storage.removeItem(CHECKOUT_STORAGE_KEY);
}
