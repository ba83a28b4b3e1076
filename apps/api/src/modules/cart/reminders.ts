/**
 * Cart reminders (docs/behaviour.md "Cart reminders"). A logged-in shopper's active cart that
 * nobody has touched for the store's first delay (3 hours by default) and holds a line on sale
 * gets a reminder mail; a second one goes the second delay (24 hours by default) after the
 * first if the cart is still untouched; never a third. Lines left over from an order (not
 * changed since the shopper last ordered from the cart) remind of nothing, sold-out lines are
 * left out of the mail, and only a shopper who opted in (their consent to `cart_reminders`, at
 * sign-up, checkout or on the account page) gets one; withdrawing it (the account setting or the
 * mail's signed link) stops them.
 *
 * The `cart.reminders-scan` job finds the carts due and claims each reminder by inserting its
 * (cart, number) row: the key decides, so of two scans at once on two instances one claims and
 * queues the `cart.reminder-mail` job (the reminder's id only). That job reads the cart again
 * and sends the mail with the current prices, marking the row mailed in the same transaction,
 * so a retried job never mails twice. An order placed from a reminded cart within
 * CART_REMINDER_ORDER_DAYS of the mail is counted on the row (CartService.closeOrderedLines)
 * for the admin's figures.
 *
 * Errors: ValidationError (400) for an unsubscribe link that is forged, altered, expired or for
 * something else.
 */
