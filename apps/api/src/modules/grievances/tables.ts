/**
 * Tables of the grievances module (behaviour.md "Grievances"): a complaint lodged by anyone,
 * numbered from a sequence (GRV-2026-000123), acknowledged when the number is issued, with its
 * two clocks (acknowledge within 48 hours, resolve within a month) stored as instants.
 */
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  SHOPPER_LOCALES,
  type GrievanceCategory,
  type GrievanceStatus,
  type ShopperLocale,
} from '@vastra/contracts';
import { index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import { users } from '../users/tables';

/** Feeds the number's digits; a sequence never hands out a number twice, across years too. */
export const grievanceNumberSequence = pgSequence('grievance_number_seq', { startWith: 1 });

export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    /** The signed-in complainant's account; null for a guest. */
    userId: uuid('user_id').references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    orderNumber: text('order_number'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    category: text('category', { enum: GRIEVANCE_CATEGORIES }).$type<GrievanceCategory>().notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: GRIEVANCE_STATUSES }).$type<GrievanceStatus>().notNull().default('acknowledged'),
    /** The language of the page it was lodged on: its mails go in it. */
    locale: text('locale', { enum: SHOPPER_LOCALES }).$type<ShopperLocale>().notNull().default('en'),
    resolution: text('resolution'),
    lodgedAt: timestamp('lodged_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grievances_number_idx').on(t.number),
    index('grievances_user_idx').on(t.userId, t.lodgedAt.desc()),
    index('grievances_queue_idx').on(t.status, t.resolveBy),
  ],
);

export type GrievanceRow = typeof grievances.$inferSelect;
