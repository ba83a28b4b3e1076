/**
 * The registry of a shopper's personal data (docs/behaviour.md "Data rights: export, erasure,
 * retention"): one entry per table that holds it, saying what it is for, how long it is kept,
 * how it is exported and how it is erased. The summary, the export and the erasure all read this
 * list and nothing else, so a table missing here would be neither shown, exported nor erased:
 * `registry.test.ts` reads the Drizzle schema and fails for any table with a user id, a column
 * pointing at `users.id`, or an email or phone column that is not listed (or declared not a
 * shopper's).
 *
 * Entries name tables by their SQL names and hold their statements as SQL: the registry is the
 * one place that reaches across every module's tables, on purpose (one transaction, one list to
 * audit), and the test above ties it to the schema. Each statement takes the user id as a bound
 * parameter.
 */
import type { PersonalDataKind as DataKind } from '@vastra/contracts';
import { sql, type SQL } from 'drizzle-orm';

/**
 * What erasure does to an entry's rows: `delete` them; `anonymise` them (the statement keeps the
 * row without the personal parts); `keep` them as a record a law requires (orders, invoices, the
 * store credit ledger, consents, grievances), restricted and purged by the retention job: with
 * their order past its `retain_until`, or once the account has no order left and
 * `KEPT_RECORDS_YEARS` have passed since its erasure (retention.ts).
 */
export type ErasureAction = 'delete' | 'anonymise' | 'keep';

export type PersonalDataEntry = {
  /** The table's SQL name. */
  table: string;
  kind: DataKind;
  /** Rows shown in the export but not counted in the summary (an order's lines, a cart's items). */
  detail?: boolean;
  /** Rows of the user (`SELECT *` of this table, filtered): the export and the count read them. */
  rows: (userId: string) => SQL;
  /** Columns never exported: password hashes, code hashes, Google ids, session ids. */
  secret?: readonly string[];
} & (
  | {
      action: 'delete' | 'anonymise';
      /** The statement erasing or anonymising the user's rows. */
      erase: (userId: string) => SQL;
    }
  | {
      action: 'keep';
      /**
       * The `DELETE` (without `RETURNING`: the job counts its rows) of the kept rows of the
       * accounts whose ids `users` selects (a subquery), run by the retention job's purge.
       */
      purge: (users: SQL) => SQL;
    }
);

const byUser = (table: string) => (userId: string) =>
  sql`SELECT * FROM ${sql.identifier(table)} WHERE user_id = ${userId}`;
const deleteByUser = (table: string) => (userId: string) =>
  sql`DELETE FROM ${sql.identifier(table)} WHERE user_id = ${userId}`;
/** A table of one module keyed by the user: exported whole, deleted on erasure. */
const owned = (table: string, kind: DataKind, secret?: readonly string[], detail = false): PersonalDataEntry => ({
  table,
  kind,
  detail,
  rows: byUser(table),
  secret,
  action: 'delete',
  erase: deleteByUser(table),
});
const ordersOf = (userId: string) => sql`SELECT id FROM orders WHERE user_id = ${userId}`;
/** A record kept after erasure, keyed by the user: exported whole, purged in the end (ErasureAction). */
const kept = (table: string, kind: DataKind, detail = false): PersonalDataEntry => ({
  table,
  kind,
  detail,
  rows: byUser(table),
  action: 'keep',
  purge: (users) => sql`DELETE FROM ${sql.identifier(table)} WHERE user_id IN (${users})`,
});
/** A record of an order, kept with it and purged with it (its `purge` then finds none left). */
const keptWithOrder = (table: string): PersonalDataEntry => ({
  table,
  detail: true,
  kind: 'orders',
  rows: (u) => sql`SELECT * FROM ${sql.identifier(table)} WHERE order_id IN (${ordersOf(u)})`,
  action: 'keep',
  purge: (users) =>
    sql`DELETE FROM ${sql.identifier(table)} WHERE order_id IN (SELECT id FROM orders WHERE user_id IN (${users}))`,
});

