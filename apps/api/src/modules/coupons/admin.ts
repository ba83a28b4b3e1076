/**
 * The store's side of coupons and gift cards (docs/admin.md "Coupons and gift cards"): coupons
 * listed with their use so far, made, edited, switched off and on; gift cards issued with a
 * random code (mailed to a recipient when asked), read with their balance and movements,
 * switched off and on. The shopper's rules stay in CouponService and GiftCardService; a coupon
 * or card switched off is refused there. Money in integer paise.
 *
 * Errors: NotFoundError (couponNotFound, giftCardNotFound); ConflictError(couponCodeTaken) for
 * a code a coupon or gift card already has (any letter case); ValidationError(unknownCategory
 * | unknownProduct) for eligibility on records that do not exist.
 */
import { randomInt } from 'node:crypto';
import {
  type ShopperLocale,
  MARKETING_MESSAGES,
  type AdminCoupon,
  type AdminGiftCard,
  type AdminGiftCardDetail,
  type CategoryNode,
  type CouponCategory,
  type CouponInput,
  type CouponState,
  type GiftCardIssueInput,
  type IssuedGiftCard,
} from '@vastra/contracts';
import { and, count, desc, eq, getTableColumns, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import { mailLocaleFor } from '../../lib/mail-i18n';
import type { CatalogService } from '../catalog/service';
import { giftCardMail } from './mail';
import { GIFT_CARD_MAIL_JOB, type GiftCardMailJob } from './jobs';
import { couponRedemptions, coupons, giftCards, giftCardTransactions } from './tables';

type ListQuery = { page: number; perPage: number; q?: string; active?: boolean };

// `${coupons}.id`, not `${coupons.id}`: in a select list drizzle leaves a column unqualified,
// and inside the subquery a bare "id" would be the redemption's.
const uses = sql<number>`(SELECT count(*) FROM ${couponRedemptions} r
  WHERE r.coupon_id = ${coupons}.id AND r.released_at IS NULL)::int`;
const discounted = sql<number>`(SELECT coalesce(sum(r.discount_paise), 0) FROM ${couponRedemptions} r
  WHERE r.coupon_id = ${coupons}.id AND r.released_at IS NULL)::int`;
// The first state that applies, by the database's clock (as the checkout judges).
const couponState = sql<CouponState>`CASE
  WHEN NOT ${coupons.isActive} THEN 'inactive'
  WHEN ${coupons.startsAt} > now() THEN 'scheduled'
  WHEN ${coupons.endsAt} <= now() THEN 'expired'
  WHEN ${coupons.usageLimit} IS NOT NULL AND ${uses} >= ${coupons.usageLimit} THEN 'used_up'
  ELSE 'running' END`;

const couponColumns = {
  ...getTableColumns(coupons),
  state: couponState,
  uses,
  discountedPaise: discounted,
};

const cardColumns = {
  id: giftCards.id,
  code: giftCards.code,
  initialBalancePaise: giftCards.initialBalancePaise,
  balancePaise: giftCards.balancePaise,
  expiresAt: giftCards.expiresAt,
  isActive: giftCards.isActive,
  expired: sql<boolean>`coalesce(${giftCards.expiresAt} <= now(), false)`,
  createdAt: giftCards.createdAt,
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function couponOut<R extends { startsAt: Date | null; endsAt: Date | null; createdAt: Date }>(row: R) {
  return { ...row, startsAt: iso(row.startsAt), endsAt: iso(row.endsAt), createdAt: iso(row.createdAt)! };
}

function cardOut(
  row: Omit<AdminGiftCard, 'expiresAt' | 'createdAt'> & { expiresAt: Date | null; createdAt: Date },
): AdminGiftCard {
  return { ...row, expiresAt: iso(row.expiresAt), createdAt: iso(row.createdAt)! };
}

const sameCode = (column: typeof coupons.code | typeof giftCards.code, code: string): SQL =>
  sql`upper(${column}) = upper(${code})`;

/** Letters and digits a person reads back without mistakes: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A new gift card code, `VG-XXXX-XXXX-XXXX-XXXX`: 16 characters from crypto randomness over 31
 * symbols (about 79 bits), too many to guess at the code-lookup rate limit. The hyphens keep it
 * apart from coupon codes (letters and digits only).
 */
export function newGiftCardCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return `VG-${groups.join('-')}`;
}

/** Coupons for the admin: list with use so far, one, create, edit, switch off and on. */
export class CouponAdmin {
  constructor(private readonly deps: { db: Db; catalog: CatalogService }) {}

  /** Coupons, newest first; `q` matches the code or description, `active` the switch. */
  async list(query: ListQuery): Promise<{ rows: AdminCoupon[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.q) conditions.push(or(ilike(coupons.code, `%${query.q}%`), ilike(coupons.description, `%${query.q}%`))!);
    if (query.active !== undefined) conditions.push(eq(coupons.isActive, query.active));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select(couponColumns)
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
      this.deps.db.select({ n: count() }).from(coupons).where(where),
    ]);
    return { rows: rows.map(couponOut), total: Number(total?.n ?? 0) };
  }

  /** One coupon; NotFoundError(couponNotFound). */
  async get(id: string): Promise<AdminCoupon> {
    const [row] = await this.deps.db.select(couponColumns).from(coupons).where(eq(coupons.id, id));
    if (!row) throw new NotFoundError(MARKETING_MESSAGES.couponNotFound);
    return couponOut(row);
  }

  /** Makes a running coupon; ConflictError when the code is taken, ValidationError for unknown eligibility. */
  async create(input: CouponInput): Promise<AdminCoupon> {
    await this.check(input, null);
    const id = await this.write(async () => {
      const [row] = await this.deps.db.insert(coupons).values(this.values(input)).returning({ id: coupons.id });
      return row!.id;
    });
    return this.get(id);
  }

  /** Replaces a coupon's rules; its uses so far stay (and count against new limits). Errors as `create`, and NotFoundError. */
  async update(id: string, input: CouponInput): Promise<AdminCoupon> {
    await this.get(id);
    await this.check(input, id);
    await this.write(() => this.deps.db.update(coupons).set(this.values(input)).where(eq(coupons.id, id)));
    return this.get(id);
  }

  /** Switches a coupon off (shoppers' codes are refused as unknown) or back on; NotFoundError. */
  async setActive(id: string, active: boolean): Promise<AdminCoupon> {
    const changed = await this.deps.db
      .update(coupons)
      .set({ isActive: active })
      .where(eq(coupons.id, id))
      .returning({ id: coupons.id });
    if (changed.length === 0) throw new NotFoundError(MARKETING_MESSAGES.couponNotFound);
    return this.get(id);
  }

  /** Every category, as a flat list in tree order with its path: what a coupon may be limited to. */
  async categories(): Promise<CouponCategory[]> {
    const out: CouponCategory[] = [];
    const walk = (nodes: CategoryNode[], above: string[]) => {
      for (const node of nodes) {
        const path = [...above, node.name];
        out.push({ id: node.id, name: node.name, path: path.join(' › ') });
        walk(node.children, path);
      }
    };
    walk((await this.deps.catalog.categoryTree()).categories, []);
    return out;
  }

  private values(input: CouponInput) {
    return {
      ...input,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    };
  }

  /** The code is free (among coupons other than `self`, and gift cards) and the eligibility exists. */
  private async check(input: CouponInput, self: string | null): Promise<void> {
    const { db, catalog } = this.deps;
    const [coupon] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(sameCode(coupons.code, input.code), self ? ne(coupons.id, self) : undefined))
      .limit(1);
    const [card] = await db
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(sameCode(giftCards.code, input.code))
      .limit(1);
    if (coupon || card) throw new ConflictError(MARKETING_MESSAGES.couponCodeTaken);
    for (const categoryId of new Set(input.categoryIds)) {
      if (!(await catalog.categoryLineage(categoryId))) throw new ValidationError(MARKETING_MESSAGES.unknownCategory);
    }
    const names = await catalog.productNames(input.productIds);
    if (input.productIds.some((id) => !names.has(id))) throw new ValidationError(MARKETING_MESSAGES.unknownProduct);
  }

  /** Runs a write; a code taken meanwhile (the unique index on upper(code)) is ConflictError. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(MARKETING_MESSAGES.couponCodeTaken);
      throw err;
    }
  }
}

/** Gift cards for the admin: list, one with its movements, issue (and mail), switch off and on. */
export class GiftCardAdmin {
  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      jobs: Jobs;
      storefrontUrl: string;
      /** The language of the account with this email, or null (users module): the mail goes in it. */
      localeOfEmail: (email: string) => Promise<ShopperLocale | null>;
    },
  ) {}

  /**
   * The gift-card mail job's handler: mails a card's code (read again by id) in the language of
   * the recipient's account, English for an address without one; rejects when the mail cannot go (retried).
   */
  async mailCard({ giftCardId, recipient }: GiftCardMailJob): Promise<void> {
    const card = await this.get(giftCardId);
    const locale = mailLocaleFor({ account: await this.deps.localeOfEmail(recipient.email) });
    const mail = giftCardMail({
      ...recipient,
      code: card.code,
      amountPaise: card.initialBalancePaise,
      expiresAt: card.expiresAt ? new Date(card.expiresAt) : null,
      // The store's home in the mail's language: Hindi pages are under /hi.
      shopUrl: locale === 'hi' ? `${this.deps.storefrontUrl}/hi` : this.deps.storefrontUrl,
      locale,
    });
    await this.deps.mailer.send({ to: recipient.email, ...mail });
  }

  /** Gift cards, newest first; `q` matches the code, `active` the switch. */
  async list(query: ListQuery): Promise<{ rows: AdminGiftCard[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.q) conditions.push(ilike(giftCards.code, `%${query.q}%`));
    if (query.active !== undefined) conditions.push(eq(giftCards.isActive, query.active));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select(cardColumns)
        .from(giftCards)
        .where(where)
        .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
      this.deps.db.select({ n: count() }).from(giftCards).where(where),
    ]);
    return { rows: rows.map(cardOut), total: Number(total?.n ?? 0) };
  }

  /** One card with its balance and its movements, newest first; NotFoundError(giftCardNotFound). */
  async get(id: string): Promise<AdminGiftCardDetail> {
    const [row] = await this.deps.db.select(cardColumns).from(giftCards).where(eq(giftCards.id, id));
    if (!row) throw new NotFoundError(MARKETING_MESSAGES.giftCardNotFound);
    const history = await this.deps.db
      .select({
        id: giftCardTransactions.id,
        kind: giftCardTransactions.kind,
        amountPaise: giftCardTransactions.amountPaise,
        orderId: giftCardTransactions.orderId,
        createdAt: giftCardTransactions.createdAt,
      })
      .from(giftCardTransactions)
      .where(eq(giftCardTransactions.giftCardId, id))
      .orderBy(desc(giftCardTransactions.createdAt), desc(giftCardTransactions.id));
    return { ...cardOut(row), history: history.map((m) => ({ ...m, createdAt: iso(m.createdAt)! })) };
  }

  /**
   * Issues a card of `amountPaise` with a new random code (a clash, vanishingly unlikely, draws
   * again). With a recipient, the code is mailed by a job after the answer (retried; one that
   * fails every retry is logged and the card stands: its code is in the answer, to pass on by hand).
   */
  async issue(input: GiftCardIssueInput): Promise<IssuedGiftCard> {
    let id: string | undefined;
    let code = '';
    for (let attempt = 0; !id; attempt++) {
      code = newGiftCardCode();
      const inserted = await this.deps.db
        .insert(giftCards)
        .values({
          code,
          initialBalancePaise: input.amountPaise,
          balancePaise: input.amountPaise,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        })
        .onConflictDoNothing()
        .returning({ id: giftCards.id });
      id = inserted[0]?.id;
      if (!id && attempt >= 3) throw new Error('no free gift card code after 4 draws');
    }
    const { recipient } = input;
    if (recipient) await this.deps.jobs.send<GiftCardMailJob>(GIFT_CARD_MAIL_JOB, { giftCardId: id, recipient });
    return { ...(await this.get(id)), mailedTo: recipient?.email ?? null };
  }

  /** Switches a card off (the checkout refuses its code) or back on; the balance is kept. NotFoundError. */
  async setActive(id: string, active: boolean): Promise<AdminGiftCardDetail> {
    const changed = await this.deps.db
      .update(giftCards)
      .set({ isActive: active })
      .where(eq(giftCards.id, id))
      .returning({ id: giftCards.id });
    if (changed.length === 0) throw new NotFoundError(MARKETING_MESSAGES.giftCardNotFound);
    return this.get(id);
  }
}
