/**
 * Back-in-stock and price-drop alerts (docs/shopper-features.md "Alerts"). A shopper asks to be
 * told when a sold-out size is back ("Notify me"); the `alerts.scan` job, sent after stock or
 * price changes and run on a timer as a safety net, mails each shopper at most once a day (India
 * time) about the sizes they asked for that are back and, if they consented to `price_alerts`
 * (docs/behaviour.md "Consent and the privacy notice"), the wishlist items now cheaper than their
 * base price. The day's `alert_mails` row, the notified requests and the moved bases are written
 * in one transaction with the sending, so a failure changes nothing and, of two scans at once,
 * the one that inserts the row first mails. A signed link stops the mails and withdraws that
 * consent.
 *
 * Errors: NotFoundError (404) for an unknown size or withdrawn product, or a request that is not
 * the shopper's; ConflictError (409) for "Notify me" on a size in stock; ValidationError (400)
 * for an unsubscribe link that is forged, altered, expired or for something else.
 */
import { ALERTS_MESSAGES, type ShopperLocale, type StockAlert, type UnsubscribeStatus } from '@vastra/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterCommit, afterTransaction, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { istDay } from '../../lib/india-time';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { CatalogService, VariantDetail } from '../catalog/service';
import type { ConsentService } from '../consent/service';
import type { UsersService } from '../users/service';
import type { WishlistService } from '../wishlist/service';
import { ALERTS_SCAN_JOB } from './jobs';
import { alertMail, type PriceDropItem, type RestockedItem } from './mail';
import { UnsubscribeTokens } from './tokens';
import { alertMails, stockAlerts } from './tables';

export type AlertsDeps = {
  db: Db;
  catalog: CatalogService;
  wishlist: WishlistService;
  users: UsersService;
  /** The consent record: price drops are mailed only to shoppers who gave `price_alerts`. */
  consent: Pick<ConsentService, 'consenting' | 'hasConsent' | 'record'>;
  mailer: Mailer;
  jobs: Jobs;
  /** The key of auth/secret.ts, which signs the unsubscribe links. */
  secret: Uint8Array;
  /** The storefront's origin: product pages and the unsubscribe page. */
  storefrontUrl: string;
  /** Told of each alert mail once it is committed, so the push module can send it as push too. */
  push?: AlertPushPort;
};

/** The sizes one alert mail told a shopper about (ids only). */
export type AlertMailed = { userId: string; restockedVariantIds: string[]; dropVariantIds: string[] };

/** What the alerts need of the push module: told once per mail sent, after its commit; must not throw. */
export type AlertPushPort = { mailed(mailed: AlertMailed): void };

/** One shopper's mail of a scan: the open requests now back and the wishlist items now cheaper. */
type Due = {
  restocked: { alertId: string; variant: VariantDetail }[];
  drops: { itemId: string; variant: VariantDetail; basePaise: number }[];
};

