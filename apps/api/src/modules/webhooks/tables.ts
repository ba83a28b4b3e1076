/**
 * Tables of the outgoing webhooks (docs/admin.md "Webhooks"): the owner's endpoints, one
 * delivery per event and endpoint (its exact body, signed again at each attempt), and each
 * attempt's outcome for the delivery log.
 */
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@vastra/contracts';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events', { enum: WEBHOOK_EVENTS }).array().notNull(),
  /** The signing secret, AES-256-GCM encrypted under a key derived from the server secret. */
  secretSealed: text('secret_sealed').notNull(),
  /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  /** Deliveries in a row that failed every attempt; a success sets it back to 0. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    /** The JSON body `{ id, event, createdAt, data }` exactly as sent (ids and plain values only). */
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** The receiver's HTTP status; null when no answer came (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    /** The first characters of the receiver's answer. */
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
