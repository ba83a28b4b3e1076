/**
 * Sending one-time codes by SMS under limits that hold across API instances (docs/behaviour.md
 * "Phone sign-in"): every send is first written to the `sms_sends` ledger, under one
 * transaction-scoped advisory lock, after counting what the ledger already holds for the
 * number, the client address, the account and the whole store. SMS costs money per text and
 * "SMS pumping" fraud sends texts to premium numbers by the thousand, so besides the limits
 * against guessing there is a daily budget per number and one for the store.
 */
import { OTP_RESEND_INTERVAL_MS, AUTH_MESSAGES } from '@vastra/contracts';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../lib/errors';
import type { NoticeSms, OtpSms, SmsSender } from './sender';
import { smsSends } from './tables';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Texts allowed, counted over the last hour (`per…PerHour`) or the last 24 hours (`daily…`). */
export type SmsLimits = {
  perNumberPerHour: number;
  perIpPerHour: number;
  perAccountPerHour: number;
  /** The daily budget of one number (config SMS_DAILY_BUDGET_PER_NUMBER). */
  dailyPerNumber: number;
  /** The store's daily budget, every number together (config SMS_DAILY_BUDGET_STORE). */
  dailyStore: number;
};

/** The defaults of the hourly limits (the daily budgets come from the config). */
export const SMS_HOURLY_LIMITS = { perNumberPerHour: 5, perIpPerHour: 10, perAccountPerHour: 5 } as const;

/** Who asked for a text: the client address and the signed-in account, if any. */
export type SmsRequester = { ip: string; userId?: string };

export class SmsService {
  constructor(
    private readonly db: Db,
    private readonly sender: SmsSender,
    private readonly limits: SmsLimits,
  ) {}

  get kind(): SmsSender['kind'] {
    return this.sender.kind;
  }

  /**
   * Counts one text to `phone` for `who` against the limits and records it, or throws
   * TooManyRequestsError (with the seconds to wait where known): AUTH_MESSAGES.codeResendTooSoon
   * within a minute of the number's last text, smsNumberDailyLimit once the number's daily budget
   * is spent, smsStoreDailyLimit once the store's is, tooManyRequests for the hourly limits per
   * number, address and account. A recorded text counts whether or not it is then delivered.
   */
  async reserve(phone: string, who: SmsRequester): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sms_sends'))`);
      const now = Date.now();
      const hourAgo = new Date(now - HOUR_MS);
      const dayAgo = new Date(now - DAY_MS);
      const userId = who.userId ?? null;
      const [counts] = await tx
        .select({
          store: sql<number>`count(*)::int`,
          number: sql<number>`(count(*) filter (where ${smsSends.phone} = ${phone}))::int`,
          numberHour: sql<number>`(count(*) filter (where ${smsSends.phone} = ${phone} and ${smsSends.createdAt} > ${hourAgo}))::int`,
          ipHour: sql<number>`(count(*) filter (where ${smsSends.ip} = ${who.ip} and ${smsSends.createdAt} > ${hourAgo}))::int`,
          accountHour: sql<number>`(count(*) filter (where ${smsSends.userId} = ${userId} and ${smsSends.createdAt} > ${hourAgo}))::int`,
          lastToNumber: sql<
            Date | string | null
          >`max(${smsSends.createdAt}) filter (where ${smsSends.phone} = ${phone})`,
        })
        .from(smsSends)
        .where(sql`${smsSends.createdAt} > ${dayAgo}`);
      const c = counts!;
      const last = c.lastToNumber ? new Date(c.lastToNumber).getTime() : 0;
      const waitMs = last + OTP_RESEND_INTERVAL_MS - now;
      if (waitMs > 0) throw new TooManyRequestsError(AUTH_MESSAGES.codeResendTooSoon, Math.ceil(waitMs / 1000));
      if (c.store >= this.limits.dailyStore) throw new TooManyRequestsError(AUTH_MESSAGES.smsStoreDailyLimit);
      if (c.number >= this.limits.dailyPerNumber) throw new TooManyRequestsError(AUTH_MESSAGES.smsNumberDailyLimit);
      if (
        c.numberHour >= this.limits.perNumberPerHour ||
        c.ipHour >= this.limits.perIpPerHour ||
        (userId !== null && c.accountHour >= this.limits.perAccountPerHour)
      ) {
        throw new TooManyRequestsError(AUTH_MESSAGES.tooManyRequests);
      }
      await tx.insert(smsSends).values({ phone, ip: who.ip, userId, createdAt: new Date(now) });
    });
  }

  /** Texts the code (after `reserve`). Rejects as the sender does (sender.ts). */
  async sendOtp(sms: OtpSms): Promise<void> {
    await this.sender.sendOtp(sms);
  }

  /**
   * Texts an order update through the notice template (docs/behaviour.md "WhatsApp updates").
   * Not counted in the ledger: one text per order update, not something a caller can ask for.
   */
  async sendNotice(sms: NoticeSms): Promise<void> {
    await this.sender.sendNotice(sms);
  }

  /** Deletes ledger rows older than two days (they count for nothing); the number deleted. */
  async prune(): Promise<number> {
    const gone = await this.db
      .delete(smsSends)
      .where(lt(smsSends.createdAt, new Date(Date.now() - 2 * DAY_MS)))
      .returning({ id: smsSends.id });
    return gone.length;
  }
}
