/**
 * Catalogue changes reaching shoppers within seconds (docs/admin.md "Shoppers see changes
 * within seconds"). After an admin write, `changed(tags)`:
 * - drops this instance's cached catalogue answers at once;
 * - tells the other API instances to drop theirs, through Redis pub/sub when REDIS_URL is set
 *   (one channel; each instance ignores its own messages);
 * - calls the storefront's revalidation route, signed with the shared secret
 *   (packages/contracts/src/revalidate.ts), so its cached pages expire.
 * Failures are logged, never thrown: the admin's change is made; caches then expire on their timers.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER, type RevalidateTag } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export const CATALOG_CHANGES_CHANNEL = 'vastra:catalog-changes';
/** How long the storefront's answer is awaited, in ms. */
const STOREFRONT_TIMEOUT_MS = 3000;

export type CatalogChangesOptions = {
  /** This instance's caches of catalogue answers. */
  forget: () => void;
  /** A connection for publishing; a duplicate of it subscribes. */
  redis?: Redis | null;
  storefront?: { storefrontUrl: string; secret: string };
  log: FastifyBaseLogger;
};

export class CatalogChanges {
  private readonly instance = randomUUID();
  private subscriber: Redis | null = null;

  constructor(private readonly options: CatalogChangesOptions) {}

  /** Listens for other instances' changes; resolves once subscribed (or at once without Redis). */
  async start(): Promise<void> {
    if (!this.options.redis) return;
    this.subscriber = this.options.redis.duplicate();
    this.subscriber.on('message', (_channel, from: string) => {
      if (from !== this.instance) this.options.forget();
    });
    this.subscriber.on('error', (err) => this.options.log.warn({ err }, 'catalogue change listener'));
    await this.subscriber.subscribe(CATALOG_CHANGES_CHANNEL);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit();
  }

  /** The catalogue behind `tags` changed: every cache drops it. */
  async changed(tags: readonly RevalidateTag[]): Promise<void> {
    this.options.forget();
    await Promise.all([this.publish(), this.revalidateStorefront(tags)]);
  }

  private async publish(): Promise<void> {
    try {
      await this.options.redis?.publish(CATALOG_CHANGES_CHANNEL, this.instance);
    } catch (err) {
      this.options.log.warn({ err }, 'catalogue change not published');
    }
  }

  private async revalidateStorefront(tags: readonly RevalidateTag[]): Promise<void> {
    const target = this.options.storefront;
    if (!target || tags.length === 0) return;
    const body = JSON.stringify({ tags, at: Date.now() });
    const signature = createHmac('sha256', target.secret).update(body).digest('hex');
    try {
      const res = await fetch(`${target.storefrontUrl}${REVALIDATE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REVALIDATE_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(STOREFRONT_TIMEOUT_MS),
      });
      if (!res.ok) this.options.log.warn({ status: res.status }, 'storefront revalidation refused');
    } catch (err) {
      this.options.log.warn({ err }, 'storefront revalidation failed');
    }
  }
}

/** The storefront tags an admin write to a record of `entity` expires. */
export function tagsOfEntity(entity: string): RevalidateTag[] {
  switch (entity) {
    case 'product':
    case 'variant':
    case 'review':
    case 'category':
    case 'collection':
      return ['products', 'categories', 'collections', 'homepage'];
    case 'homepage':
    case 'homepage-section':
      return ['homepage'];
    case 'coupon':
      return ['promotions'];
    default:
      return [];
  }
}
