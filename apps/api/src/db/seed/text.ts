/**
 * The seed's stand-in for randomness: a stable hash (FNV-1a, 32-bit), so every run gives the
 * same catalogue. The product text rules it shares with the admin's edits and the CSV import
 * (slugs, display names, search text) are the catalogue module's (modules/catalog/product-text.ts).
 * No I/O.
 */

/** FNV-1a over the UTF-16 code units of `key`: an unsigned 32-bit integer, same on every run. */
export function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Picks one element of a non-empty list by the hash of `key`. */
export function pick<T>(list: readonly T[], key: string): T {
  const item = list[hash(key) % list.length];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}
