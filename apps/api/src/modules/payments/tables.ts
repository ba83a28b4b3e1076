/**
 * Tables of the payments module: one payment per attempt to collect an order's amount
 * through a provider, and every event seen for it (creation, status reads, webhooks,
 * callbacks), kept as received. Money in integer paise.
 */
import type { PaymentMethod, PaymentStatus } from '@vastra/contracts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@vastra/contracts';
import type { RefundMethod, RefundStatus } from '@vastra/contracts';
import { REFUND_METHODS, REFUND_STATUSES } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_METHODS }).$type<PaymentMethod>().notNull(),
    /** Our id of the payment at the provider (PhonePe `merchantOrderId`). */
    merchantOrderId: text('merchant_order_id').notNull(),
    /** The order's number as the orders module gave it when the payment started (shown on the payment page). */
    orderNumber: text('order_number').notNull(),
    /** The provider's own id (PhonePe `orderId`), once known. */
    providerOrderId: text('provider_order_id'),
    amountPaise: integer('amount_paise').notNull(),
    /** behaviour.md §4 status derived from the provider's state. */
    status: text('status', { enum: PAYMENT_STATUSES }).$type<PaymentStatus>().notNull().default('pending'),
    /** The provider's last state as it said it (e.g. COMPLETED, FAILED, PENDING). */
    providerState: text('provider_state'),
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_merchant_order_idx').on(t.merchantOrderId), index('payments_order_idx').on(t.orderId)],
);

export type PaymentRow = typeof payments.$inferSelect;

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** create, status, webhook, callback, sandbox. */
    source: text('source').notNull(),
    providerState: text('provider_state'),
    /** Identifies a delivery from the provider (e.g. webhook event + state); a replay is stored once. */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_events_dedupe_idx').on(t.paymentId, t.dedupeKey),
  ],
);

/**
 * Money given back for an order: through the gateway the order was paid with (sandbox at
 * once; PhonePe asynchronously, its state read back), onto the gift card, or by the store by
 * hand (a COD order's return). One row per refund of a cancelled order (returnRequestId null)
 * or of a return.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The completed payment refunded through its gateway; null for gift card and manual refunds. */
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The return it pays back; null when it refunds a cancelled order. */
    returnRequestId: uuid('return_request_id'),
    method: text('method', { enum: REFUND_METHODS }).$type<RefundMethod>().notNull(),
    /** Our id of the refund at the gateway (PhonePe `merchantRefundId`). */
    merchantRefundId: text('merchant_refund_id').notNull(),
    /** The gateway's own id (PhonePe `refundId`), once known. */
    providerRefundId: text('provider_refund_id'),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).$type<RefundStatus>().notNull().default('pending'),
    /** The gateway's last state as it said it (PENDING, CONFIRMED, COMPLETED, FAILED). */
    providerState: text('provider_state'),
    reason: text('reason'),
    /** The last answer or error, for the operator; never a credential. */
    lastResponse: jsonb('last_response').$type<unknown>(),
    /** Set while one instance asks the gateway for it (a claim, so no two ask at once); null otherwise. */
    submittingAt: timestamp('submitting_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_merchant_refund_idx').on(t.merchantRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    // One refund per method for a cancellation, and per method for each return: a retried request adds nothing.
    uniqueIndex('refunds_cancel_idx')
      .on(t.orderId, t.method)
      .where(sql`${t.returnRequestId} IS NULL`),
    uniqueIndex('refunds_return_idx')
      .on(t.returnRequestId, t.method)
      .where(sql`${t.returnRequestId} IS NOT NULL`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
