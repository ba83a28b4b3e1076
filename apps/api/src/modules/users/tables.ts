/**
 * Tables of the users module: the shopper's account and profile (behaviour.md §3 User). Other modules
 * reach users through UsersService, never through this table. Saved addresses live in the
 * addresses module's address book.
 */
import { PROFILE_GENDERS, SHOPPER_LOCALES } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { boolean, date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased on the way in; unique. Null for an account made with a mobile number that has no email. */
    email: text('email'),
    /** Empty for an account made with a mobile number until the shopper gives their name. */
    name: text('name').notNull(),
    /** The mobile number, 10 digits (no +91). */
    phone: text('phone'),
    /**
     * When a one-time SMS code to `phone` proved it (sign-in or the account's number change); null
     * while the number is only typed in the profile. Only a verified number signs in, and no two
     * accounts share one (docs/behaviour.md "Phone sign-in").
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    gender: text('gender', { enum: PROFILE_GENDERS }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Key of the avatar in the file store (`avatars/<uuid>.<ext>`). */
    avatarKey: text('avatar_key'),
    /** argon2id; null for an account made through Google that never set a password. */
    passwordHash: text('password_hash'),
    /** Google's stable account id (`sub`), once the account has signed in with Google. */
    googleSub: text('google_sub'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** Set when the store blocks the account: it cannot log in or order (docs/admin.md). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Set when the shopper turned off back-in-stock and price-drop mails (unsubscribe link). */
    alertsUnsubscribedAt: timestamp('alerts_unsubscribed_at', { withTimezone: true }),
    /**
     * The account's language ('en' or 'hi'): the shopper's mails go in it (docs/behaviour.md
     * "Languages of mails and invoices").
     */
    locale: text('locale', { enum: SHOPPER_LOCALES }).notNull().default('en'),
    /**
     * Set when the account was closed and its personal data erased (docs/behaviour.md "Data rights:
     * export, erasure, retention"): the row stays as a tombstone (orders kept for GST point to it),
     * with no email, phone, password or Google id, and it can never sign in again.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    uniqueIndex('users_verified_phone_idx')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
