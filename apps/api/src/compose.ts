/**
 * Builds every module on the platform, in the order their dependencies ask (docs/architecture.md
 * "Modules as plugins"): each factory gets the services it needs, typed, and returns its own
 * with its routes and jobs; a module that subscribes to another's events does so while it is
 * built (lib/events.ts), so nothing is wired later. The app registers the modules' routes and
 * jobs; the worker only their jobs.
 */
import { SAMPLE_SELLER_GSTIN } from './config';
import { createMailer, type Mailer } from './lib/mail';
import { registerJobs, type ApiModule } from './lib/module';
import { createAdminModule } from './modules/admin';
import { checkShippingAddress, createAddressesModule } from './modules/addresses';
import { createAlertsModule, type AlertsService } from './modules/alerts';
import { createAuthModule, OneTimeCodeService, type SessionService } from './modules/auth';
import { createSmsModule } from './modules/sms';
import { createCartModule, type CartReminders } from './modules/cart';
import { createCatalogModule } from './modules/catalog';
import { createConsentModule, createConsentService } from './modules/consent';
import { createCouponsModule } from './modules/coupons';
import { createFilesModule } from './modules/files';
import { createHealthModule } from './modules/health';
import { createExchangesModule, exchangedLinesOf } from './modules/exchanges';
import { createGrievancesModule } from './modules/grievances';
import { createInvoicesModule } from './modules/invoices';
import { createOrdersModule, hasPlacedOrder, type OrdersService } from './modules/orders';
import { createPaymentsModule, type PaymentService } from './modules/payments';
import { createPricingModule } from './modules/pricing';
import { createPrivacyModule, type Retention } from './modules/privacy';
import { alertPushPort, createPushModule, loadVapidKeys, type PushDeps } from './modules/push';
import { createReturnsModule, createReturnSummaries } from './modules/returns';
import { createReviewsModule } from './modules/reviews';
import { createSettingsModule } from './modules/settings';
import { createCourierModule, createShipmentBookingModule, createShippingModule } from './modules/shipping';
import { createSizingModule } from './modules/sizing';
import { createPoliciesModule } from './modules/policies';
import { createStaffAccounts, createStaffModule, type StaffService } from './modules/staff';
import { createStoreModule } from './modules/store';
import { createTaxesModule } from './modules/taxes';
import { createUsersModule } from './modules/users';
import { createWalletModule } from './modules/wallet';
import { createWebhooks, type WebhooksDeps } from './modules/webhooks';
import { createWhatsappModule } from './modules/whatsapp';
import { createWishlistModule } from './modules/wishlist';
import type { StoreNotifier } from './modules/admin';
import type { Platform } from './platform';

export type Composition = {
  /** In the order they were built: routes are registered and modules started in this order. */
  modules: ApiModule[];
  mailer: Mailer;
  /** What the app exposes to its tests and start-up (app.ts decorations) and authenticates with. */
  sessions: SessionService;
  staff: StaffService;
  orders: OrdersService;
  payments: PaymentService;
  alerts: AlertsService;
  cartReminders: CartReminders;
  retention: Retention;
  storeNotifier: StoreNotifier;
};

/** Tests only: webhooks to a receiver on this machine, a chosen DNS lookup, short retries (modules/webhooks). */
export type WebhookTestOptions = Pick<
  WebhooksDeps,
  'allowPrivateHosts' | 'resolve' | 'retry' | 'timeoutMs' | 'disableAfter'
>;

/** Tests only: push to a stand-in push service on this machine, through this connection (modules/push). */
export type PushTestOptions = Pick<PushDeps, 'anyPushHost' | 'agent' | 'retry'>;

