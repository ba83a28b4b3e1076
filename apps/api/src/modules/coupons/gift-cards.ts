/**
 * Gift cards (behaviour.md §3 Order.additionalCoupon, §4 coupons and gift cards): a code with a balance
 * that pays part or all of what is left after the coupon. The balance goes down only when
 * an order is placed (a hold), comes back when that order fails or is cancelled (a release,
 * once), and takes back a returned share (a refund). Every movement is a
 * gift_card_transactions row; the balance never goes below 0 nor above the card's initial
 * balance (a check constraint guards both). Money in integer paise.
 *
 * Errors: NotFoundError(giftCardNotFound) for an unknown or switched-off code;
 * ValidationError(couponNotGiftCard) for a coupon's code, (giftCardExpired), (giftCardEmpty),
 * (giftCardNothingToPay) for a quote with nothing left to pay.
 */
import { and, eq, sql } from 'drizzle-orm';
import { COUPON_MESSAGES } from '@vastra/contracts';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { coupons, giftCards, giftCardTransactions } from './tables';

export type GiftCardBalance = { id: string; code: string; balancePaise: number };

/** How much of an amount due a card covers: `coverPaise` = min(balance, due); `remainingPaise` = what the card keeps. */
export type GiftCardQuote = GiftCardBalance & { coverPaise: number; remainingPaise: number };

const sameCode = (code: string) => sql`upper(${giftCards.code}) = upper(${code.trim()})`;

/** Gift card balances: quotes for POST /coupons/validate; hold, release and refund for the orders (and returns) module. */
export class GiftCardService {
  constructor(private readonly db: Db) {}

