/**
 * Web Push to shoppers' browsers (docs/behaviour.md "Push notifications"): the devices a
 * shopper signed up (their PushSubscriptions), the kinds of push they want, and the sending,
 * signed with the store's VAPID keys and encrypted for each device (the `web-push` library,
 * RFC 8291 aes128gcm). News reaches a shopper through two jobs (jobs.ts): `push.notify` picks the
 * devices and kinds, `push.deliver` sends to one device; a device whose push service answers 404
 * or 410 is forgotten, other failures are retried by the queue.
 *
 * Errors: NotFoundError (404) for a device that is not the shopper's; ValidationError (400) for an
 * endpoint that is not a known push service or keys of the wrong size; ConflictError (409) when
 * the store sends no push.
 */
import type { Agent } from 'node:https';
import {
  PUSH_MESSAGES,
  type PushPayload,
  type PushPreferences,
  type PushSubscribeBody,
  type PushSubscriptionInfo,
} from '@vastra/contracts';
import { and, asc, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Jobs, RetryOptions } from '../../lib/jobs';
import type { CatalogService } from '../catalog/service';
import type { UsersService } from '../users/service';
import { PUSH_DELIVER_JOB, type PushDelivery, type PushNews, type PushPart } from './jobs';
import type { VapidKeys } from './keys';
import { pushPreferences, pushSubscriptions } from './tables';
import { alertPush, orderPush, type PushProduct } from './texts';

/** How long a push service keeps a push for a device that is offline, in seconds (a day: alerts are daily). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Time limit of one send, in ms. */
const SEND_TIMEOUT_MS = 10_000;

/** The push services of the browsers (Chrome, Edge, Firefox, Safari): subscriptions elsewhere are refused. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const DEFAULT_PREFERENCES: PushPreferences = { backInStock: true, priceDrop: true, orderUpdates: true };

export type PushDeps = {
  db: Db;
  jobs: Jobs;
  catalog: Pick<CatalogService, 'variantDetails'>;
  users: Pick<UsersService, 'findById'>;
  /** The order's owner and number (OrdersService.findRef). */
  orders: { findRef(ref: string): Promise<{ id: string; userId: string; orderNumber: string }> };
  /** The VAPID keys; null: the store sends no push (PUSH_ENABLED=false). */
  keys: VapidKeys | null;
  /** VAPID `sub`: whom a push service may contact (mailto: or https:). */
  subject: string;
  /** The storefront's origin: the pages a tap opens. */
  storefrontUrl: string;
  /** A product picture's public URL from its stored path. */
  mediaUrl: (path: string) => string;
  log: { info(obj: object, msg: string): void };
  /** Tests only: endpoints on any host (a stand-in push service), the connection to it, short retries. */
  anyPushHost?: boolean;
  agent?: Agent;
  retry?: RetryOptions;
};

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** True when `url` is https on a browser push service's host (or any host when `anyHost`). */
export function isPushServiceUrl(url: string, anyHost = false): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:') return false;
  return anyHost || PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

const bytes = (base64url: string) => Buffer.from(base64url, 'base64url');

export class PushService {
  constructor(private readonly deps: PushDeps) {}

  /** Whether the store sends push, and the public key browsers subscribe with. */
  publicKey(): { enabled: boolean; publicKey: string | null } {
    return { enabled: this.deps.keys !== null, publicKey: this.deps.keys?.publicKey ?? null };
  }

