import { GUEST_ID_PREFIX, GUEST_ID_RANDOM_LENGTH, isGuestId } from '@vastra/contracts';
import { deleteCookie, readCookie, writeCookie } from './browser-cookies';

/**
 * The guest id of behaviour.md §4 Guest cart: `guest_` plus 25 random lowercase letters or digits, made in
 * the browser and kept in localStorage until a login merges the guest's cart (or a logout
 * ends the session), so a shopper's cart survives reloads before they have an account. It is
 * mirrored into the `guestId` cookie, so the storefront's server finds the guest's cart too and
 * renders the cart page with it (lib/api/server/shopper.ts); localStorage stays the record (behaviour.md §4 Guest cart).
 */

/** The cookie the storefront's server reads the guest id from. */
export const GUEST_ID_COOKIE = 'guestId';

/** As long as a guest may come back to a cart (the server forgets an idle guest cart sooner). */
const GUEST_ID_COOKIE_DAYS = 365;

/** localStorage key of the guest id. */
export const GUEST_ID_STORAGE_KEY = 'guestId';

export const GUEST_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Bytes at or above this are thrown away: 252 = 7 × 36, so every kept byte maps to each of
 * the 36 characters exactly 7 ways (a plain `byte % 36` would favour a–d, 8 ways out of 256).
 */
const ACCEPT_BELOW = 256 - (256 % GUEST_ID_ALPHABET.length);

/** Fills a byte array with random bytes: `crypto.getRandomValues` unless a test gives its own. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

const cryptoSource: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** The characters the random bytes stand for, skipping the bytes that would bias the choice. */
export function charactersFromBytes(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    if (byte < ACCEPT_BELOW) out += GUEST_ID_ALPHABET[byte % GUEST_ID_ALPHABET.length];
  }
  return out;
}

/** A new guest id (rejection sampling over `random`, so each character is equally likely). */
export function generateGuestId(random: RandomSource = cryptoSource): string {
  let chars = '';
  while (chars.length < GUEST_ID_RANDOM_LENGTH) {
    // A few spare bytes make a second round rare (each byte is rejected with p = 4/256).
    chars += charactersFromBytes(random(new Uint8Array(GUEST_ID_RANDOM_LENGTH + 8)));
  }
  return GUEST_ID_PREFIX + chars.slice(0, GUEST_ID_RANDOM_LENGTH);
}

/** The stored guest id, or null when there is none (or it is not a valid one). Browser only. */
export function readGuestId(storage: Storage = window.localStorage): string | null {
  const value = storage.getItem(GUEST_ID_STORAGE_KEY);
  if (!isGuestId(value)) return null;
  // An id stored before the cookie existed (or a cookie the shopper cleared) is mirrored again.
  if (typeof document !== 'undefined' && readCookie(GUEST_ID_COOKIE) !== value) mirrorGuestId(value);
  return value;
}

function mirrorGuestId(id: string | null): void {
  if (typeof document === 'undefined') return;
  if (id) writeCookie({ name: GUEST_ID_COOKIE, value: id, maxAgeDays: GUEST_ID_COOKIE_DAYS });
  else deleteCookie(GUEST_ID_COOKIE);
}

/** The stored guest id, made and stored first when there is none. Browser only. */
export function ensureGuestId(storage: Storage = window.localStorage): string {
  const existing = readGuestId(storage);
  if (existing) return existing;
  const id = generateGuestId();
  storage.setItem(GUEST_ID_STORAGE_KEY, id);
  mirrorGuestId(id);
  return id;
}

/** Forgets the guest id: after a merge into the user's cart, or at logout (the next guest gets a new one). */
export function clearGuestId(storage: Storage = window.localStorage): void {
  storage.removeItem(GUEST_ID_STORAGE_KEY);
  mirrorGuestId(null);
}
