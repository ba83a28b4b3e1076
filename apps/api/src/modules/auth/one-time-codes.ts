/**
 * One-time codes mailed for email verification and password reset: 6 digits, valid for
 * OTP_TTL_MS (10 minutes), at most OTP_MAX_ATTEMPTS (5) tries, at most one new code per
 * OTP_RESEND_INTERVAL_MS (1 minute), stored only as an HMAC under the server secret. A new
 * code replaces the previous one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS, OTP_RESEND_INTERVAL_MS, OTP_TTL_MS } from '@vastra/contracts';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TooManyRequestsError, ValidationError } from '../../lib/errors';
import { oneTimeCodes, type OtpPurpose } from './tables';

export class OneTimeCodeService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  private hash(code: string): string {
    return createHmac('sha256', this.secret).update(code).digest('hex');
  }

  /**
   * Makes a new code for the user and purpose and returns it (to be mailed, never stored).
   * Throws TooManyRequestsError when the previous one is less than a minute old.
   */
  async issue(userId: string, purpose: OtpPurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ createdAt: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1)
        .for('update');
      const waitMs = last ? last.createdAt.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime() : 0;
      if (waitMs > 0) throw new TooManyRequestsError(AUTH_MESSAGES.codeResendTooSoon, Math.ceil(waitMs / 1000));
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)),
        );
      await tx.insert(oneTimeCodes).values({
        userId,
        purpose,
        codeHash: this.hash(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
      return code;
    });
  }

  /**
   * Checks a code and uses it up. Each try is counted before the comparison, so parallel
   * guesses cannot exceed the limit. Throws ValidationError (wrong or expired code) or
   * TooManyRequestsError (tries used up).
   */
  async consume(userId: string, purpose: OtpPurpose, code: string): Promise<void> {
    const [current] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!current) throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
    if (current.expiresAt <= new Date()) throw new ValidationError(AUTH_MESSAGES.codeExpired);
    const [counted] = await this.db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(
        and(
          eq(oneTimeCodes.id, current.id),
          isNull(oneTimeCodes.consumedAt),
          lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .returning({ attempts: oneTimeCodes.attempts });
    if (!counted) throw new TooManyRequestsError(AUTH_MESSAGES.codeAttemptsExceeded);
    const given = Buffer.from(this.hash(code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(current.codeHash, 'hex'))) {
      if (counted.attempts >= OTP_MAX_ATTEMPTS) throw new TooManyRequestsError(AUTH_MESSAGES.codeAttemptsExceeded);
      throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
    }
    const used = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    // Two right answers at once: only the first one counts.
    if (used.length === 0) throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
  }
}