  /** The card's spendable balance; throws unless it is active, not expired and not empty. `db`: the caller's transaction, if any. */
  async check(code: string, db: Db = this.db): Promise<GiftCardBalance> {
    const [card] = await db
      .select({
        id: giftCards.id,
        code: giftCards.code,
        balancePaise: giftCards.balancePaise,
        isActive: giftCards.isActive,
        expired: sql<boolean>`coalesce(${giftCards.expiresAt} <= now(), false)`,
      })
      .from(giftCards)
      .where(sameCode(code))
      .limit(1);
    if (!card || !card.isActive) {
      const [coupon] = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(sql`upper(${coupons.code}) = upper(${code.trim()})`, eq(coupons.isActive, true)))
        .limit(1);
      if (coupon) throw new ValidationError(COUPON_MESSAGES.couponNotGiftCard);
      throw new NotFoundError(COUPON_MESSAGES.giftCardNotFound);
    }
    if (card.expired) throw new ValidationError(COUPON_MESSAGES.giftCardExpired);
    if (card.balancePaise <= 0) throw new ValidationError(COUPON_MESSAGES.giftCardEmpty);
    return { id: card.id, code: card.code, balancePaise: card.balancePaise };
  }

  /**
   * What the card would pay of `duePaise` (what is left after the coupon and GST): the
   * smaller of its balance and the amount due. Nothing is held: the balance moves only when an
   * order is placed. ValidationError(giftCardNothingToPay) when nothing is due.
   */
  async quote(code: string, duePaise: number): Promise<GiftCardQuote> {
    const card = await this.check(code);
    if (duePaise <= 0) throw new ValidationError(COUPON_MESSAGES.giftCardNothingToPay);
    const coverPaise = Math.min(card.balancePaise, duePaise);
    return { ...card, coverPaise, remainingPaise: card.balancePaise - coverPaise };
  }

  /**
   * Inside the order's transaction `db`: takes min(balance, maxPaise) off the card for the
   * order with a conditional update (`… WHERE balance_paise >= x`), so holds racing for one
   * card never take it below 0; a hold that loses a race reads the new balance and tries
   * again (it loses only when others lowered the balance, so this ends). Records a `hold` movement (negative). Returns the amount held: 0 (and nothing
   * written) when maxPaise is 0; the first hold again when the order already holds this card.
   * Throws as `check` does, and ValidationError(giftCardEmpty) when racing orders emptied it.
   */
  async hold(
    db: Db,
    input: { code: string; orderId: string; maxPaise: number },
  ): Promise<{ giftCardId: string; code: string; amountPaise: number }> {
    const card = await this.check(input.code, db);
    const [held] = await db
      .select({ amountPaise: giftCardTransactions.amountPaise })
      .from(giftCardTransactions)
      .where(
        and(
          eq(giftCardTransactions.giftCardId, card.id),
          eq(giftCardTransactions.orderId, input.orderId),
          eq(giftCardTransactions.kind, 'hold'),
        ),
      );
    if (held) return { giftCardId: card.id, code: card.code, amountPaise: -held.amountPaise };
    if (input.maxPaise <= 0) return { giftCardId: card.id, code: card.code, amountPaise: 0 };

    let balance = card.balancePaise;
    while (balance > 0) {
      const amount = Math.min(balance, input.maxPaise);
      const updated = await db
        .update(giftCards)
        .set({ balancePaise: sql`${giftCards.balancePaise} - ${amount}` })
        .where(and(eq(giftCards.id, card.id), sql`${giftCards.balancePaise} >= ${amount}`))
        .returning({ id: giftCards.id });
      if (updated.length > 0) {
        await db
          .insert(giftCardTransactions)
          .values({ giftCardId: card.id, orderId: input.orderId, kind: 'hold', amountPaise: -amount });
        return { giftCardId: card.id, code: card.code, amountPaise: amount };
      }
      const [now] = await db
        .select({ balancePaise: giftCards.balancePaise })
        .from(giftCards)
        .where(eq(giftCards.id, card.id));
      balance = now?.balancePaise ?? 0;
    }
    throw new ValidationError(COUPON_MESSAGES.giftCardEmpty);
  }

  /**
   * The order failed, expired or was cancelled: gives its holds back to their cards, less
   * anything already refunded for it. Once per card and order (the unique index on
   * (gift_card_id, order_id, kind) stops a second `release` row): a second call returns 0.
   * Returns the paise restored.
   */
  async release(db: Db, orderId: string): Promise<number> {
    let restored = 0;
    for (const hold of await this.holdsOf(db, orderId)) {
      await this.lock(db, hold.giftCardId);
      const amount = Math.max(0, -hold.amountPaise - (await this.refunded(db, hold.giftCardId, orderId)));
      const inserted = await db
        .insert(giftCardTransactions)
        .values({ giftCardId: hold.giftCardId, orderId, kind: 'release', amountPaise: amount })
        .onConflictDoNothing()
        .returning({ id: giftCardTransactions.id });
      if (inserted.length === 0 || amount === 0) continue;
      await db
        .update(giftCards)
        .set({ balancePaise: sql`${giftCards.balancePaise} + ${amount}` })
        .where(eq(giftCards.id, hold.giftCardId));
      restored += amount;
    }
    return restored;
  }

  /**
   * A returned share of a placed order goes back to the gift card it was paid with: at most
   * what the order held on the card less what was already refunded (nothing once the hold
   * was released), and never beyond the card's initial balance. Records a positive `refund`
   * movement. Returns the paise refunded (0 when the order used no gift card).
   */
  async refund(db: Db, orderId: string, amountPaise: number): Promise<number> {
    let left = Math.max(0, Math.floor(amountPaise));
    let refunded = 0;
    for (const hold of await this.holdsOf(db, orderId)) {
      if (left === 0) break;
      const card = await this.lock(db, hold.giftCardId);
      const [released] = await db
        .select({ id: giftCardTransactions.id })
        .from(giftCardTransactions)
        .where(
          and(
            eq(giftCardTransactions.giftCardId, hold.giftCardId),
            eq(giftCardTransactions.orderId, orderId),
            eq(giftCardTransactions.kind, 'release'),
          ),
        );
      if (released) continue;
      const open = -hold.amountPaise - (await this.refunded(db, hold.giftCardId, orderId));
      const amount = Math.min(left, open, card.initialBalancePaise - card.balancePaise);
      if (amount <= 0) continue;
      await db
        .insert(giftCardTransactions)
        .values({ giftCardId: hold.giftCardId, orderId, kind: 'refund', amountPaise: amount });
      await db
        .update(giftCards)
        .set({ balancePaise: sql`${giftCards.balancePaise} + ${amount}` })
        .where(eq(giftCards.id, hold.giftCardId));
      left -= amount;
      refunded += amount;
    }
    return refunded;
  }

  private holdsOf(db: Db, orderId: string) {
    return db
      .select({ giftCardId: giftCardTransactions.giftCardId, amountPaise: giftCardTransactions.amountPaise })
      .from(giftCardTransactions)
      .where(and(eq(giftCardTransactions.orderId, orderId), eq(giftCardTransactions.kind, 'hold')))
      .orderBy(giftCardTransactions.createdAt);
  }

  /** Locks the card's row for the rest of the transaction, so release and refund of one card take turns. */
  private async lock(db: Db, giftCardId: string): Promise<{ balancePaise: number; initialBalancePaise: number }> {
    const [card] = await db
      .select({ balancePaise: giftCards.balancePaise, initialBalancePaise: giftCards.initialBalancePaise })
      .from(giftCards)
      .where(eq(giftCards.id, giftCardId))
      .for('update');
    if (!card) throw new NotFoundError(COUPON_MESSAGES.giftCardNotFound);
    return card;
  }

  /** Paise already refunded to the card for the order. */
  private async refunded(db: Db, giftCardId: string, orderId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${giftCardTransactions.amountPaise}), 0)::int` })
      .from(giftCardTransactions)
      .where(
        and(
          eq(giftCardTransactions.giftCardId, giftCardId),
          eq(giftCardTransactions.orderId, orderId),
          eq(giftCardTransactions.kind, 'refund'),
        ),
      );
    return Number(row?.total ?? 0);
  }
}
