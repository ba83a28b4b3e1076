/**
 * Publishable API keys (the Medusa v2 Store API convention): every /store/* request carries
 * one in `x-publishable-api-key`. A key is not a secret (it ships to browsers); it names the
 * storefront that calls, and an unknown or revoked key is refused.
 *
 * Keys live in `publishable_api_keys`. At start the configured key (PUBLISHABLE_API_KEY) is
 * ensured there; with none configured and an empty table, one is generated and logged.
 * Valid keys are remembered for `cacheTtlMs` per instance, so a key revoked elsewhere may
 * still pass here for that long; a revocation through this service takes effect at once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { publishableApiKeys } from './tables';

export const PUBLISHABLE_KEY_HEADER = 'x-publishable-api-key';

/** A new key: `pk_` and 64 hex characters, like Medusa's. */
export function generatePublishableKey(): string {
  return `pk_${randomBytes(32).toString('hex')}`;
}

export class PublishableKeyService {
  private readonly valid: LRUCache<string, true> | null;

  constructor(
    private readonly db: Db,
    options: { cacheTtlMs: number },
  ) {
    this.valid = options.cacheTtlMs > 0 ? new LRUCache({ max: 100, ttl: options.cacheTtlMs }) : null;
  }

  /** True when the key is stored and not revoked. */
  async isValid(token: string): Promise<boolean> {
    if (this.valid?.has(token)) return true;
    const [row] = await this.db
      .select({ id: publishableApiKeys.id })
      .from(publishableApiKeys)
      .where(and(eq(publishableApiKeys.token, token), isNull(publishableApiKeys.revokedAt)))
      .limit(1);
    if (row) this.valid?.set(token, true);
    return row !== undefined;
  }

  /** Stores a key (a new one unless `token` is given); a key already stored is left as it is. */
  async create(title: string, token = generatePublishableKey()): Promise<string> {
    await this.db.insert(publishableApiKeys).values({ token, title }).onConflictDoNothing();
    return token;
  }

  /** Refuses the key from now on. */
  async revoke(token: string): Promise<void> {
    await this.db
      .update(publishableApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(publishableApiKeys.token, token), isNull(publishableApiKeys.revokedAt)));
    this.valid?.delete(token);
  }

  /**
   * At start: ensures the configured key is stored (warning when it was revoked), or, with
   * none configured and no key stored at all, generates one and logs it for the storefront.
   */
  async ensureAtStart(configured: string | undefined, log: FastifyBaseLogger): Promise<void> {
    if (configured) {
      await this.create('PUBLISHABLE_API_KEY', configured);
      if (!(await this.isValid(configured))) {
        log.warn('PUBLISHABLE_API_KEY is revoked in publishable_api_keys: /store refuses it');
      }
      return;
    }
    // One statement, so instances starting together on an empty table add one key between them.
    const token = generatePublishableKey();
    await this.db.execute(sql`
      INSERT INTO publishable_api_keys (token, title)
      SELECT ${token}, 'Storefront' WHERE NOT EXISTS (SELECT 1 FROM publishable_api_keys)`);
    if (await this.isValid(token)) {
      log.info(
        { publishableApiKey: token },
        'Publishable API key created for /store: give it to the storefront as COMMERCE_PUBLISHABLE_KEY',
      );
    }
  }
}
