/**
 * One-time codes texted to a mobile number (docs/behaviour.md "Phone sign-in"): 6 digits, valid
 * for OTP_TTL_MS (10 minutes), at most OTP_MAX_ATTEMPTS (5) tries, stored only as an HMAC under
 * the server secret, as the mailed codes are (one-time-codes.ts). A new code for the same
 * number, purpose and account replaces the previous one. How often a code may be texted is the
 * sms module's ledger's to say (SmsService.reserve), not this table's.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@vastra/contracts';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TooManyRequestsError, ValidationError } from '../../lib/errors';
import { phoneCodes, type PhoneCodePurpose } from './tables';

export class PhoneCodeService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.secret).update(`phone:${phone}:${code}`).digest('hex');
  }

  /** The codes of `phone` for `purpose` and account (`userId`: the number change's caller; null for a sign-in). */
  private owned(phone: string, purpose: PhoneCodePurpose, userId: string | null): SQL {
    return and(
      eq(phoneCodes.phone, phone),
      eq(phoneCodes.purpose, purpose),
      userId === null ? isNull(phoneCodes.userId) : eq(phoneCodes.userId, userId),
    )!;
  }

  /** Makes a new code for the number (replacing the unused ones) and returns it, to be texted, never stored. */
  async issue(phone: string, purpose: PhoneCodePurpose, userId: string | null): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx
        .update(phoneCodes)
        .set({ consumedAt: now })
        .where(and(this.owned(phone, purpose, userId), isNull(phoneCodes.consumedAt)));
      await tx.insert(phoneCodes).values({
        phone,
        purpose,
        userId,
        codeHash: this.hash(phone, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
    });
    return code;
  }

  /**
   * Checks a code and uses it up. Each try is counted before the comparison, so parallel
   * guesses cannot exceed the limit. Throws ValidationError (no code, wrong or expired code) or
   * TooManyRequestsError (tries used up).
   */
  async consume(phone: string, purpose: PhoneCodePurpose, userId: string | null, code: string): Promise<void> {
    const [current] = await this.db
      .select()
      .from(phoneCodes)
      .where(and(this.owned(phone, purpose, userId), isNull(phoneCodes.consumedAt)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    if (!current) throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
    if (current.expiresAt <= new Date()) throw new ValidationError(AUTH_MESSAGES.codeExpired);
    const [counted] = await this.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(
        and(eq(phoneCodes.id, current.id), isNull(phoneCodes.consumedAt), lt(phoneCodes.attempts, OTP_MAX_ATTEMPTS)),
      )
      .returning({ attempts: phoneCodes.attempts });
    if (!counted) throw new TooManyRequestsError(AUTH_MESSAGES.codeAttemptsExceeded);
    const given = Buffer.from(this.hash(phone, code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(current.codeHash, 'hex'))) {
      if (counted.attempts >= OTP_MAX_ATTEMPTS) throw new TooManyRequestsError(AUTH_MESSAGES.codeAttemptsExceeded);
      throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
    }
    const used = await this.db
      .update(phoneCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(phoneCodes.id, current.id), isNull(phoneCodes.consumedAt)))
      .returning({ id: phoneCodes.id });
    // Two right answers at once: only the first one counts.
    if (used.length === 0) throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
  }
}