import {
  CART_REMINDERS_MESSAGES,
  type CartReminderSetting,
  type CartReminderStats,
  type ShopperLocale,
  type UnsubscribeStatus,
} from '@vastra/contracts';
import { and, asc, count, countDistinct, eq, gt, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { CatalogService, VariantDetail } from '../catalog/service';
import type { ConsentService } from '../consent/service';
import type { UserRow } from '../users';
import { CART_REMINDER_MAIL_JOB, type CartReminderMailJob } from './jobs';
import { cartReminderMail, type ReminderLine } from './reminder-mail';
import { ReminderUnsubscribeTokens } from './reminder-tokens';
import { cartItems, cartReminderOptOuts, cartReminders, carts } from './tables';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An order placed this many days after a reminder's mail counts as placed from the reminder. */
export const CART_REMINDER_ORDER_DAYS = 7;
/** The admin's figures cover this many days. */
export const CART_REMINDER_STATS_DAYS = 30;
/** Carts read at a time by a scan. */
const SCAN_BATCH = 200;
/** How much longer than both delays a cart may have been idle and still be reminded, in ms. */
const STALE_MARGIN_MS = 48 * HOUR_MS;

/** The store's switch and delays in hours (store settings, read at each scan). */
export type ReminderTimes = { enabled: boolean; firstHours: number; secondHours: number };

export type CartRemindersDeps = {
  db: Db;
  catalog: Pick<CatalogService, 'variantDetails'>;
  users: { findById(id: string): Promise<UserRow | undefined> };
  mailer: Mailer;
  jobs: Pick<Jobs, 'send'>;
  /** The key of auth/secret.ts, which signs the unsubscribe links. */
  secret: Uint8Array;
  /** The storefront's origin: the cart, product pages and the unsubscribe page. */
  storefrontUrl: string;
  times: () => Promise<ReminderTimes>;
  /** The consent record: a shopper is reminded only after opting in to `cart_reminders`. */
  consent: Pick<ConsentService, 'hasConsent' | 'consenting' | 'record'>;
};

const onSale = (v: VariantDetail | undefined): v is VariantDetail => !!v && v.product.isActive && v.stock > 0;

/** `a***@example.com`: says whose link it is without showing the address to whoever holds it. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

export class CartReminders {
  private readonly tokens: ReminderUnsubscribeTokens;

  constructor(private readonly deps: CartRemindersDeps) {
    this.tokens = new ReminderUnsubscribeTokens(deps.secret);
  }

  /**
   * Claims the reminders due at `now` and queues their mails; answers the claimed reminders'
   * cart ids. A cart is due for its first reminder once untouched for the first delay, for its
   * second once the second delay has passed since the first and it was not touched since; not
   * when it has been idle for longer than both delays and two days.
   */
  async scan(now = new Date()): Promise<string[]> {
    const times = await this.deps.times();
    if (!times.enabled) return [];
    const { db } = this.deps;
    const idleSince = new Date(now.getTime() - times.firstHours * HOUR_MS);
    const secondSince = new Date(now.getTime() - times.secondHours * HOUR_MS);
    // A cart idle for longer than both delays and a margin is not news: switching reminders on,
    // or a scan back after an outage, does not mail about carts left weeks ago.
    const staleBefore = new Date(idleSince.getTime() - times.secondHours * HOUR_MS - STALE_MARGIN_MS);
    const claimed: string[] = [];
    // Pages by id, so carts skipped below (a line sold out, no email) never hide the others.
    let after: string | null = null;
    for (;;) {
      const due: { id: string; userId: string | null; reminded: number }[] = await db
        .select({
          id: carts.id,
          userId: carts.userId,
          reminded: sql<number>`(SELECT count(*) FROM cart_reminders r WHERE r.cart_id = carts.id)`.mapWith(Number),
        })
        .from(carts)
        .where(
          // The subqueries name the outer table outright: Drizzle writes a column of the query's
          // one table unqualified, which inside a subquery would be the subquery's own.
          and(
            eq(carts.isActive, true),
            isNotNull(carts.userId),
            lte(carts.updatedAt, idleSince),
            gt(carts.updatedAt, staleBefore),
            after ? gt(carts.id, after) : undefined,
            sql`NOT EXISTS (SELECT 1 FROM cart_reminder_opt_outs o WHERE o.user_id = carts.user_id)`,
            // A line not left over from the cart's last order.
            sql`EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = carts.id
                  AND (carts.ordered_at IS NULL OR i.updated_at > carts.ordered_at))`,
            // No reminder that holds the next one back: the second, a first too recent, or a
            // first the shopper has touched the cart after.
            sql`NOT EXISTS (SELECT 1 FROM cart_reminders r WHERE r.cart_id = carts.id
                  AND (r.number = 2 OR r.created_at > ${secondSince.toISOString()} OR r.created_at < carts.updated_at))`,
          ),
        )
        .orderBy(asc(carts.id))
        .limit(SCAN_BATCH);
      const consenting = await this.deps.consent.consenting(
        due.map((c) => c.userId!),
        'cart_reminders',
      );
      for (const cart of due) {
        const userId = cart.userId!;
        if (!consenting.has(userId) || !(await this.mailable(userId))) continue;
        if (!(await this.linesOnSale(cart.id)).fresh) continue;
        const [row] = await db
          .insert(cartReminders)
          .values({ cartId: cart.id, userId, number: cart.reminded + 1, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: cartReminders.id });
        if (!row) continue;
        claimed.push(cart.id);
        await this.deps.jobs.send<CartReminderMailJob>(CART_REMINDER_MAIL_JOB, { reminderId: row.id });
      }
      if (due.length < SCAN_BATCH) break;
      after = due.at(-1)!.id;
    }
    return claimed;
  }

  /**
   * Sends the mail of a claimed reminder (the `cart.reminder-mail` job), once: nothing when it
   * was mailed already, or when by now the store switched reminders off, the shopper opted out
   * or ordered, the cart closed or nothing in it is on sale.
   */
  async send({ reminderId }: CartReminderMailJob): Promise<void> {
    const { db } = this.deps;
    const [reminder] = await db.select().from(cartReminders).where(eq(cartReminders.id, reminderId));
    if (!reminder || reminder.mailedAt) return;
    const [cart] = await db.select().from(carts).where(eq(carts.id, reminder.cartId));
    if (!cart?.isActive || cart.userId !== reminder.userId) return;
    if (!(await this.deps.times()).enabled) return;
    const user = await this.mailable(reminder.userId);
    if (!user) return;
    const { onSale: lines, soldOut, fresh } = await this.linesOnSale(cart.id);
    if (!fresh) return;
    const prefix = `${this.deps.storefrontUrl}${user.locale === 'hi' ? '/hi' : ''}`;
    const mailLines: ReminderLine[] = lines.map(({ quantity, variant }) => ({
      name: variant.product.name,
      size: variant.size,
      quantity,
      unitPricePaise: variant.pricePaise,
      url: `${prefix}/shop/product/${encodeURIComponent(variant.product.id)}`,
    }));
    const content = cartReminderMail({
      name: user.name,
      lines: mailLines,
      soldOutLeftOut: soldOut > 0,
      cartUrl: `${prefix}/cart`,
      unsubscribeUrl: await this.unsubscribeUrl(reminder.userId, user.locale),
      locale: user.locale,
    });
    await db.transaction(async (tx) => {
      const [mine] = await tx
        .update(cartReminders)
        .set({ mailedAt: new Date() })
        .where(and(eq(cartReminders.id, reminderId), isNull(cartReminders.mailedAt)))
        .returning({ id: cartReminders.id });
      if (!mine) return;
      // Last: a failed send rolls the mark back, and the job's retry sends again.
      await this.deps.mailer.send({ to: user.email, ...content });
    });
  }

  /**
   * Whether the shopper gets cart reminders: only once they opted in (the latest consent record of
   * `cart_reminders` gives it; docs/behaviour.md "Consent and the privacy notice").
   */
  async setting(userId: string): Promise<CartReminderSetting> {
    return { enabled: await this.deps.consent.hasConsent(userId, 'cart_reminders') };
  }

  /**
   * Turns the shopper's cart reminders on (their consent) or off (its withdrawal), recorded with
   * `channel` (the account page or the checkout: web; a mail's link: link); the opt-out list the
   * scan skips is kept in step. Answers the setting now in force.
   */
  async setEnabled(userId: string, enabled: boolean, channel: 'web' | 'link' = 'web'): Promise<CartReminderSetting> {
    if (enabled) {
      await this.deps.db.delete(cartReminderOptOuts).where(eq(cartReminderOptOuts.userId, userId));
    } else {
      await this.deps.db.insert(cartReminderOptOuts).values({ userId }).onConflictDoNothing();
    }
    await this.deps.consent.record(userId, 'cart_reminders', enabled, channel);
    return { enabled };
  }

  /** The signed unsubscribe link of `userId`'s reminders (the storefront's page, in `locale`). */
  async unsubscribeUrl(userId: string, locale: ShopperLocale = 'en'): Promise<string> {
    const token = await this.tokens.sign(userId);
    const prefix = `${this.deps.storefrontUrl}${locale === 'hi' ? '/hi' : ''}`;
    return `${prefix}/cart-reminders/unsubscribe?${new URLSearchParams({ token })}`;
  }

  /** Whose reminders a link stops and whether it already has; changes nothing. */
  async unsubscribeStatus(token: string): Promise<UnsubscribeStatus> {
    const userId = await this.userOf(token);
    const user = await this.deps.users.findById(userId);
    // Only an account with an email is ever mailed a link.
    if (!user?.email) throw new ValidationError(CART_REMINDERS_MESSAGES.linkInvalid);
    return { email: maskEmail(user.email), unsubscribed: !(await this.setting(userId)).enabled };
  }

  /** Stops the cart reminders of the user a link names. */
  async unsubscribe(token: string): Promise<UnsubscribeStatus> {
    const userId = await this.userOf(token);
    if (!(await this.deps.users.findById(userId))?.email)
      throw new ValidationError(CART_REMINDERS_MESSAGES.linkInvalid);
    await this.setEnabled(userId, false, 'link');
    return this.unsubscribeStatus(token);
  }

  /**
   * The admin's figures over the CART_REMINDER_STATS_DAYS days before `now`: reminder mails
   * sent, carts reminded, and of those the carts ordered from within CART_REMINDER_ORDER_DAYS
   * of a reminder.
   */
  async stats(now = new Date()): Promise<CartReminderStats> {
    const since = new Date(now.getTime() - CART_REMINDER_STATS_DAYS * DAY_MS);
    const [row] = await this.deps.db
      .select({
        sent: count(),
        remindedCarts: countDistinct(cartReminders.cartId),
        ordered:
          sql<number>`count(DISTINCT ${cartReminders.cartId}) FILTER (WHERE ${cartReminders.orderedAt} IS NOT NULL)`.mapWith(
            Number,
          ),
      })
      .from(cartReminders)
      .where(and(isNotNull(cartReminders.mailedAt), gte(cartReminders.mailedAt, since)));
    return {
      days: CART_REMINDER_STATS_DAYS,
      sent: row?.sent ?? 0,
      remindedCarts: row?.remindedCarts ?? 0,
      ordered: row?.ordered ?? 0,
      orderWithinDays: CART_REMINDER_ORDER_DAYS,
    };
  }

  /** The shopper when they may be mailed a reminder: an email, not blocked, opted in. */
  private async mailable(userId: string): Promise<(UserRow & { email: string }) | null> {
    const user = await this.deps.users.findById(userId);
    if (!user?.email || user.blockedAt) return null;
    if (!(await this.setting(userId)).enabled) return null;
    return user as UserRow & { email: string };
  }

  /**
   * The cart's lines on sale (oldest first), how many are not, and whether a line on sale is not
   * left over from the cart's last order (changed after it, or the cart never ordered from):
   * only such a line makes a reminder.
   */
  private async linesOnSale(
    cartId: string,
  ): Promise<{ onSale: { quantity: number; variant: VariantDetail }[]; soldOut: number; fresh: boolean }> {
    const lines = await this.deps.db
      .select({
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        fresh: sql<boolean>`NOT EXISTS (SELECT 1 FROM carts c
          WHERE c.id = cart_items.cart_id AND c.ordered_at >= cart_items.updated_at)`,
      })
      .from(cartItems)
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.createdAt));
    const variants = await this.deps.catalog.variantDetails(lines.map((l) => l.variantId));
    const onSaleLines = lines.flatMap((l) => {
      const variant = variants.get(l.variantId);
      return onSale(variant) ? [{ quantity: l.quantity, variant, fresh: l.fresh }] : [];
    });
    return {
      onSale: onSaleLines.map(({ quantity, variant }) => ({ quantity, variant })),
      soldOut: lines.length - onSaleLines.length,
      fresh: onSaleLines.some((l) => l.fresh),
    };
  }

  private async userOf(token: string): Promise<string> {
    const userId = await this.tokens.userOf(token);
    if (!userId) throw new ValidationError(CART_REMINDERS_MESSAGES.linkInvalid);
    return userId;
  }
}
