/**
 * Table of the policies module (behaviour.md "Policies and listing details"): the store's
 * policy pages, one row per slug, written by the owner in Markdown. `version` goes up by one
 * at every change; the first texts come with the migration that made the table.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const policies = pgTable('policies', {
  /** One of POLICY_SLUGS (contracts/policies.ts): the page's address. */
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  /** The owner's Markdown; raw HTML in it is shown as text, never passed through. */
  body: text('body').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
