import { charactersFromBytes, type RandomSource } from './guest-id';

/**
 * Idempotency keys of POST /orders: `order_` plus 32 random lowercase letters or digits (about
 * 165 bits), inside the API's `^[A-Za-z0-9_-]{8,100}$`. Made from `crypto.getRandomValues`,
 * which, unlike `crypto.randomUUID`, browsers also offer on plain-http addresses.
 */
const PREFIX = 'order_';
const LENGTH = 32;

const cryptoSource: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** A new key, each character equally likely (the guest id's rejection sampling). */
export function newIdempotencyKey(random: RandomSource = cryptoSource): string {
  let chars = '';
  while (chars.length < LENGTH) chars += charactersFromBytes(random(new Uint8Array(LENGTH + 8)));
  return PREFIX + chars.slice(0, LENGTH);
}