export function composeModules(
  platform: Platform,
  testOptions: { webhooks?: WebhookTestOptions; push?: PushTestOptions } = {},
): Composition {
  const { config, database, db, log, jobs, events, secret, files } = platform;
  const storefrontUrl = config.storefrontOrigins[0]!;
  const mediaUrl = (mediaPath: string) => (mediaPath.startsWith('/') ? `${config.publicUrl}${mediaPath}` : mediaPath);

  const accounts = createStaffAccounts({ db, secret, redis: platform.redis });
  const { settings, module: settingsModule } = createSettingsModule({
    store: accounts.staff,
    defaults: config.storeDefaults,
    configuredGateways: config.configuredGateways,
    storeState: config.checkout.storeState,
    refusedGstin: config.env === 'production' ? SAMPLE_SELLER_GSTIN : null,
    mediaUrl,
    files,
    log,
  });
  // Every mail names the store as its settings say when it is sent.
  const mailer = createMailer({
    ...config.mail,
    dataDir: config.dataDir,
    env: config.env,
    logger: log,
    storeName: () => settings.storeName(),
  });
  const staffModule = createStaffModule({
    accounts,
    db,
    mailer,
    jobs,
    events,
    secret,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
  });
  const filesModule = createFilesModule({ db, files, uploadQuotaBytes: config.limits.uploadQuotaBytes });
  const { uploads } = filesModule;
  const addresses = createAddressesModule({ db });
  const { pincodes, addressBook } = addresses;
  const users = createUsersModule({ db, publicUrl: config.publicUrl, uploads, addresses: addressBook, events });
  // The consent record: auth, the cart reminders, WhatsApp and the alerts record through it; its routes come later.
  const consent = createConsentService({ db, events, log });
  const policies = createPoliciesModule({ db, cacheTtlMs: config.catalogCacheTtlMs });
  const catalog = createCatalogModule({
    database,
    databaseUrl: config.databaseUrl,
    redis: platform.redis,
    events,
    jobs,
    files,
    log,
    publicUrl: config.publicUrl,
    cacheTtlMs: config.catalogCacheTtlMs,
    revalidate: config.revalidate,
    // The store settings and the policy pages are dropped with the catalogue's answers.
    alsoForget: {
      forget: () => {
        settings.forget();
        policies.policies.forget();
      },
    },
    lowStockThreshold: () => accounts.staff.lowStockThreshold(),
  });
  const sms = createSmsModule({
    db,
    msg91: config.sms.msg91,
    dataDir: config.dataDir,
    env: config.env,
    domain: new URL(storefrontUrl).hostname,
    storeName: () => settings.storeName(),
    dailyPerNumber: config.sms.dailyPerNumber,
    dailyStore: config.sms.dailyStore,
    perIpPerHour: config.sms.perIpPerHour,
    logger: log,
  });
  const auth = createAuthModule({
    db,
    secret,
    redis: platform.redis,
    users: users.users,
    mailer,
    jobs,
    log,
    sessionTtlMs: config.sessionTtlMs,
    google: config.google,
    registerPerHour: config.registerLimitPerHour,
    secureCookies: config.secureCookies,
    sessionCookieDomain: config.sessionCookieDomain,
    sms: sms.sms,
    phoneSignIn: config.sms.phoneSignIn,
    consent,
  });
  // The delivery charge, free-delivery threshold and COD fee in force, read on every quote and cart.
  const charges = () => settings.charges();
  const cart = createCartModule({
    db,
    catalog: catalog.catalog,
    charges,
    log,
    users: users.users,
    mailer,
    jobs,
    secret,
    storefrontUrl,
    reminderTimes: () => settings.cartReminders(),
    consent,
  });
  const wishlist = createWishlistModule({ db, catalog: catalog.catalog });
  // Push signs with the configured VAPID keys, or a pair kept in DATA_DIR outside production.
  const vapid = config.push.enabled ? loadVapidKeys({ ...config.push, dataDir: config.dataDir }) : null;
  const alerts = createAlertsModule({
    db,
    catalog: catalog.catalog,
    wishlist: wishlist.wishlist,
    users: users.users,
    consent,
    mailer,
    jobs,
    secret,
    storefrontUrl,
    events,
    // Each alert mail goes as push too (the push module is built after the orders it reads).
    push: alertPushPort({ jobs, log, enabled: vapid !== null }),
  });
  const taxes = createTaxesModule({
    db,
    storeState: config.checkout.storeState,
    pricesIncludeGst: config.checkout.pricesIncludeGst,
    pincodes,
    catalog: catalog.catalog,
    categories: () => catalog.productEditor.categories(),
  });
  const coupons = createCouponsModule({
    db,
    catalog: catalog.catalog,
    orderHistory: { hasOrdered: hasPlacedOrder },
    mailer,
    jobs,
    storefrontUrl,
    localeOfEmail: (email) => users.users.localeOfEmail(email),
  });
  const pricing = createPricingModule({
    coupons: coupons.coupons,
    giftCards: coupons.giftCards,
    taxes: taxes.taxes,
    catalog: catalog.catalog,
    carts: cart.carts,
    charges,
    codeLookups: coupons.codeLookups,
  });
  const store = createStoreModule({
    database,
    catalog: catalog.catalog,
    coupons: coupons.coupons,
    carts: cart.carts,
    pricing: pricing.pricing,
    publishableApiKey: config.publishableApiKey,
    cacheTtlMs: config.catalogCacheTtlMs,
    log,
  });
  const payments = createPaymentsModule({
    db,
    config,
    storefrontUrl,
    events,
    metrics: platform.metrics,
    log,
    storeName: () => settings.storeName(),
    healthStore: accounts.staff,
  });
  const shipping = createShippingModule({
    shipping: config.shipping,
    pincodes,
    settings: accounts.staff,
    storeAddress: config.invoices.sellerAddress,
    log,
  });
  const returnOptions = { ...config.returns, publicUrl: config.publicUrl, mediaUrl };
  const returnSummaries = createReturnSummaries({
    db,
    catalog: catalog.catalog,
    options: returnOptions,
    windowDays: () => settings.returnWindowDays(),
    exchangedLines: exchangedLinesOf,
  });
  // Store credit: spent and given back by orders, refunded to by returns, so built before both.
  const wallet = createWalletModule({
    db,
    log,
    promotionalExpiryDays: () => settings.storeCreditExpiryDays(),
    customerExists: async (id) => (await users.customers.get(id)) !== null,
  });
  const orders = createOrdersModule({
    db,
    // The store's gateways, less one whose API is failing (checkout then offers the other).
    payment: async () => {
      const offered = await settings.payment();
      return { ...offered, gateways: await payments.payments.offeredGateways(offered.gateways) };
    },
    codConfirmation: () => settings.codConfirmation(),
    returns: returnSummaries,
    inventory: catalog.inventory,
    carts: cart.carts,
    checkAddress: (address) => checkShippingAddress(pincodes, address),
    delivery: shipping.delivery,
    pricing: pricing.pricing,
    coupons: coupons.coupons,
    giftCards: coupons.giftCards,
    wallet: wallet.wallet,
    payments: payments.payments,
    addressBook,
    mailer,
    jobs,
    events,
    users: users.users,
    log,
    metrics: platform.metrics,
    options: {
      ...config.checkout,
      maxUnpaidOrders: config.limits.maxUnpaidOrders,
      mediaUrl,
      storefrontUrl,
    },
    attemptsPerHour: { account: config.limits.orderAttemptsPerHour, address: config.limits.orderAttemptsPerAddress },
    codeLookups: coupons.codeLookups,
    tracker: shipping.tracker,
    checkout: config.checkout,
  });
  // The courier's tracking webhook, NDR answers and COD remittance: they move orders, so after them.
  const courier = createCourierModule({
    db,
    orders: orders.orders,
    courierOrders: orders.courierQueries,
    shiprocket: shipping.shiprocket,
    webhookToken: config.shipping.shiprocket.webhookToken,
    dataDir: config.dataDir,
    log,
  });
  const shipmentBooking = createShipmentBookingModule({
    db,
    jobs,
    events,
    booker: shipping.booker,
    orders: orders.orders,
    contactOf: (userId) => users.users.contactOf(userId),
    preferredCourier: async () => (await settings.current()).preferredCourier,
    storeAddress: config.invoices.sellerAddress,
    files,
    log,
  });
  if (testOptions.push && config.env === 'production') throw new Error('Push test options are for tests only');
  const push = createPushModule({
    db,
    jobs,
    events,
    log,
    catalog: catalog.catalog,
    users: users.users,
    orders: orders.orders,
    keys: vapid,
    subject: config.push.subject,
    storefrontUrl,
    mediaUrl,
    ...testOptions.push,
  });
  // Order updates by WhatsApp (or text) and the confirmation of held cash on delivery orders.
  const whatsapp = createWhatsappModule({
    db,
    jobs,
    events,
    log,
    orders: orders.orders,
    users: users.users,
    consent,
    mailer,
    sms: config.sms.msg91 && !config.sms.msg91.noticeTemplateId ? null : sms.sms,
    templates: config.whatsapp.templates,
    codConfirmation: () => settings.codConfirmation(),
    enabled: config.whatsapp.enabled,
    verifyToken: config.whatsapp.verifyToken,
    appSecret: config.whatsapp.appSecret,
    cloud: config.whatsapp.cloud,
    dataDir: config.dataDir,
    secret,
    storefrontUrl,
  });
  const consentModule = createConsentModule({
    db,
    consent,
    purposes: {
      cart_reminders: async (userId, given) => void (await cart.reminders.setEnabled(userId, given)),
      whatsapp_updates: async (userId, given) => void (await whatsapp.whatsapp.setOptIn(userId, { optedIn: given })),
      price_alerts: (userId, given) => alerts.alerts.setPriceAlerts(userId, given),
    },
  });
  const reviews = createReviewsModule({
    db,
    catalog: catalog.catalog,
    users: users.users,
    uploads,
    purchases: orders.orders,
    publicUrl: config.publicUrl,
    events,
  });
  const returns = createReturnsModule({
    db,
    orders: orders.orders,
    payments: payments.payments,
    giftCards: coupons.giftCards,
    wallet: wallet.wallet,
    inventory: catalog.inventory,
    summaries: returnSummaries,
    files,
    uploads,
    log,
    options: returnOptions,
  });
  const invoices = createInvoicesModule({
    db,
    orders: orders.orders,
    pincodes,
    seller: () => settings.seller(),
    creditNotes: returns.returns,
    events,
  });
  const exchanges = createExchangesModule({
    db,
    orders: orders.orders,
    catalog: catalog.catalog,
    inventory: catalog.inventory,
    wallet: wallet.wallet,
    summaries: returnSummaries,
    invoices: invoices.invoices,
    files,
    uploads,
    log,
    options: { publicUrl: config.publicUrl },
  });
  const grievances = createGrievancesModule({
    db,
    orders: orders.orders,
    users: users.users,
    jobs,
    mailer,
    storefrontUrl,
    officer: () => settings.grievanceOfficer(),
  });
  const admin = createAdminModule({
    db,
    orders: orders.orders,
    orderQueries: orders.orderQueries,
    returns: returns.returns,
    returnsAdmin: returns.returnsAdmin,
    payments: payments.payments,
    inventory: catalog.inventory,
    catalogQueries: catalog.catalogQueries,
    productEditor: catalog.productEditor,
    catalogImports: catalog.catalogImports,
    homepageEditor: catalog.homepageEditor,
    invoices: invoices.invoices,
    notes: accounts.notes,
    customers: users.customers,
    auth: auth.auth,
    addressBook,
    reviews: reviews.reviews,
    lowStockThreshold: () => accounts.staff.lowStockThreshold(),
    couponAdmin: coupons.couponAdmin,
    giftCardAdmin: coupons.giftCardAdmin,
    staff: accounts.staff,
    mailer,
    jobs,
    productImages: catalog.productImages,
    taxonomyEditor: catalog.taxonomyEditor,
    synonymEditor: catalog.synonymEditor,
    taxRateAdmin: taxes.taxRateAdmin,
    reports: invoices.reports,
    notify: {
      email: () => settings.notifyEmail(),
      everyMs: config.storeNotify.everyMs,
      summaryHour: config.storeNotify.summaryHour,
    },
    publicUrl: config.publicUrl,
  });
  // Every domain event to the owner's other systems (docs/admin.md "Webhooks").
  const webhooks = createWebhooks({
    db,
    jobs,
    events,
    mailer,
    log,
    serverSecret: secret,
    env: config.env,
    ownerEmails: async () => {
      const notify = await settings.notifyEmail();
      if (notify) return [notify];
      return (await accounts.staff.list()).filter((s) => s.role === 'owner' && !s.disabled).map((s) => s.email);
    },
    ...testOptions.webhooks,
  });

  // The shopper's data rights and the retention job (docs/behaviour.md "Data rights: export, erasure, retention").
  const privacy = createPrivacyModule({
    db,
    mailer,
    codes: new OneTimeCodeService(db, secret),
    phoneCodes: auth.phone,
    removeFiles: (keys) => uploads.remove(keys),
    inactiveYears: () => settings.inactiveAccountErasureYears(),
    storeName: () => settings.storeName(),
    storefrontUrl,
    sessionCookie: { secure: config.secureCookies, domain: config.sessionCookieDomain },
    log,
  });

  return {
    modules: [
      staffModule,
      settingsModule,
      createHealthModule({ database }),
      catalog.module,
      filesModule.module,
      sms.module,
      auth.module,
      users.module,
      cart.module,
      wishlist.module,
      alerts.module,
      addresses.module,
      coupons.module,
      pricing.module,
      store,
      payments.module,
      reviews.module,
      createSizingModule({ db, catalog: catalog.catalog }),
      policies.module,
      wallet.module,
      orders.module,
      push.module,
      whatsapp.module,
      consentModule,
      returns.module,
      invoices.module,
      exchanges.module,
      privacy.module,
      grievances.module,
      shipping.module,
      courier.module,
      shipmentBooking.module,
      admin.module,
      webhooks.module,
    ],
    mailer,
    sessions: auth.sessions,
    staff: accounts.staff,
    orders: orders.orders,
    payments: payments.payments,
    alerts: alerts.alerts,
    cartReminders: cart.reminders,
    retention: privacy.retention,
    storeNotifier: admin.notifier,
  };
}

/**
 * Registers every module's jobs (before the queue starts) and answers how the process starts
 * and stops them: `start` starts each module in order, then the jobs; `stop` lets running jobs
 * end, closes the mail connections, stops the started modules in reverse and closes the platform.
 */
export function moduleLifecycle(platform: Platform, composition: Composition) {
  const { modules, mailer } = composition;
  registerJobs(platform.jobs, modules);
  let started: ApiModule[] = [];
  return {
    async start(): Promise<void> {
      for (const module of modules) {
        await module.start?.();
        started.push(module);
      }
      await platform.jobs.start();
    },
    async stop(): Promise<void> {
      await platform.jobs.stop();
      await mailer.close();
      for (const module of started.reverse()) await module.stop?.();
      started = [];
      await platform.close();
    },
  };
}
