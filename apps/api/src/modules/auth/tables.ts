/**
 * Tables of the auth module: sessions (each login is one row, so a signed token can be
 * revoked), one-time codes (email verification and password reset, stored hashed) and the
 * one-time codes sent by SMS to a mobile number (sign-in, a number change and closing an account
 * without an email, stored hashed).
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const OTP_PURPOSES = ['verify_email', 'reset_password', 'erase_account'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    /** HMAC-SHA256 of the code under the server secret; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

export const PHONE_CODE_PURPOSES = ['sign_in', 'change_phone', 'erase_account'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/**
 * Codes texted to a mobile number (docs/behaviour.md "Phone sign-in"). Keyed by the number, since
 * a sign-in code may be for a number without an account; a number change's code and a closing
 * account's code also name the account that asked (`userId`), so only that account can use it.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 10 digits, no +91. */
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: PHONE_CODE_PURPOSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under the server secret; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_phone_purpose_idx').on(t.phone, t.purpose, t.createdAt)],
);
