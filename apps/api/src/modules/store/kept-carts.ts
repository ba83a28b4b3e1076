/**
 * /store cart answers kept in this process (docs/performance.md "The commerce API"), so that
 * reading a cart again, unchanged, costs no pricing and, on the embedded database, no query.
 *
 * An answer is kept per cart id and field selection and sent only to a request naming that id:
 * never with an ETag, never in a shared or HTTP cache (it holds the cart's email). It is used
 * only while all of these hold:
 * - the cart is unchanged. On PGlite every change of a cart or its lines is notified as it
 *   commits, whoever writes it (Database.onCartChange) and drops that cart's answers. On
 *   PostgreSQL, where other instances write too, each read first asks the cart's version
 *   (carts.version, raised by triggers) and uses an answer of that version only;
 * - the catalogue and stock it was priced from are unchanged: `clear()` is called with every
 *   drop of the catalogue's answers (CatalogAnswers.alsoClears), on every instance;
 * - `ttlMs` has not passed, nor the end of the coupon it was priced with.
 */
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { CartService } from '../cart';
import type { CatalogAnswers } from '../catalog';

/** The most carts whose answers are kept: a cart of three lines is ~8 kB, so ~8 MB at most. */
const MAX_CARTS = 1000;

/** A cart's answer as made: its JSON, the cart's version it shows, and until when it may be used (epoch ms). */
export type CartAnswer = { body: string; version: number; until: number | null };

type Kept = { version: number; until: number; bodies: Map<string, string> };

export class KeptCarts {
  private readonly carts: LRUCache<string, Kept> | null;
  /** Raised by every drop: a load that began before one may show what was dropped, so it is not kept. */
  private drops = 0;

  /**
   * `ttlMs`: how long an answer is used at most (0 keeps none). `currentVersion`: the cart's
   * version now, asked before each use (a server database); null when every change drops the
   * cart's answers through `forget` (the embedded database).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly currentVersion: ((cartId: string) => Promise<number | null>) | null,
  ) {
    this.carts = ttlMs > 0 ? new LRUCache({ max: MAX_CARTS }) : null;
  }

  /**
   * The JSON answer for cart `cartId` with the fields `selection` names (its selectionKey):
   * the kept one while it holds, else made by `load()` and kept. Errors of `load` are thrown
   * and nothing is kept.
   */
  async answer(cartId: string, selection: string, load: () => Promise<CartAnswer>): Promise<string> {
    if (!this.carts) return (await load()).body;
    const kept = this.carts.get(cartId);
    const now = Date.now();
    if (kept && kept.until > now) {
      const body = kept.bodies.get(selection);
      if (body !== undefined && (!this.currentVersion || (await this.currentVersion(cartId)) === kept.version)) {
        return body;
      }
    }
    const dropsBefore = this.drops;
    const made = await load();
    if (this.drops === dropsBefore) this.keep(cartId, selection, made, now);
    return made.body;
  }

  /** Drops the answers of one cart: it changed. */
  forget(cartId: string): void {
    this.drops++;
    this.carts?.delete(cartId);
  }

  /** Drops every answer: the catalogue or stock they were priced from changed. */
  clear(): void {
    this.drops++;
    this.carts?.clear();
  }

  private keep(cartId: string, selection: string, made: CartAnswer, madeAt: number): void {
    const until = Math.min(madeAt + this.ttlMs, made.until ?? Infinity);
    const kept = this.carts!.get(cartId);
    if (kept && kept.version === made.version && kept.until > madeAt) {
      kept.bodies.set(selection, made.body);
      kept.until = Math.min(kept.until, until);
      return;
    }
    this.carts!.set(cartId, { version: made.version, until, bodies: new Map([[selection, made.body]]) });
  }
}

/**
 * KeptCarts for this database: dropped by its cart change notices where it has them (PGlite),
 * else checked against `carts.version` on every read; and cleared with `answers`.
 */
export async function keepCartAnswers(deps: {
  database: Pick<Database, 'onCartChange'>;
  carts: Pick<CartService, 'version'>;
  answers: Pick<CatalogAnswers, 'alsoClears'>;
  ttlMs: number;
}): Promise<KeptCarts> {
  const { database, carts, answers, ttlMs } = deps;
  const kept = new KeptCarts(ttlMs, database.onCartChange ? null : (cartId) => carts.version(cartId));
  await database.onCartChange?.((cartId) => kept.forget(cartId));
  answers.alsoClears(() => kept.clear());
  return kept;
}
