/**
 * Table of the store module: publishable API keys that /store/* requests must carry in
 * `x-publishable-api-key` (the Medusa v2 Store API convention).
 */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const publishableApiKeys = pgTable('publishable_api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** `pk_` plus 64 hex characters; not a secret (it ships to browsers), but unknown keys are refused. */
  token: text('token').notNull().unique(),
  title: text('title').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
