/**
 * Catalogue changes reaching shoppers within seconds (docs/admin.md "Shoppers see changes
 * within seconds"). After an admin write, `changed(tags)`:
 * - drops this instance's cached catalogue answers at once;
 * - tells the other API instances to drop theirs through a `ChangeBus`: Redis pub/sub when
 *   REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on a server database (each instance
 *   ignores its own messages); the embedded database is one process and needs neither;
 * - calls the storefront's revalidation route, signed with the shared secret
 *   (packages/contracts/src/revalidate.ts), so its cached pages expire.
 * Failures are logged, never thrown: the admin's change is made; caches then expire on their timers.
 *
 * A shopper's change of stock, ratings or reviewer names (an order, a review, a rename) drops
 * only the kept product answers, here by the caller and elsewhere through `productsChanged`, so
 * no instance shows stock that another has sold. Those changes are gathered: at most one
 * message per PRODUCTS_GATHER_MS from an instance, the first at once and one more at the end
 * of the window for what came during it, so a busy checkout does not flood the channel and
 * every instance drops its answers within PRODUCTS_GATHER_MS of the last change.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER, type RevalidateTag } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';

/** The Redis channel; PostgreSQL's channel name is the same with `_` (an identifier). */
export const CATALOG_CHANGES_CHANNEL = 'vastra:catalog-changes';
const PG_CHANNEL = 'vastra_catalog_changes';

/** How instances tell each other of a change: `publish` a message, `subscribe` to everyone's. */
export type ChangeBus = {
  publish(message: string): Promise<void>;
  subscribe(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
};

/** Redis pub/sub: `redis` publishes, a duplicate connection subscribes. */
export function redisChangeBus(redis: Redis, log: FastifyBaseLogger): ChangeBus {
  let subscriber: Redis | null = null;
  return {
    publish: async (message) => void (await redis.publish(CATALOG_CHANGES_CHANNEL, message)),
    subscribe: async (onMessage) => {
      subscriber = redis.duplicate();
      subscriber.on('message', (_channel, message: string) => onMessage(message));
      subscriber.on('error', (err) => log.warn({ err }, 'catalogue change listener'));
      await subscriber.subscribe(CATALOG_CHANGES_CHANNEL);
    },
    close: async () => void (await subscriber?.quit()),
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on the database at `url`: one connection of its own listens (a
 * pooled one would be handed to other queries) and publishes. Notifications reach every
 * connection to the same database.
 */
export function postgresChangeBus(url: string, log: FastifyBaseLogger): ChangeBus {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (err) => log.warn({ err }, 'catalogue change listener'));
  return {
    publish: async (message) => void (await client.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, message])),
    subscribe: async (onMessage) => {
      client.on('notification', (n) => {
        if (n.channel === PG_CHANNEL && n.payload) onMessage(n.payload);
      });
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
    },
    close: () => client.end(),
  };
}
/** The scope of a message that drops only the kept product answers. */
const ANSWERS = 'answers';

/** The shortest time between two "product answers changed" messages of one instance, in ms. */
export const PRODUCTS_GATHER_MS = 250;

/** How long the storefront's answer is awaited, in ms. */
const STOREFRONT_TIMEOUT_MS = 3000;

export type CatalogChangesOptions = {
  /** This instance's caches of catalogue answers. */
  forget: () => void;
  /** This instance's kept answers that show stock and ratings (another instance's productsChanged); default `forget`. */
  forgetAnswers?: () => void;
  /** How the other instances hear of a change; none on the embedded database. */
  bus?: ChangeBus | null;
  storefront?: { storefrontUrl: string; secret: string };
  log: FastifyBaseLogger;
};

export class CatalogChanges {
  private readonly instance = randomUUID();
  /** When this instance last published a product-answers message (ms since the epoch). */
  private answersPublishedAt = 0;
  /** The message due at the end of the current window, with the changes gathered for it. */
  private answersDue: { timer: NodeJS.Timeout; sent: Promise<void>; send: () => void } | null = null;

  constructor(private readonly options: CatalogChangesOptions) {}

  /** Listens for other instances' changes; resolves once listening (at once without a bus). */
  async start(): Promise<void> {
    try {
      // A message is the sender's id, then ` answers` when only product answers changed.
      await this.options.bus?.subscribe((message) => {
        const [from, scope] = message.split(' ');
        if (from === this.instance) return;
        if (scope === ANSWERS) (this.options.forgetAnswers ?? this.options.forget)();
        else this.options.forget();
      });
    } catch (err) {
      // Serving goes on: other instances' changes then reach this one's caches on their timers.
      this.options.log.warn({ err }, 'catalogue change listener not started');
    }
  }

  /** Sends a gathered message still due, then stops listening. */
  async stop(): Promise<void> {
    const due = this.answersDue;
    if (due) {
      clearTimeout(due.timer);
      due.send();
      await due.sent;
    }
    await this.options.bus?.close();
  }

  /** The catalogue behind `tags` changed: every cache drops it. */
  async changed(tags: readonly RevalidateTag[]): Promise<void> {
    this.options.forget();
    await Promise.all([this.publish(), this.revalidateStorefront(tags)]);
  }

  /**
   * Stock, ratings or reviews changed through this instance, which has dropped its own answers:
   * the others drop their kept product answers, told at once or, within PRODUCTS_GATHER_MS of
   * the last message, with the changes gathered until the window ends. Resolves once the message
   * that tells of this change is sent; never throws.
   */
  productsChanged(): Promise<void> {
    if (!this.options.bus) return Promise.resolve();
    if (this.answersDue) return this.answersDue.sent;
    const wait = this.answersPublishedAt + PRODUCTS_GATHER_MS - Date.now();
    if (wait <= 0) return this.publishAnswers();
    let send = () => {};
    const sent = new Promise<void>((resolve) => {
      send = () => {
        this.answersDue = null;
        resolve(this.publishAnswers());
      };
    });
    this.answersDue = { timer: setTimeout(() => send(), wait).unref(), sent, send };
    return sent;
  }

  private publishAnswers(): Promise<void> {
    this.answersPublishedAt = Date.now();
    return this.publish(ANSWERS);
  }

  private async publish(scope?: typeof ANSWERS): Promise<void> {
    try {
      await this.options.bus?.publish(scope ? `${this.instance} ${scope}` : this.instance);
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

/** Admin writes that change kept API answers but no storefront page: GST rates (kept /store cart totals). */
const API_ANSWERS_ONLY = new Set(['tax-rate']);

/** Whether an admin write to a record of `entity` drops the kept answers (and expires `tagsOfEntity`). */
export function dropsKeptAnswers(entity: string): boolean {
  return tagsOfEntity(entity).length > 0 || API_ANSWERS_ONLY.has(entity);
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
    // Synonyms change what a search finds: the cached synonyms and search answers drop (API),
    // and the storefront's product listings expire.
    case 'search-synonym':
      return ['products'];
    case 'coupon':
      return ['promotions'];
    case 'store-settings':
      return ['store'];
    case 'policy':
      return ['policies'];
    default:
      return [];
  }
}