  /**
   * Stores this browser's subscription for the shopper, or refreshes it (same endpoint: new keys,
   * and the shopper now signed in on it). `userAgent` labels the device (first 300 characters).
   */
  async subscribe(userId: string, body: PushSubscribeBody, userAgent?: string): Promise<PushSubscriptionInfo> {
    if (!this.deps.keys) throw new ConflictError(PUSH_MESSAGES.disabled);
    if (!isPushServiceUrl(body.endpoint, this.deps.anyPushHost))
      throw new ValidationError(PUSH_MESSAGES.endpointInvalid);
    const p256dh = bytes(body.keys.p256dh);
    // An uncompressed P-256 point and a 16-byte secret (RFC 8291).
    if (p256dh.length !== 65 || p256dh[0] !== 4 || bytes(body.keys.auth).length !== 16) {
      throw new ValidationError(PUSH_MESSAGES.keysInvalid);
    }
    const fields = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, label: userAgent?.slice(0, 300) ?? null };
    const [row] = await this.deps.db
      .insert(pushSubscriptions)
      .values({ endpoint: body.endpoint, ...fields })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
      .returning();
    return present(row!);
  }

  /** The shopper's devices, oldest first. */
  async list(userId: string): Promise<PushSubscriptionInfo[]> {
    const rows = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    return rows.map(present);
  }

  /** One of the shopper's devices; NotFoundError for another's or an unknown one. */
  async get(userId: string, id: string): Promise<PushSubscriptionInfo> {
    if (!isUuid(id)) throw new NotFoundError(PUSH_MESSAGES.notFound);
    const [row] = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
    if (!row) throw new NotFoundError(PUSH_MESSAGES.notFound);
    return present(row);
  }

  /** Forgets one of the shopper's devices; NotFoundError for another's or an unknown one. */
  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError(PUSH_MESSAGES.notFound);
    const removed = await this.deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) throw new NotFoundError(PUSH_MESSAGES.notFound);
  }

  /** The kinds of push the shopper wants (all, until they choose). */
  async preferences(userId: string): Promise<PushPreferences> {
    const [row] = await this.deps.db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
    return row
      ? { backInStock: row.backInStock, priceDrop: row.priceDrop, orderUpdates: row.orderUpdates }
      : DEFAULT_PREFERENCES;
  }

  /** Saves the kinds of push the shopper wants, on all their devices. */
  async setPreferences(userId: string, choice: PushPreferences): Promise<PushPreferences> {
    const set = { ...choice, updatedAt: new Date() };
    await this.deps.db
      .insert(pushPreferences)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: pushPreferences.userId, set });
    return this.preferences(userId);
  }

  /** `push.notify`: one `push.deliver` per device of the news's shopper and kind they want. */
  async fanOut(news: PushNews): Promise<void> {
    if (!this.deps.keys) return;
    const userId = news.kind === 'alert' ? news.userId : (await this.orderOrNull(news.orderId))?.userId;
    if (!userId) return;
    const wants = await this.preferences(userId);
    const parts: PushPart[] = [];
    if (news.kind === 'order') {
      if (wants.orderUpdates) parts.push(news);
    } else {
      if (wants.backInStock && news.restockedVariantIds.length > 0) {
        parts.push({ kind: 'backInStock', variantIds: news.restockedVariantIds });
      }
      if (wants.priceDrop && news.dropVariantIds.length > 0) {
        parts.push({ kind: 'priceDrop', variantIds: news.dropVariantIds });
      }
    }
    if (parts.length === 0) return;
    const devices = await this.deps.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    for (const { id } of devices) {
      for (const part of parts) await this.deps.jobs.send(PUSH_DELIVER_JOB, { subscriptionId: id, ...part });
    }
  }

  /**
   * `push.deliver`: builds the push in the shopper's language and sends it to the device. A
   * device forgotten meanwhile, or sizes no longer found, send nothing. Rejects (a retry) when the
   * push service fails other than 404 or 410.
   */
  async deliver(delivery: PushDelivery): Promise<void> {
    if (!this.deps.keys) return;
    const [device] = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, delivery.subscriptionId));
    if (!device) return;
    const payload = await this.payloadOf(device.userId, delivery);
    if (payload) await this.send(device, payload, this.deps.keys);
  }

  /** The order, or null when there is none (a refund or step of an order since removed): nothing to tell. */
  private async orderOrNull(orderId: string) {
    try {
      return await this.deps.orders.findRef(orderId);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  private async payloadOf(userId: string, delivery: PushDelivery): Promise<PushPayload | null> {
    const user = await this.deps.users.findById(userId);
    // The account's language once accounts keep one; English until then.
    const locale = user && 'locale' in user && typeof user.locale === 'string' ? user.locale : null;
    const opts = { storefrontUrl: this.deps.storefrontUrl, locale };
    if (delivery.kind === 'order') {
      const order = await this.orderOrNull(delivery.orderId);
      if (!order) return null;
      return orderPush(order, delivery.status, { ...opts, amountPaise: delivery.amountPaise });
    }
    const variants = await this.deps.catalog.variantDetails(delivery.variantIds);
    const items: PushProduct[] = delivery.variantIds.flatMap((id) => {
      const v = variants.get(id);
      if (!v) return [];
      const image = v.product.primaryImage?.url;
      return [
        {
          productId: v.product.id,
          name: v.product.name,
          size: v.size,
          pricePaise: v.pricePaise,
          ...(image ? { image: this.deps.mediaUrl(image) } : {}),
        },
      ];
    });
    const [first, ...rest] = items;
    return first ? alertPush(delivery.kind, [first, ...rest], opts) : null;
  }

  private async send(device: SubscriptionRow, payload: PushPayload, keys: VapidKeys): Promise<void> {
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.deps.subject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          ...(this.deps.agent ? { agent: this.deps.agent } : {}),
        },
      );
    } catch (err) {
      // The browser unsubscribed or the subscription expired: it will never take a push again.
      if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await this.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        this.deps.log.info({ subscriptionId: device.id, status: err.statusCode }, 'push subscription gone; forgotten');
        return;
      }
      throw new Error(`push service answered ${err instanceof webpush.WebPushError ? err.statusCode : 'nothing'}`, {
        cause: err,
      });
    }
    await this.deps.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date() })
      .where(eq(pushSubscriptions.id, device.id));
  }
}

function present(row: SubscriptionRow): PushSubscriptionInfo {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}
