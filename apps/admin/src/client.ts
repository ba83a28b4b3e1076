/**
 * The admin app's one client of the admin API (docs/admin.md "The admin app"): a function per
 * call, each answer parsed with the contract's zod schema (`@vastra/contracts`), so a screen
 * gets the type the API promises or an ApiError, never an unchecked cast. Answers without a
 * contract schema (the job history, an order's and a customer's composite detail, an
 * invitation) are parsed with the small local schemas below. The data provider
 * (dataProvider.ts) calls the same functions for react-admin's lists and records.
 */
import {
  adminPolicySchema,
  policyPreviewSchema,
  type PolicyBody,
  adminCategoryNodeSchema,
  adminCategoryRecordSchema,
  adminCategorySchema,
  adminCollectionDetailSchema,
  adminCollectionSchema,
  adminCouponSchema,
  adminDashboardSchema,
  cartReminderStatsSchema,
  legalCheckSchema,
  dataBreachSchema,
  type DataBreachBody,
  adminGiftCardDetailSchema,
  adminGrievanceSchema,
  type GrievanceStatusBody,
  adminNoteSchema,
  adminProductRowSchema,
  adminProductSchema,
  adminSectionSchema,
  adminSessionSchema,
  adminShipmentSchema,
  shipmentDocumentSchema,
  shipmentResultSchema,
  adminSettingsSchema,
  catalogImportSchema,
  webhookCreateBodySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookWithSecretSchema,
  categoryCreateBodySchema,
  couponCategorySchema,
  customerRowSchema,
  walletSchema,
  type WalletAdjustmentBody,
  deliverySettingsSchema,
  adminNdrRowSchema,
  remittanceReportSchema,
  remittanceUploadResultSchema,
  gstReportSchema,
  homepageSectionSchema,
  searchSynonymSchema,
  type SearchSynonymBody,
  issuedGiftCardSchema,
  moderatedReviewSchema,
  orderSchema,
  pageOf,
  priceChangeResultSchema,
  productImageSchema,
  productStatusResultSchema,
  returnRequestSchema,
  exchangeRequestSchema,
  sizeChartSchema,
  staffSchema,
  stockImportResultSchema,
  stockMovementSchema,
  storeSettingsViewSchema,
  taxRatePreviewResultSchema,
  taxRateSchema,
  type AdminSettings,
  type CategoryUpdateBody,
  type CollectionUpdateBody,
  type CouponBody,
  type DeliverySettings,
  type GiftCardIssueBody,
  type PriceChangeBody,
  type ProductCreateBody,
  type ProductStatus,
  type ProductUpdateBody,
  type SectionType,
  type SizeChartBody,
  type StockAdjustBody,
  type StockImportBody,
  type StoreSettings,
  type TaxRateBody,
  type VariantInput,
  type VariantUpdateBody,
} from '@vastra/contracts';
import { z } from 'zod';
import { request, send, query } from './api';

/** A row react-admin lists and shows: any record with an id (its other fields as the API sent them). */
export const raRecordSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });
export type ApiRecord = z.infer<typeof raRecordSchema>;

/** A job of the history (local: the API's jobs route keeps its schema to itself). */
const jobSchema = z.looseObject({ id: z.string(), name: z.string(), state: z.string() });

/** An order's detail as the admin reads it (local: the API's composite answer). */
const orderDetailSchema = z.object({
  order: raRecordSchema,
  customer: z.unknown(),
  notes: z.array(adminNoteSchema),
  taxRules: z.array(z.unknown()),
});

/** A customer with their orders, returns, addresses and notes (local: the API's composite answer). */
const customerDetailSchema = z.looseObject({ customer: customerRowSchema });

/** What a set-up link stands for (local: the API's invitation check). */
const inviteSchema = z.object({ email: z.string(), name: z.string(), role: z.string() });
export type Invite = z.infer<typeof inviteSchema>;

const idAnswer = z.object({ id: z.string() });
const shipmentResultsSchema = z.object({ results: z.array(shipmentResultSchema) });
const idsAnswer = z.object({ ids: z.array(z.string()) });