/** Every table holding a shopper's personal data, in the order erasure runs (children first). */
export const PERSONAL_DATA: readonly PersonalDataEntry[] = [
  owned('sessions', 'sessions', ['id']),
  owned('one_time_codes', 'codes', ['code_hash']),
  {
    table: 'phone_codes',
    kind: 'codes',
    // A sign-in code names the number only: the account's number finds those too.
    rows: (u) =>
      sql`SELECT * FROM phone_codes WHERE user_id = ${u}
            OR phone = (SELECT phone FROM users WHERE id = ${u} AND phone IS NOT NULL)`,
    secret: ['code_hash'],
    action: 'delete',
    erase: (u) =>
      sql`DELETE FROM phone_codes WHERE user_id = ${u}
            OR phone = (SELECT phone FROM users WHERE id = ${u} AND phone IS NOT NULL)`,
  },
  owned('sms_sends', 'codes', undefined, true),
  owned('addresses', 'addresses'),
  {
    table: 'cart_items',
    detail: true,
    kind: 'carts',
    rows: (u) => sql`SELECT * FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u})`,
    action: 'delete',
    erase: (u) => sql`DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u})`,
  },
  owned('cart_reminders', 'carts', undefined, true),
  owned('cart_reminder_opt_outs', 'carts', undefined, true),
  owned('carts', 'carts'),
  owned('wishlist_items', 'wishlist'),
  owned('stock_alerts', 'alerts'),
  owned('alert_mails', 'alerts', undefined, true),
  owned('push_subscriptions', 'devices', ['endpoint', 'p256dh', 'auth']),
  owned('push_preferences', 'devices', undefined, true),
  owned('whatsapp_opt_ins', 'messaging'),
  // A delivery's answers (the phone given to the courier) serve no purpose once the order is done.
  owned('ndr_requests', 'orders', undefined, true),
  owned('nominees', 'nominee'),
  // Proof of what the shopper agreed to and when (DPDP Act s.6(10)): kept while an order is, and
  // at least KEPT_RECORDS_YEARS after the erasure (the time to bring a claim), then purged.
  kept('consent_records', 'consents'),
  // The record of a complaint and its answer (Consumer Protection (E-Commerce) Rules, 2020): kept
  // and purged as the consents are.
  kept('grievances', 'grievances'),
  // The files go from the file store after the commit (PrivacyService.erase).
  owned('uploads', 'uploads'),
  {
    table: 'return_files',
    detail: true,
    kind: 'uploads',
    rows: (u) =>
      sql`SELECT * FROM return_files WHERE return_request_id IN (SELECT id FROM return_requests WHERE user_id = ${u})`,
    action: 'delete',
    erase: (u) =>
      sql`DELETE FROM return_files WHERE return_request_id IN (SELECT id FROM return_requests WHERE user_id = ${u})`,
  },
  {
    table: 'exchange_files',
    detail: true,
    kind: 'uploads',
    rows: (u) =>
      sql`SELECT * FROM exchange_files WHERE exchange_request_id IN (SELECT id FROM exchange_requests WHERE user_id = ${u})`,
    action: 'delete',
    erase: (u) =>
      sql`DELETE FROM exchange_files WHERE exchange_request_id IN (SELECT id FROM exchange_requests WHERE user_id = ${u})`,
  },
  {
    // Kept, so product ratings stay true; the author shows as the tombstone's name and the photos go.
    table: 'reviews',
    kind: 'reviews',
    rows: byUser('reviews'),
    action: 'anonymise',
    erase: (u) => sql`UPDATE reviews SET photo_keys = '{}'::text[] WHERE user_id = ${u}`,
  },
  // GST records (CGST Act s.36): kept until retain_until, then purged by the retention job.
  {
    table: 'orders',
    kind: 'orders',
    rows: byUser('orders'),
    secret: ['idempotency_key', 'payment_url'],
    action: 'anonymise',
    // The invoice needs the buyer's name and address (place of supply); the phone number goes.
    erase: (u) =>
      sql`UPDATE orders SET shipping_address = jsonb_set(shipping_address, '{phone}', '""'::jsonb),
            payment_url = NULL, idempotency_key = NULL WHERE user_id = ${u}`,
  },
  keptWithOrder('order_items'),
  keptWithOrder('invoice_documents'),
  // The ledger of store credit is the store's account of what it owed: kept while an order is,
  // and at least KEPT_RECORDS_YEARS after the erasure. Before the returns its entries point at.
  kept('wallet_entries', 'storeCredit'),
  kept('wallets', 'storeCredit', true),
  // Coupon uses, returns and exchanges: kept with their orders (they go with them), and any left
  // KEPT_RECORDS_YEARS after the erasure.
  kept('coupon_redemptions', 'orders', true),
  kept('return_requests', 'returnsAndExchanges'),
  kept('exchange_requests', 'returnsAndExchanges'),
  // Only that a notice went and when: the evidence the 48 hours were given; purged as the consents are.
  kept('inactivity_notices', 'notices'),
  {
    table: 'users',
    kind: 'account',
    rows: (u) => sql`SELECT * FROM users WHERE id = ${u}`,
    secret: ['password_hash', 'google_sub'],
    action: 'anonymise',
    // The tombstone: no email, phone, password or Google id, so nobody signs in to it and the
    // same email or number registers afresh; the name reviews show becomes neutral.
    erase: (u) =>
      sql`UPDATE users SET email = NULL, phone = NULL, phone_verified_at = NULL, name = 'Former customer',
            gender = NULL, date_of_birth = NULL, avatar_key = NULL, password_hash = NULL, google_sub = NULL,
            is_email_verified = false, alerts_unsubscribed_at = now(), erased_at = now(), updated_at = now()
          WHERE id = ${u}`,
  },
];

/**
 * Tables with an email or phone column that are not a shopper's data: the store's own staff.
 * The registry test accepts these without an entry.
 */
export const NOT_SHOPPER_DATA: readonly string[] = ['staff', 'staff_invites'];
