/**
 * A small time-limited cache for answers that are the same for every shopper (facet counts,
 * the category tree, homepage sections). Entries live `ttlMs` milliseconds; a TTL of 0
 * turns caching off. Each instance caches on its own: nothing here must outlive a restart.
 */
import { LRUCache } from 'lru-cache';

export class TtlCache {
  private readonly cache: LRUCache<string, { value: Promise<unknown>; loaded: boolean }> | null;

  constructor(ttlMs: number, max = 1000) {
    this.cache = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs }) : null;
  }

  /**
   * The cached value for `key`, or the result of `load()`, cached. Concurrent callers of a
   * missing key share one load; a failed load is not cached.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cache) return load();
    const hit = this.cache.get(key);
    if (hit) return hit.value as Promise<T>;
    const entry = { value: load() as Promise<unknown>, loaded: false };
    this.cache.set(key, entry);
    entry.value.then(
      () => (entry.loaded = true),
      // Only this load's entry: getLoaded may have put a newer one in its place.
      () => this.cache?.get(key) === entry && this.cache.delete(key),
    );
    return entry.value as Promise<T>;
  }

  /**
   * Like `get`, but never waits on another caller's load under way: it loads with `load()`
   * itself and caches the result. For callers inside a transaction on the embedded database,
   * where a load running outside the transaction waits for the transaction to end.
   */
  async getLoaded<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache?.get(key);
    if (hit?.loaded) return hit.value as Promise<T>;
    const value = await load();
    this.cache?.set(key, { value: Promise.resolve(value), loaded: true });
    return value;
  }

  /** Forgets every entry: the data behind them changed. */
  clear(): void {
    this.cache?.clear();
  }
}
