/**
 * A small time-limited cache for answers that are the same for every shopper (facet counts,
 * the category tree, homepage sections). Entries live `ttlMs` milliseconds; a TTL of 0
 * turns caching off. Each instance caches on its own: nothing here must outlive a restart.
 */
import { LRUCache } from 'lru-cache';

export class TtlCache {
  private readonly cache: LRUCache<string, { value: Promise<unknown> }> | null;

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
    const value = load();
    this.cache.set(key, { value });
    value.catch(() => this.cache?.delete(key));
    return value;
  }
}