/** The body of an order's next step (POST /orders/:id/steps). */
export type StepBody = {
  to: string;
  note?: string;
  courier?: string;
  awb?: string;
  trackingUrl?: string;
  estimatedDelivery?: string;
};

/** The body of a return's step (POST /orders/:id/return/:step). */
/** The body of an exchange step (docs/admin.md "Exchanges"). */
export type ExchangeStepBody = { note?: string; restock?: boolean; courier?: string; awb?: string };

export type ReturnStepBody = {
  note?: string;
  restock?: boolean;
  lines?: { orderItemId: string; restock: boolean }[];
};

/** A homepage section's fields as its form sends them; the API checks the content against its type's schema. */
export type SectionBody = {
  title: string;
  subtitle: string | null;
  titleHi: string | null;
  subtitleHi: string | null;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  content: Record<string, unknown>;
};

const POST = 'POST';

/** Every call of the admin API the app makes, by area. Each throws ApiError on a refusal. */
export const adminApi = {
  auth: {
    me: () => request(adminSessionSchema, '/auth/me'),
    login: (body: { email: string; password: string; code?: string; recoveryCode?: string }) =>
      request(adminSessionSchema, '/auth/login', { method: POST, body }),
    logout: () => send('/auth/logout', { method: POST }),
    startTotp: () => request(z.object({ secret: z.string(), uri: z.string() }), '/auth/totp/setup', { method: POST }),
    enableTotp: (code: string) =>
      request(z.object({ recoveryCodes: z.array(z.string()) }), '/auth/totp/enable', { method: POST, body: { code } }),
    checkInvite: (token: string) => request(inviteSchema, '/invites/check', { method: POST, body: { token } }),
    acceptInvite: (token: string, password: string) =>
      request(staffSchema, '/invites/accept', { method: POST, body: { token, password } }),
  },
  settings: {
    get: () => request(adminSettingsSchema, '/settings'),
    save: (change: Partial<AdminSettings>) =>
      request(adminSettingsSchema, '/settings', { method: 'PUT', body: change }),
    store: () => request(storeSettingsViewSchema, '/store-settings'),
    saveStore: (body: StoreSettings) => request(storeSettingsViewSchema, '/store-settings', { method: 'PUT', body }),
    delivery: () => request(deliverySettingsSchema, '/delivery-settings'),
    saveDelivery: (body: DeliverySettings) =>
      request(deliverySettingsSchema, '/delivery-settings', { method: 'PUT', body }),
  },
  dashboard: () => request(adminDashboardSchema, '/dashboard'),
  cartReminderStats: () => request(cartReminderStatsSchema, '/stats/cart-reminders'),
  compliance: () => request(legalCheckSchema, '/compliance'),
  gstReport: (month: string) => request(gstReportSchema, `/reports/gst${query({ month })}`),
  taxRates: {
    list: () => request(z.array(taxRateSchema), '/tax-rates'),
    save: (id: string | undefined, body: TaxRateBody) =>
      request(taxRateSchema, id ? `/tax-rates/${id}` : '/tax-rates', { method: id ? 'PUT' : POST, body }),
    remove: (id: string) => request(idAnswer, `/tax-rates/${id}`, { method: 'DELETE' }),
    preview: (body: {
      pricePaise: number;
      hsnCode: string;
      categoryId: string | null;
      change?: { id?: string; rule: TaxRateBody };
    }) => request(taxRatePreviewResultSchema, '/tax-rates/preview', { method: POST, body }),
  },
  categories: {
    /** The leaf categories a product or a rule can name, with their paths. */
    list: () => request(z.array(adminCategorySchema), '/categories'),
    tree: () => request(z.array(adminCategoryNodeSchema), '/categories/tree'),
    create: (body: z.input<typeof categoryCreateBodySchema>) =>
      request(adminCategoryRecordSchema, '/categories', { method: POST, body }),
    update: (id: string, body: CategoryUpdateBody) =>
      request(adminCategoryRecordSchema, `/categories/${id}`, { method: 'PATCH', body }),
    order: (parentId: string | null, ids: string[]) =>
      request(idsAnswer, '/categories/order', { method: POST, body: { parentId, ids } }),
  },
  searchSynonyms: {
    list: () => request(z.array(searchSynonymSchema), '/search-synonyms'),
    create: (body: SearchSynonymBody) => request(searchSynonymSchema, '/search-synonyms', { method: POST, body }),
    update: (id: string, body: SearchSynonymBody) =>
      request(searchSynonymSchema, `/search-synonyms/${id}`, { method: 'PUT', body }),
    remove: (id: string) => request(idAnswer, `/search-synonyms/${id}`, { method: 'DELETE' }),
  },
  collections: {
    list: () => request(z.array(adminCollectionSchema), '/collections'),
    get: (id: string) => request(adminCollectionDetailSchema, `/collections/${id}`),
    create: (name: string) => request(adminCollectionDetailSchema, '/collections', { method: POST, body: { name } }),
    update: (id: string, body: CollectionUpdateBody) =>
      request(adminCollectionDetailSchema, `/collections/${id}`, { method: 'PATCH', body }),
    order: (ids: string[]) => request(idsAnswer, '/collections/order', { method: POST, body: { ids } }),
    /** Adds the products to the collection (`add`) or takes them out. */
    setMembers: (body: { ids: string[]; collectionId: string; action: 'add' | 'remove' }) =>
      request(z.object({ changed: z.number().int() }), '/products/collections', { method: POST, body }),
  },
  products: {
    search: (params: Record<string, unknown>) => request(pageOf(adminProductRowSchema), `/products${query(params)}`),
    create: (body: ProductCreateBody) => request(adminProductSchema, '/products', { method: POST, body }),
    update: (id: string, body: ProductUpdateBody) =>
      request(adminProductSchema, `/products/${id}`, { method: 'PATCH', body }),
    setStatus: (ids: string[], status: ProductStatus) =>
      request(productStatusResultSchema, '/products/status', { method: POST, body: { ids, status } }),
    changePrices: (body: PriceChangeBody) =>
      request(priceChangeResultSchema, '/products/prices', { method: POST, body }),
    addSize: (productId: string, body: VariantInput) =>
      request(adminProductSchema, `/products/${productId}/variants`, { method: POST, body }),
    updateSize: (variantId: string, body: VariantUpdateBody) =>
      request(idAnswer, `/variants/${variantId}`, { method: 'PATCH', body }),
    removeSize: (variantId: string) => request(idAnswer, `/variants/${variantId}`, { method: 'DELETE' }),
    adjustStock: (variantId: string, body: StockAdjustBody) =>
      request(stockMovementSchema, `/variants/${variantId}/stock`, { method: POST, body }),
    stockMovements: (variantId: string) => request(z.array(stockMovementSchema), `/variants/${variantId}/movements`),
    importStock: (body: StockImportBody) => request(stockImportResultSchema, '/stock/import', { method: POST, body }),
    /** The product's photos; `path` and `method` name a change (`/order` PUT, `/:id/primary` POST, `/:id` DELETE). */
    images: (productId: string, change?: { method: 'PUT' | 'POST' | 'DELETE'; path: string; body?: unknown }) =>
      request(
        z.array(productImageSchema),
        `/products/${productId}/images${change?.path ?? ''}`,
        change ? { method: change.method, body: change.body } : {},
      ),
  },
  catalogImports: {
    list: () => request(z.array(catalogImportSchema), '/catalog/imports'),
    get: (id: string) => request(catalogImportSchema, `/catalog/imports/${id}`),
    start: (body: { csv: string; fileName: string; dryRun: boolean }) =>
      request(catalogImportSchema, '/catalog/imports', { method: POST, body }),
  },
  homepage: {
    sections: () => request(z.array(adminSectionSchema), '/homepage/sections'),
    section: (id: string) => request(adminSectionSchema, `/homepage/sections/${id}`),
    create: (body: SectionBody & { sectionType: SectionType }) =>
      request(adminSectionSchema, '/homepage/sections', { method: POST, body }),
    update: (id: string, body: SectionBody) =>
      request(adminSectionSchema, `/homepage/sections/${id}`, { method: 'PATCH', body }),
    remove: (id: string) => request(idAnswer, `/homepage/sections/${id}`, { method: 'DELETE' }),
    order: (ids: string[]) => request(z.array(adminSectionSchema), '/homepage/order', { method: 'PUT', body: { ids } }),
    preview: (at: string) =>
      request(
        z.object({ at: z.string(), sections: z.array(homepageSectionSchema) }),
        `/homepage/preview${query({ at })}`,
      ),
  },
  grievances: {
    status: (id: string, body: GrievanceStatusBody) =>
      request(adminGrievanceSchema, `/grievances/${id}/status`, { method: POST, body }),
  },
  exchanges: {
    step: (id: string, step: string, body: ExchangeStepBody) =>
      request(z.object({ exchange: exchangeRequestSchema }), `/exchanges/${id}/${step}`, { method: POST, body }),
  },
  shipments: {
    book: (ids: string[]) => request(shipmentResultsSchema, '/shipments/book', { method: POST, body: { ids } }),
    labels: (ids: string[]) => request(shipmentDocumentSchema, '/shipments/labels', { method: POST, body: { ids } }),
    manifest: (ids: string[]) =>
      request(shipmentDocumentSchema, '/shipments/manifest', { method: POST, body: { ids } }),
    pickup: (ids: string[]) => request(shipmentResultsSchema, '/shipments/pickup', { method: POST, body: { ids } }),
    ship: (ids: string[]) => request(shipmentResultsSchema, '/shipments/ship', { method: POST, body: { ids } }),
    ofOrder: (id: string) => request(adminShipmentSchema.nullable(), `/orders/${id}/shipment`),
  },
  orders: {
    step: (id: string, body: StepBody) => request(orderSchema, `/orders/${id}/steps`, { method: POST, body }),
    bulkSteps: (ids: string[], to: 'confirmed' | 'packed') =>
      request(
        z.object({ moved: z.array(z.string()), refused: z.array(z.object({ id: z.string(), message: z.string() })) }),
        '/orders/bulk-steps',
        { method: POST, body: { ids, to } },
      ),
    cancel: (id: string, reason: string) =>
      request(orderSchema, `/orders/${id}/cancel`, { method: POST, body: { reason } }),
    recordCod: (id: string, collected: boolean) =>
      request(orderSchema, `/orders/${id}/cod`, { method: POST, body: { collected } }),
    resendConfirmation: (id: string) =>
      request(z.object({ sent: z.boolean() }), `/orders/${id}/resend-confirmation`, { method: POST }),
    returnStep: (orderId: string, step: string, body: ReturnStepBody) =>
      request(
        z.object({ returnRequest: returnRequestSchema, order: orderSchema }),
        `/orders/${orderId}/return/${step}`,
        { method: POST, body },
      ),
  },
  notes: {
    add: (entity: 'orders' | 'customers', id: string, body: string) =>
      request(adminNoteSchema, `/${entity}/${id}/notes`, { method: POST, body: { body } }),
  },
  refunds: {
    retry: (id: string) =>
      request(
        z.object({ id: z.string(), status: z.string(), providerState: z.string().nullable() }),
        `/refunds/${id}/retry`,
        { method: POST },
      ),
  },
  customers: {
    setBlocked: (id: string, blocked: boolean) =>
      request(customerRowSchema, `/customers/${id}/block`, { method: POST, body: { blocked } }),
    wallet: (id: string) => request(walletSchema, `/customers/${id}/wallet`),
    adjustWallet: (id: string, body: WalletAdjustmentBody) =>
      request(walletSchema, `/customers/${id}/wallet`, { method: POST, body }),
  },
  reviews: {
    hide: (id: string, reason: string) =>
      request(moderatedReviewSchema, `/reviews/${id}/hide`, { method: POST, body: { reason } }),
    restore: (id: string) => request(moderatedReviewSchema, `/reviews/${id}/restore`, { method: POST }),
  },
  coupons: {
    categories: () => request(z.array(couponCategorySchema), '/coupons/categories'),
    create: (body: CouponBody) => request(adminCouponSchema, '/coupons', { method: POST, body }),
    update: (id: string, body: CouponBody) => request(adminCouponSchema, `/coupons/${id}`, { method: 'PUT', body }),
    setActive: (id: string, active: boolean) =>
      request(adminCouponSchema, `/coupons/${id}/${active ? 'activate' : 'deactivate'}`, { method: POST }),
  },
  giftCards: {
    issue: (body: GiftCardIssueBody) => request(issuedGiftCardSchema, '/gift-cards', { method: POST, body }),
    setActive: (id: string, active: boolean) =>
      request(adminGiftCardDetailSchema, `/gift-cards/${id}/${active ? 'enable' : 'disable'}`, { method: POST }),
  },
  policies: {
    list: () => request(z.array(adminPolicySchema), '/policies'),
    save: (slug: string, body: PolicyBody) => request(adminPolicySchema, `/policies/${slug}`, { method: 'PUT', body }),
    preview: (body: string) => request(policyPreviewSchema, '/policies/preview', { method: POST, body: { body } }),
  },
  sizeCharts: {
    list: () => request(z.array(sizeChartSchema), '/size-charts'),
    save: (id: string, body: SizeChartBody) => request(sizeChartSchema, `/size-charts/${id}`, { method: 'PUT', body }),
  },
  staff: {
    list: () => request(z.array(staffSchema), '/staff'),
    invite: (body: { email: string; name: string; role: string }) =>
      request(raRecordSchema, '/staff/invites', { method: POST, body }),
    update: (id: string, body: { role?: string; disabled?: boolean }) =>
      request(staffSchema, `/staff/${id}`, { method: 'PATCH', body }),
  },
  webhooks: {
    list: () => request(z.array(webhookEndpointSchema), '/webhooks'),
    create: (body: z.input<typeof webhookCreateBodySchema>) =>
      request(webhookWithSecretSchema, '/webhooks', { method: POST, body }),
    setEnabled: (id: string, enabled: boolean) =>
      request(webhookEndpointSchema, `/webhooks/${id}`, { method: 'PATCH', body: { enabled } }),
    rotateSecret: (id: string) => request(webhookWithSecretSchema, `/webhooks/${id}/rotate-secret`, { method: POST }),
    remove: (id: string) => request(idAnswer, `/webhooks/${id}`, { method: 'DELETE' }),
    deliveries: (id: string) => request(z.array(webhookDeliverySchema), `/webhooks/${id}/deliveries`),
  },
  courier: {
    ndr: () => request(z.array(adminNdrRowSchema), '/ndr'),
    remittance: (missingAfterDays: number) =>
      request(remittanceReportSchema, `/cod-remittance${query({ missingAfterDays })}`),
    uploadRemittance: (body: { fileName: string; csv: string }) =>
      request(remittanceUploadResultSchema, '/cod-remittance/uploads', { method: POST, body }),
  },
  breaches: {
    list: () => request(z.array(dataBreachSchema), '/data-breaches'),
    get: (id: string) => request(dataBreachSchema, `/data-breaches/${id}`),
    create: (body: DataBreachBody) => request(dataBreachSchema, '/data-breaches', { method: POST, body }),
    update: (id: string, body: DataBreachBody) =>
      request(dataBreachSchema, `/data-breaches/${id}`, { method: 'PUT', body }),
  },
  jobs: (limit: number) =>
    request(z.object({ jobs: z.array(jobSchema), depth: z.number().int() }), `/jobs${query({ limit })}`),
  /** A page of a react-admin list (`/orders`, `/coupons`…) with its filters. */
  page: (path: string, params: Record<string, unknown>) => request(pageOf(raRecordSchema), `${path}${query(params)}`),
  /** One record of a react-admin resource (`/products/:id`, `/coupons/:id`…). */
  record: (path: string) => request(raRecordSchema, path),
  orderDetail: (id: string) => request(orderDetailSchema, `/orders/${id}`),
  customerDetail: (id: string) => request(customerDetailSchema, `/customers/${id}`),
};