/** `a***@example.com`: says whose link it is without showing the address to whoever holds it. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

const buyable = (v: VariantDetail | undefined): v is VariantDetail => !!v && v.product.isActive && v.stock > 0;

export class AlertsService {
  private readonly tokens: UnsubscribeTokens;

  constructor(private readonly deps: AlertsDeps) {
    this.tokens = new UnsubscribeTokens(deps.secret);
  }

  /**
   * Queues a scan once the caller's transaction ends (db/client.ts afterTransaction), so it
   * reads the committed stock and prices; resolves once queued. Called after stock comes back
   * and prices change.
   */
  changed(): Promise<void> {
    // A scan not queued is no loss: the timer's next run finds the same changes.
    return new Promise((resolve) =>
      afterTransaction(
        () =>
          void this.deps.jobs.send(ALERTS_SCAN_JOB, {}).then(
            () => resolve(),
            () => resolve(),
          ),
      ),
    );
  }

  /**
   * "Notify me" for a sold-out size. Asking again while the request is open answers it with
   * `created: false`; a request already mailed about opens anew once the size sold out again.
   */
  async request(userId: string, variantId: string): Promise<{ alert: StockAlert; created: boolean }> {
    const variant = (await this.deps.catalog.variantDetails([variantId])).get(variantId);
    if (!variant || !variant.product.isActive) throw new NotFoundError(ALERTS_MESSAGES.variantNotFound);
    const mine = and(eq(stockAlerts.userId, userId), eq(stockAlerts.variantId, variantId));
    const [existing] = await this.deps.db.select().from(stockAlerts).where(mine);
    if (existing && existing.notifiedAt === null) return { alert: present(existing), created: false };
    if (variant.stock > 0) throw new ConflictError(ALERTS_MESSAGES.inStock);
    if (existing) {
      const [reopened] = await this.deps.db
        .update(stockAlerts)
        .set({ notifiedAt: null, createdAt: new Date() })
        .where(mine)
        .returning();
      return { alert: present(reopened!), created: true };
    }
    const [inserted] = await this.deps.db
      .insert(stockAlerts)
      .values({ userId, productId: variant.product.id, variantId })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { alert: present(inserted), created: true };
    // Asked by a concurrent request between the check and the insert.
    const [raced] = await this.deps.db.select().from(stockAlerts).where(mine);
    return { alert: present(raced!), created: false };
  }

  /** Withdraws the shopper's open request for a size; NotFoundError when there is none. */
  async cancel(userId: string, variantId: string): Promise<void> {
    if (!isUuid(variantId)) throw new NotFoundError(ALERTS_MESSAGES.notRequested);
    const removed = await this.deps.db
      .delete(stockAlerts)
      .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.variantId, variantId), isNull(stockAlerts.notifiedAt)))
      .returning({ id: stockAlerts.id });
    if (removed.length === 0) throw new NotFoundError(ALERTS_MESSAGES.notRequested);
  }

  /** The shopper's requests not mailed about yet, oldest first. */
  async open(userId: string): Promise<StockAlert[]> {
    const rows = await this.deps.db
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
      .orderBy(asc(stockAlerts.createdAt));
    return rows.map(present);
  }

  /** The signed unsubscribe link of `userId`'s mails (the storefront's page). */
  async unsubscribeUrl(userId: string): Promise<string> {
    const token = await this.tokens.sign(userId);
    return `${this.deps.storefrontUrl}/alerts/unsubscribe?${new URLSearchParams({ token })}`;
  }

  /** Whose mails a link stops and whether it already has; changes nothing. */
  async unsubscribeStatus(token: string): Promise<UnsubscribeStatus> {
    const user = await this.deps.users.findById(await this.userOf(token));
    // Only an account with an email is ever mailed a link.
    if (!user?.email) throw new ValidationError(ALERTS_MESSAGES.linkInvalid);
    return { email: maskEmail(user.email), unsubscribed: user.alertsUnsubscribedAt !== null };
  }

  /**
   * Stops the alert mails of the user a link names (the first time counts) and, if they had given
   * `price_alerts`, records its withdrawal by `link`; both or neither.
   */
  async unsubscribe(token: string): Promise<UnsubscribeStatus> {
    const userId = await this.userOf(token);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.unsubscribeFromAlerts(userId, tx);
      if (await this.deps.consent.hasConsent(userId, 'price_alerts', tx)) {
        await this.deps.consent.record(userId, 'price_alerts', false, 'link', tx);
      }
    });
    return this.unsubscribeStatus(token);
  }

  /**
   * The shopper gives (`given`) or withdraws their consent to `price_alerts` (the account page's
   * switch), recorded by `web`. Giving it also undoes an earlier unsubscribe link, so the alert
   * mails start again; both writes or neither.
   */
  async setPriceAlerts(userId: string, given: boolean): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      if (given) await this.deps.users.resubscribeToAlerts(userId, tx);
      await this.deps.consent.record(userId, 'price_alerts', given, 'web', tx);
    });
  }

  /**
   * Mails every shopper with something to tell and no alert mail yet on the Indian day of
   * `now`. Answers the users mailed. What changes later that day waits for the next day's mail.
   */
  async scan(now = new Date()): Promise<string[]> {
    const day = istDay(now);
    const due = await this.dueByUser();
    if (due.size === 0) return [];
    const mailedToday = await this.deps.db
      .select({ userId: alertMails.userId })
      .from(alertMails)
      .where(and(eq(alertMails.day, day), inArray(alertMails.userId, [...due.keys()])));
    for (const { userId } of mailedToday) due.delete(userId);
    const recipients = await this.deps.users.alertRecipients([...due.keys()]);
    const mailed: string[] = [];
    for (const [userId, items] of due) {
      const to = recipients.get(userId);
      if (to && (await this.mailOne(userId, to, items, day, now))) mailed.push(userId);
    }
    return mailed;
  }

  /** The day's mail of one shopper, all or nothing; false when another scan mailed them first. */
  private async mailOne(
    userId: string,
    to: { name: string; email: string; locale: ShopperLocale },
    due: Due,
    day: string,
    now: Date,
  ): Promise<boolean> {
    const unsubscribeUrl = await this.unsubscribeUrl(userId);
    return this.deps.db.transaction(async (tx) => {
      // The key (user, day) decides: a concurrent scan's insert waits for this commit, then skips.
      const [claimed] = await tx
        .insert(alertMails)
        .values({ userId, day, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: alertMails.userId });
      if (!claimed) return false;
      const alertIds = due.restocked.map((r) => r.alertId);
      if (alertIds.length > 0) {
        await tx
          .update(stockAlerts)
          .set({ notifiedAt: now })
          .where(and(inArray(stockAlerts.id, alertIds), eq(stockAlerts.userId, userId)));
      }
      await this.deps.wishlist.setAlertBases(
        tx,
        due.drops.map((d) => ({ id: d.itemId, basePaise: d.variant.pricePaise })),
      );
      // Product pages in the mail's language: Hindi pages are under /hi (docs/behaviour.md
      // "Languages of mails and invoices").
      const pages = `${this.deps.storefrontUrl}${to.locale === 'hi' ? '/hi' : ''}/shop/product/`;
      const link = (v: VariantDetail) => `${pages}${encodeURIComponent(v.product.id)}`;
      const restocked: RestockedItem[] = due.restocked.map(({ variant }) => ({
        name: variant.product.name,
        size: variant.size,
        url: link(variant),
      }));
      const drops: PriceDropItem[] = due.drops.map(({ variant, basePaise }) => ({
        name: variant.product.name,
        size: variant.size,
        url: link(variant),
        wasPaise: basePaise,
        nowPaise: variant.pricePaise,
      }));
      // Last: a failed send rolls the day's row back, and the next scan tries again.
      await this.deps.mailer.send({
        to: to.email,
        ...alertMail({ name: to.name, restocked, drops, unsubscribeUrl, locale: to.locale }),
      });
      const mailed: AlertMailed = {
        userId,
        restockedVariantIds: due.restocked.map((r) => r.variant.id),
        dropVariantIds: due.drops.map((d) => d.variant.id),
      };
      // The same news as push, only once this mail's row is committed (never after a rollback).
      void afterCommit(async () => this.deps.push?.mailed(mailed));
      return true;
    });
  }

  /**
   * Per shopper: their open requests for sizes now buyable, and, for those who consented to
   * `price_alerts`, their wishlist items now cheaper.
   */
  private async dueByUser(): Promise<Map<string, Due>> {
    const [requests, allWatched] = await Promise.all([
      this.deps.db
        .select({ id: stockAlerts.id, userId: stockAlerts.userId, variantId: stockAlerts.variantId })
        .from(stockAlerts)
        .where(isNull(stockAlerts.notifiedAt)),
      this.deps.wishlist.priceWatch(),
    ]);
    const consenting = await this.deps.consent.consenting(
      [...new Set(allWatched.map((w) => w.userId))],
      'price_alerts',
    );
    const watched = allWatched.filter((w) => consenting.has(w.userId));
    const variants = await this.deps.catalog.variantDetails([
      ...requests.map((r) => r.variantId),
      ...watched.map((w) => w.variantId),
    ]);
    const due = new Map<string, Due>();
    const of = (userId: string) => {
      let entry = due.get(userId);
      if (!entry) due.set(userId, (entry = { restocked: [], drops: [] }));
      return entry;
    };
    for (const r of requests) {
      const variant = variants.get(r.variantId);
      if (buyable(variant)) of(r.userId).restocked.push({ alertId: r.id, variant });
    }
    // Items saved before alerts existed start from the price seen now.
    const unset = watched.flatMap((w) => {
      const variant = variants.get(w.variantId);
      return w.basePaise === null && variant ? [{ id: w.id, basePaise: variant.pricePaise }] : [];
    });
    await this.deps.wishlist.setAlertBases(this.deps.db, unset);
    for (const w of watched) {
      const variant = variants.get(w.variantId);
      if (w.basePaise !== null && buyable(variant) && variant.pricePaise < w.basePaise) {
        of(w.userId).drops.push({ itemId: w.id, variant, basePaise: w.basePaise });
      }
    }
    return due;
  }

  private async userOf(token: string): Promise<string> {
    const userId = await this.tokens.userOf(token);
    if (!userId) throw new ValidationError(ALERTS_MESSAGES.linkInvalid);
    return userId;
  }
}

function present(row: typeof stockAlerts.$inferSelect): StockAlert {
  return { productId: row.productId, variantId: row.variantId, createdAt: row.createdAt.toISOString() };
}
