/**
 * The whatsapp module's tables (docs/behaviour.md "WhatsApp updates"): each shopper's choice of
 * order updates on WhatsApp with the number they gave, and one row per update sent (its claim,
 * so an update goes once across instances and retries, and its delivery status from Meta's
 * status webhooks).
 */
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import { users } from '../users/tables';

export const whatsappOptIns = pgTable(
  'whatsapp_opt_ins',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 10 digits, no +91: the number the updates go to. */
    phone: text('phone').notNull(),
    optedIn: boolean('opted_in').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_opt_ins_phone_idx').on(t.phone)],
);

/** How an update went: WhatsApp, a text (SMS) instead, or the COD confirmation's mail. */
export const WHATSAPP_CHANNELS = ['whatsapp', 'sms', 'mail'] as const;
/** An update's status: `sending` (claimed), then Meta's sent → delivered → read, or failed. */
export const WHATSAPP_MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;

export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What was sent, once: `<orderId>:<update>` or `refund:<refundId>`. */
    dedupeKey: text('dedupe_key').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The update: placed, shipped, out_for_delivery, delivered, refunded, cod_confirmation. */
    kind: text('kind').notNull(),
    channel: text('channel', { enum: WHATSAPP_CHANNELS }).notNull().default('whatsapp'),
    status: text('status', { enum: WHATSAPP_MESSAGE_STATUSES }).notNull().default('sending'),
    /** Meta's message id (wamid.…), which its status webhooks name. */
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_dedupe_idx').on(t.dedupeKey),
    index('whatsapp_messages_provider_idx').on(t.providerMessageId),
    index('whatsapp_messages_order_idx').on(t.orderId),
  ],
);
