/**
 * Tables of the consent module (docs/behaviour.md "Consent and the privacy notice"; docs/admin.md
 * "Data breaches"): the append-only record of each shopper's consents, the nominee a shopper
 * names, and the store's register of personal data breaches.
 */
import { CONSENT_ACTIONS, CONSENT_CHANNELS, CONSENT_PURPOSES } from '@vastra/contracts';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * One row per consent given or withdrawn, never updated by the store; kept when the account is
 * erased, as proof of consent, and purged by the retention job in the end (docs/behaviour.md
 * "Data rights: export, erasure, retention"). A purpose's current state is its latest row.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the latest record is the highest (two may share a timestamp). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    action: text('action', { enum: CONSENT_ACTIONS }).notNull(),
    /** The privacy notice's version (PRIVACY_NOTICE_VERSION) in force when it happened. */
    noticeVersion: text('notice_version').notNull(),
    channel: text('channel', { enum: CONSENT_CHANNELS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_user_purpose_idx').on(t.userId, t.purpose, t.seq)],
);

/** The one person a shopper nominates to exercise their rights (DPDP Act s. 14). */
export const nominees = pgTable('nominees', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  relationship: text('relationship').notNull(),
  email: text('email'),
  phone: text('phone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The register of personal data breaches the owner keeps (DPDP Rules, 2025, rule 7). */
export const dataBreaches = pgTable('data_breaches', {
  id: uuid('id').primaryKey().defaultRandom(),
  discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull(),
  /** What happened. */
  description: text('description').notNull(),
  /** The kinds of personal data affected, in words (names, addresses, order history…). */
  dataCategories: text('data_categories').notNull(),
  /** About how many people were affected. */
  approxAffected: integer('approx_affected').notNull(),
  measuresTaken: text('measures_taken').notNull().default(''),
  reportedToBoardAt: timestamp('reported_to_board_at', { withTimezone: true }),
  peopleInformedAt: timestamp('people_informed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
