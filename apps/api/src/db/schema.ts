/**
 * Database schema (Drizzle): gathers the tables every module owns in its own `tables.ts`, for
 * drizzle-kit and the migrations. Tables plural snake_case, keys camelCase; money in integer
 * paise; timestamps UTC timestamptz; ids UUIDs. Migrations are generated from this file with
 * `npm run db:generate -w apps/api` and committed. Nothing but `db/` and tests imports it.
 */
export {
  categories,
  products,
  variants,
  collections,
  productCollections,
  homepageSections,
  testimonials,
  searchTerms,
  searchSynonyms,
  stockMovements,
  catalogImports,
  type ImageJson,
} from '../modules/catalog/tables';
export { users } from '../modules/users/tables';
export { sessions, oneTimeCodes, phoneCodes } from '../modules/auth/tables';
export { smsSends } from '../modules/sms/tables';
export { carts, cartItems, cartReminders, cartReminderOptOuts } from '../modules/cart/tables';
export { wishlistItems } from '../modules/wishlist/tables';
export { reviews } from '../modules/reviews/tables';
export { sizeCharts } from '../modules/sizing/tables';
export { policies } from '../modules/policies/tables';
export { stockAlerts, alertMails } from '../modules/alerts/tables';
export { publishableApiKeys } from '../modules/store/tables';
export { coupons } from '../modules/coupons/tables';
export { couponRedemptions, giftCards, giftCardTransactions } from '../modules/coupons/tables';
export { addresses } from '../modules/addresses/tables';
export { taxRates } from '../modules/taxes/tables';
export { orderNumberSequence, orders, orderItems, orderEvents } from '../modules/orders/tables';
export { payments, paymentEvents, refunds } from '../modules/payments/tables';
export { returnRequests, returnItems, returnFiles } from '../modules/returns/tables';
export { invoiceDocuments, invoiceCounters } from '../modules/invoices/tables';
export { exchangeRequests, exchangeFiles } from '../modules/exchanges/tables';
export { uploads } from '../modules/files/tables';
export {
  staff,
  staffSessions,
  staffInvites,
  staffRecoveryCodes,
  adminSettings,
  auditLog,
  adminNotes,
} from '../modules/staff/tables';
export { webhookEndpoints, webhookDeliveries, webhookAttempts } from '../modules/webhooks/tables';
export { pushSubscriptions, pushPreferences } from '../modules/push/tables';
export { wallets, walletEntries } from '../modules/wallet/tables';
export { whatsappOptIns, whatsappMessages } from '../modules/whatsapp/tables';
export { inactivityNotices } from '../modules/privacy/tables';
export { courierEvents, ndrRequests, codRemittanceBatches, codRemittanceLines } from '../modules/shipping/tables';
export { shipments } from '../modules/shipping/tables';
export { consentRecords, nominees, dataBreaches } from '../modules/consent/tables';
export { grievances, grievanceNumberSequence } from '../modules/grievances/tables';
