/**
 * Builds the Fastify app: plugins, error handling, OpenAPI at /docs, media files and the
 * domain modules. `server.ts` only opens the database and listens; tests build this same app
 * with their own database and call it through `app.inject`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SAMPLE_SELLER_GSTIN, type Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './lib/error-handler';
import { DomainEventBus } from './lib/events';
import { enterRequestContext, logMixin, RequestLog, requestId, serializeRequest } from './lib/logging';
import { createJobs, type Jobs } from './lib/jobs';
import { createMailer } from './lib/mail';
import {
  adminCatalogCsvRoutes,
  adminCatalogRoutes,
  adminImagesRoutes,
  adminJobsRoutes,
  adminHomepageRoutes,
  adminMarketingRoutes,
  adminOrdersRoutes,
  adminProductsRoutes,
  adminReportsRoutes,
  adminReviewsRoutes,
  adminServiceRoutes,
  adminTaxRatesRoutes,
  adminTaxonomyRoutes,
  scheduleStoreNotifications,
  StoreNotifier,
  type AdminDeps,
} from './modules/admin';
import { addressesRoutes, AddressBookService, checkShippingAddress, PincodeDirectory } from './modules/addresses';
import { alertsRoutes, AlertsService } from './modules/alerts';
import {
  authRoutes,
  AuthService,
  createAuthRateLimits,
  DeviceCookies,
  GoogleIdTokenVerifier,
  loadSigningSecret,
  LoginThrottle,
  OneTimeCodeService,
  SessionService,
  SHOPPER_DEVICE_COOKIE,
  STAFF_DEVICE_COOKIE,
} from './modules/auth';
import { cartRoutes, CartService, scheduleGuestCartCleanup } from './modules/cart';
import {
  AdminCatalogQueries,
  CatalogChanges,
  CatalogImports,
  postgresChangeBus,
  redisChangeBus,
  catalogRoutes,
  CatalogService,
  dropsKeptAnswers,
  HomepageEditor,
  InventoryService,
  ProductEditor,
  ProductImageService,
  productPhotoRoutes,
  TaxonomyEditor,
  tagsOfEntity,
} from './modules/catalog';
import {
  CouponAdmin,
  CouponService,
  couponsRoutes,
  createCodeLookupGuard,
  GiftCardAdmin,
  GiftCardService,
} from './modules/coupons';
import { filesRoutes, LocalFileStore, S3FileStore, UploadService } from './modules/files';
import { healthRoutes } from './modules/health';
import { GstReports, InvoiceService, invoicesRoutes } from './modules/invoices';
import { Metrics, metricsAccess, serveMetrics } from './modules/metrics';
import {
  AdminOrderQueries,
  hasPlacedOrder,
  operatorOrdersRoutes,
  ordersRoutes,
  OrdersService,
  scheduleUnpaidOrderExpiry,
} from './modules/orders';
import {
  paymentProvidersFromConfig,
  PaymentService,
  paymentsRoutes,
  phonePeWebhookAuthorizationFromConfig,
  scheduleRefundRefresh,
} from './modules/payments';
import { ReturnsAdmin, returnsOperatorRoutes, returnsRoutes, ReturnsService, ReturnSummaries } from './modules/returns';
import { PricingService, pricingRoutes } from './modules/pricing';
import { reviewsRoutes, ReviewsService } from './modules/reviews';
import { StorePictures, storeSettingsRoutes, StoreSettingsService } from './modules/settings';
import { adminSizeChartsRoutes, sizingRoutes, SizingService } from './modules/sizing';
import { DeliveryService, deliveryRoutes, shippingFromConfig, shippingRoutes } from './modules/shipping';
import { keepCartAnswers, PublishableKeyService, storeRoutes, StoreService } from './modules/store';
import { TaxRateAdmin, taxesRoutes, TaxService } from './modules/taxes';
import { Customers, usersRoutes, UsersService } from './modules/users';
import { createWebhooks, type WebhooksDeps } from './modules/webhooks';
import { wishlistRoutes, WishlistService } from './modules/wishlist';
import {
  AdminNotes,
  AuditLog,
  registerAdminAudit,
  StaffInvites,
  staffRoutes,
  StaffService,
  TotpKeys,
} from './modules/staff';
import { registerAdminApp } from './plugins/admin-app';
import { registerAdminAuth } from './plugins/admin-auth';
import { registerNoStoreByDefault } from './plugins/cache-control';
import { registerAuthentication } from './plugins/authenticate';
import { registerCors } from './plugins/cors';
import { loadOperatorToken, registerOperatorAuth } from './plugins/operator-auth';
import { registerSecurityHeaders } from './plugins/security-headers';

/** Vendored catalogue photos and the placeholder image, served under /media. */
export const MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data-sources/catalog');

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments of orders; the orders module registers its status listener with `payments.onStatusChange`. */
    payments: PaymentService;
    /** Orders, for tests that move an order along its lifecycle (`orders.transition`). */
    orders: OrdersService;
    /** Staff accounts of the admin; `server.ts` makes the development owner through it. */
    staff: StaffService;
    /** Back-in-stock and price-drop alerts; tests run its scan on chosen days (`alerts.scan(now)`). */
    alerts: AlertsService;
    /** The store's own mails (to the store settings' notification email); tests run it at chosen times. */
    storeNotifier: StoreNotifier | null;
    /**
     * Background jobs (lib/jobs), mails among them: started when the app is ready, stopped
     * (gracefully) when it closes; tests wait for `jobs.idle()` before reading what was sent.
     */
    jobs: Jobs;
    /** The domain event bus (lib/events.ts); tests emit on it to trigger subscribers (webhooks). */
    events: DomainEventBus;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Tests only: webhooks to a receiver on this machine, a chosen DNS lookup, short retries (modules/webhooks). */
  webhooks?: Pick<WebhooksDeps, 'allowPrivateHosts' | 'resolve' | 'retry' | 'timeoutMs' | 'disableAfter'>;
};

export async function buildApp({
  config,
  database,
  logStream,
  webhooks: webhookOptions,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // Tokens travel in these headers; passwords and codes only in bodies, which are never logged.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: { req: serializeRequest },
            // The request's id on the services' lines too (lib/logging.ts).
            mixin: logMixin,
          },
    requestIdHeader: false,
    genReqId: requestId,
    // One line per request instead of two (lib/logging.ts).
    logController: new RequestLog(),
    // Fastify takes a hop count at run time but its types only as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', enterRequestContext);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  // Prometheus's /metrics: behind METRICS_TOKEN when set; without it, open outside production
  // and absent in production. Registered before the routes, so its hook times every one.
  const metrics = new Metrics();
  if (metricsAccess(config) !== 'none') serveMetrics(app, metrics, config.metricsToken);
  if (database.poolUsage) metrics.databasePool(database.poolUsage);

  // The storefront's origins may read the shopper API; the admin answers no origin (plugins/cors.ts).
  await registerCors(app, config.storefrontOrigins);
  // Personal data stays out of browser caches: no-store unless a route sets its own (plugins/cache-control.ts).
  registerNoStoreByDefault(app);
  registerSecurityHeaders(app, {
    // The API answers JSON; its two HTML pages (/docs, the sandbox payment page) set their own policies.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    // Product photos and uploads are shown by the storefront, another origin of the same site.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(cookie);
  // Per-route limits are passed to request.parts(); these are the ceiling for any upload.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 30, fieldSize: 64 * 1024 } });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // Counters shared through Redis when configured; a Redis outage lets requests through rather than locking everyone out.
  await app.register(rateLimit, { global: false, redis, skipOnError: true });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vastra API',
        description: 'The API of the Vastra storefront: catalogue, accounts, cart, checkout and orders.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          publishableKey: { type: 'apiKey', in: 'header', name: 'x-publishable-api-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI page maps every route for an attacker too: in production only when asked for.
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // Over plain http (development) an upgrade to https would break the page's own assets.
      transformStaticCSP: (header) =>
        config.secureCookies ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  }
  // Only the photos folder and the placeholder are public; the CSVs beside them are not.
  await app.register(fastifyStatic, {
    root: path.join(MEDIA_DIR, 'images'),
    prefix: '/media/products/',
    maxAge: '7d',
    immutable: true,
  });
  app.get('/media/placeholder.svg', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=604800, immutable').sendFile('placeholder.svg', MEDIA_DIR),
  );

  const catalog = new CatalogService(database.db, {
    mediaBaseUrl: config.publicUrl,
    cacheTtlMs: config.catalogCacheTtlMs,
    // Stock sold or a review posted here is seen by every instance (catalog/changes.ts).
    onProductsChanged: () => void catalogChanges.productsChanged(),
  });
  const files = config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'files'));
  // Registered before the background work's hook, so it runs after it (onClose runs last-in first).
  if (files instanceof S3FileStore) app.addHook('onClose', async () => files.close());
  // Every mail names the store as its settings say when it is sent (modules/settings).
  const mailer = createMailer({
    ...config.mail,
    dataDir: config.dataDir,
    env: config.env,
    logger: app.log,
    storeName: () => storeSettings.storeName(),
  });
  const jobs = createJobs(database, config.jobs, app.log);
  app.decorate('jobs', jobs);
  const events = new DomainEventBus();
  app.decorate('events', events);
  metrics.queueDepth('jobs', () => jobs.depth());
  // Mails queued by the last requests go out before the SMTP connections close.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.close();
  });
  const secret = loadSigningSecret({ jwtSecret: config.jwtSecret, dataDir: config.dataDir });
  const sessions = new SessionService(database.db, secret, config.sessionTtlMs);
  const pincodes = PincodeDirectory.load();
  const addressBook = new AddressBookService(database.db, pincodes);
  const uploads = new UploadService(database.db, files, { quotaBytes: config.limits.uploadQuotaBytes });
  const users = new UsersService(database.db, {
    publicUrl: config.publicUrl,
    uploads,
    addresses: addressBook,
    // Reviewers' names show in the kept pages of reviews.
    onNameChange: () => catalog.productsChanged(),
  });
  const auth = new AuthService({
    db: database.db,
    users,
    sessions,
    codes: new OneTimeCodeService(database.db, secret),
    mailer,
    google: new GoogleIdTokenVerifier(config.google, app.log),
    loginThrottle: new LoginThrottle(redis, 'shopper'),
    jobs,
    log: app.log,
  });
  // The API's own origin too: the sandbox payment page it serves posts its form with the shopper's cookie.
  registerAuthentication(app, sessions, [...config.storefrontOrigins, new URL(config.publicUrl).origin]);
  const operatorToken = loadOperatorToken({ operatorToken: config.operatorToken, dataDir: config.dataDir });
  registerOperatorAuth(app, operatorToken);
  // The merchant admin: staff sessions, roles per route, and the audit log of every admin write.
  const staffThrottle = new LoginThrottle(redis, 'staff');
  const staff = new StaffService(database.db, new TotpKeys(secret), staffThrottle);
  const audit = new AuditLog(database.db);
  app.decorate('staff', staff);
  registerAdminAuth(app, { staff, operatorToken, adminOrigin: new URL(config.publicUrl).origin });
  registerAdminAudit(app, audit);
  // What the owner decides (name, logo, seller, COD, returns, gateways): the environment's
  // values until saved in the admin; read at each use by the modules below (docs/admin.md).
  const storeSettings = new StoreSettingsService({
    store: staff,
    defaults: config.storeDefaults,
    configuredGateways: config.configuredGateways,
    storeState: config.checkout.storeState,
    refusedGstin: config.env === 'production' ? SAMPLE_SELLER_GSTIN : null,
    mediaUrl: (mediaPath) => catalog.mediaUrl(mediaPath),
  });
  // Read once before serving, so no later reader (a mail inside a transaction) waits on the database.
  app.addHook('onReady', async () => {
    await storeSettings.read().catch((err: unknown) => app.log.warn({ err }, 'store settings not read at start'));
  });
  // Admin changes to the catalogue reach every instance's caches and the storefront's pages
  // within seconds (docs/admin.md "Shoppers see changes within seconds").
  const catalogChanges = new CatalogChanges({
    forget: () => {
      catalog.forget();
      storeSettings.forget();
    },
    forgetAnswers: () => catalog.forgetAnswers(),
    bus: redis
      ? redisChangeBus(redis, app.log)
      : database.kind === 'postgres' && config.databaseUrl
        ? postgresChangeBus(config.databaseUrl, app.log)
        : null,
    storefront: config.revalidate,
    log: app.log,
  });
  await catalogChanges.start();
  app.addHook('onClose', () => catalogChanges.stop());
  app.addHook('onResponse', async (request, reply) => {
    const spec = request.routeOptions.config?.audit;
    if (!spec || spec === 'self' || request.method === 'GET' || reply.statusCode >= 400) return;
    if (dropsKeptAnswers(spec.entity)) await catalogChanges.changed(tagsOfEntity(spec.entity));
  });
  await app.register(staffRoutes, {
    staff,
    invites: new StaffInvites({ db: database.db, staff, mailer, jobs, publicUrl: config.publicUrl }),
    audit,
    throttle: staffThrottle,
    devices: new DeviceCookies(secret, STAFF_DEVICE_COOKIE, config.secureCookies),
    secureCookies: config.secureCookies,
  });

  await app.register(storeSettingsRoutes, { settings: storeSettings, pictures: new StorePictures(files) });
  await app.register(healthRoutes, { database });
  await app.register(catalogRoutes, { catalog });
  await app.register(filesRoutes, { files });
  await app.register(productPhotoRoutes, { files });
  await app.register(authRoutes, {
    auth,
    limits: createAuthRateLimits(app, { registerPerHour: config.registerLimitPerHour }),
    devices: new DeviceCookies(secret, SHOPPER_DEVICE_COOKIE, config.secureCookies),
    sessionCookie: { secure: config.secureCookies, domain: config.sessionCookieDomain },
  });
  await app.register(usersRoutes, { users });

  const carts = new CartService(database.db, catalog);
  scheduleGuestCartCleanup(jobs, carts, app.log);
  // The delivery charge, free-delivery threshold and COD fee come through this one getter, read
  // on every quote and cart, so it can later read the owner's settings from the database.
  const charges = () => storeSettings.charges();
  await app.register(cartRoutes, { carts, delivery: charges });
  const wishlist = new WishlistService(database.db, catalog);
  await app.register(wishlistRoutes, { wishlist });
  // Back-in-stock and price-drop mails (docs/shopper-features.md "Alerts").
  const alerts = new AlertsService({
    db: database.db,
    catalog,
    wishlist,
    users,
    mailer,
    jobs,
    secret,
    storefrontUrl: config.storefrontOrigins[0]!,
  });
  app.decorate('alerts', alerts);
  await app.register(alertsRoutes, { alerts });
  // The admin's price, stock and status edits may be news for someone's alerts: queued before
  // the answer goes (the edit is committed by then), so a caller that waits for the jobs sees it.
  app.addHook('onSend', async (request, reply) => {
    const spec = request.routeOptions.config?.audit;
    if (!spec || spec === 'self' || request.method === 'GET' || reply.statusCode >= 400) return;
    if (spec.entity === 'product' || spec.entity === 'variant') await alerts.changed();
  });
  await app.register(addressesRoutes, { addresses: addressBook, pincodes });
  const taxes = new TaxService(database.db, {
    storeState: config.checkout.storeState,
    pricesIncludeGst: config.checkout.pricesIncludeGst,
    pincodes,
    catalog,
  });

  // Coupon rules ask the orders module whether a shopper has ordered before (first-order coupons).
  const coupons = new CouponService(database.db, { catalog, orderHistory: { hasOrdered: hasPlacedOrder } });
  const giftCards = new GiftCardService(database.db);
  // One budget of code lookups for the coupon routes and the codes sent with orders.
  const codeLookups = createCodeLookupGuard(app);
  // One pricing for the checkout quote, the commerce API's carts and orders (modules/pricing).
  const pricing = new PricingService({ coupons, giftCards, taxes, charges });
  await app.register(couponsRoutes, { coupons, giftCards, lookupLimit: codeLookups, pricing });
  await app.register(taxesRoutes, { taxes, catalog, pricing });
  await app.register(pricingRoutes, { quote: { pricing, catalog, carts, taxes }, codeLookups });

  const keys = new PublishableKeyService(database.db, { cacheTtlMs: 10_000 });
  await keys.ensureAtStart(config.publishableApiKey, app.log);
  const store = new StoreService({ catalog, coupons, carts, pricing });
  const keptCarts = await keepCartAnswers({
    database,
    carts,
    answers: catalog.answers,
    ttlMs: config.catalogCacheTtlMs,
  });
  await app.register(storeRoutes, { prefix: '/store', store, keys, answers: catalog.answers, keptCarts });

  const storefrontUrl = config.storefrontOrigins[0]!;
  const payments = new PaymentService(database.db, {
    providers: paymentProvidersFromConfig(config, database.db),
    publicUrl: config.publicUrl,
    storefrontUrl,
    log: app.log,
    metrics,
  });
  app.decorate('payments', payments);
  scheduleRefundRefresh(jobs, payments, config.refundRefreshMs, app.log);
  await app.register(paymentsRoutes, {
    payments,
    storefrontUrl,
    phonePeWebhookAuthorization: phonePeWebhookAuthorizationFromConfig(config),
  });

  // The delivery promise by pincode: the zone table is an admin setting; orders refuse COD where it is not offered.
  const shipping = shippingFromConfig(config.shipping);
  const delivery = new DeliveryService({
    pincodes,
    settings: staff,
    serviceability: shipping.serviceability,
    storeAddress: config.invoices.sellerAddress,
    log: app.log,
  });

  // What may be returned: needs nothing of orders, and every order shows it.
  const returnOptions = {
    ...config.returns,
    publicUrl: config.publicUrl,
    mediaUrl: (mediaPath: string) => catalog.mediaUrl(mediaPath),
  };
  const returnSummaries = new ReturnSummaries({
    db: database.db,
    catalog,
    options: returnOptions,
    windowDays: () => storeSettings.returnWindowDays(),
  });
  // A change of stock drops the catalogue answers that show it.
  // Stock coming back (cancelled orders, restocked returns) may be news for someone's alerts.
  const inventory = new InventoryService(
    () => catalog.productsChanged(),
    () => void alerts.changed(),
  );
  const orders = new OrdersService({
    db: database.db,
    payment: () => storeSettings.payment(),
    returns: returnSummaries,
    inventory,
    carts,
    checkAddress: (address) => checkShippingAddress(pincodes, address),
    delivery,
    pricing,
    coupons,
    giftCards,
    payments,
    addressBook,
    mailer,
    jobs,
    users,
    log: app.log,
    metrics,
    options: {
      ...config.checkout,
      maxUnpaidOrders: config.limits.maxUnpaidOrders,
      mediaUrl: (mediaPath) => catalog.mediaUrl(mediaPath),
      storefrontUrl,
    },
  });
  app.decorate('orders', orders);
  // A payment that settles moves its order on (placed, or released), in the payment's transaction.
  payments.onStatusChange((db, orderId, status, source) => orders.applyPaymentStatus(db, orderId, status, source));
  const reviews = new ReviewsService(database.db, {
    catalog,
    users,
    uploads,
    // The verified-purchase mark: has the reviewer received the product?
    purchases: orders,
    publicUrl: config.publicUrl,
  });
  await app.register(reviewsRoutes, { reviews, answers: catalog.answers });
  const sizing = new SizingService(database.db, catalog);
  await app.register(sizingRoutes, { sizing });
  scheduleUnpaidOrderExpiry(jobs, orders, app.log);
  const returns = new ReturnsService({
    db: database.db,
    orders,
    payments,
    giftCards,
    inventory,
    summaries: returnSummaries,
    files,
    uploads,
    log: app.log,
    options: returnOptions,
  });
  await app.register(ordersRoutes, {
    orders,
    options: config.checkout,
    attemptsPerHour: { account: config.limits.orderAttemptsPerHour, address: config.limits.orderAttemptsPerAddress },
    codeLookups,
  });
  await app.register(returnsRoutes, { returns, orders });
  await app.register(returnsOperatorRoutes, { returns });
  // The shopper hears when money paid back through a gateway has gone out; a failed refund is the store's to retry.
  payments.onRefundChange(async (refund) => {
    if (refund.status === 'completed') await orders.notify(refund.orderId, 'refund_completed');
    else app.log.error({ refundId: refund.id, orderId: refund.orderId }, 'refund failed at the gateway; retry it');
  });
  await app.register(operatorOrdersRoutes, { orders, refunds: payments });

  // GST documents and shipment tracking read orders through OrdersService.get (owner-checked).
  const invoices = new InvoiceService({
    db: database.db,
    orders,
    pincodes,
    seller: () => storeSettings.seller(),
    creditNotes: returns,
  });
  // The documents are issued when the goods leave and when a return is refunded, so the
  // month's GST reports hold every supply (docs/admin.md).
  orders.onStoreStep((orderId) => invoices.issueDue(orderId));
  await app.register(invoicesRoutes, { invoices });
  await app.register(shippingRoutes, { orders, tracker: shipping.tracker });
  await app.register(deliveryRoutes, { delivery });

  // The merchant admin's API over the modules' services (docs/admin.md).
  const adminDeps: AdminDeps = {
    db: database.db,
    orders,
    orderQueries: new AdminOrderQueries(database.db),
    returns,
    returnsAdmin: new ReturnsAdmin({ db: database.db, orders, files, options: returnOptions }),
    payments,
    inventory,
    catalogQueries: new AdminCatalogQueries(database.db, () => staff.lowStockThreshold()),
    productEditor: new ProductEditor(database.db),
    catalogImports: new CatalogImports({
      db: database.db,
      jobs,
      onImported: () => {
        void alerts.changed();
        return catalogChanges.changed(tagsOfEntity('product'));
      },
    }),
    homepageEditor: new HomepageEditor(database.db, catalog),
    invoices,
    notes: new AdminNotes(database.db),
    customers: new Customers(database.db),
    auth,
    addressBook,
    reviews,
    lowStockThreshold: () => staff.lowStockThreshold(),
    couponAdmin: new CouponAdmin({ db: database.db, catalog }),
    giftCardAdmin: new GiftCardAdmin({ db: database.db, mailer, jobs, storefrontUrl }),
  };
  // The store's own mails: new orders and returns, gathered, and a daily summary.
  // Sent to the store settings' notification email, read at each run (none: nothing is sent).
  const notifier = new StoreNotifier({
    ...adminDeps,
    staff,
    mailer,
    email: () => storeSettings.notifyEmail(),
    summaryHour: config.storeNotify.summaryHour,
    publicUrl: config.publicUrl,
  });
  app.decorate('storeNotifier', notifier);
  scheduleStoreNotifications(jobs, notifier, config.storeNotify.everyMs);
  await app.register(adminOrdersRoutes, { deps: adminDeps });
  await app.register(adminServiceRoutes, { deps: adminDeps });
  await app.register(adminCatalogRoutes, { deps: adminDeps });
  await app.register(adminProductsRoutes, { deps: adminDeps });
  await app.register(adminCatalogCsvRoutes, { deps: adminDeps });
  await app.register(adminImagesRoutes, { images: new ProductImageService(database.db, files) });
  await app.register(adminReviewsRoutes, { deps: adminDeps });
  await app.register(adminMarketingRoutes, { deps: adminDeps });
  await app.register(adminHomepageRoutes, { deps: adminDeps });
  await app.register(adminReportsRoutes, {
    reports: new GstReports({ db: database.db, orders, creditNotes: returns, pincodes }),
  });
  await app.register(adminTaxRatesRoutes, {
    taxRates: new TaxRateAdmin({
      db: database.db,
      taxes,
      storeState: config.checkout.storeState,
      pricesIncludeGst: config.checkout.pricesIncludeGst,
      categories: () => adminDeps.productEditor.categories(),
    }),
  });
  await app.register(adminTaxonomyRoutes, { taxonomy: new TaxonomyEditor(database.db) });
  await app.register(adminSizeChartsRoutes, { sizing });
  await app.register(adminJobsRoutes, { jobs });
  // Outgoing webhooks: every domain event to the owner's other systems (docs/admin.md "Webhooks").
  const webhooks = createWebhooks({
    db: database.db,
    jobs,
    events,
    mailer,
    log: app.log,
    serverSecret: secret,
    env: config.env,
    ownerEmails: async () => {
      const notify = await storeSettings.notifyEmail();
      if (notify) return [notify];
      return (await staff.list()).filter((s) => s.role === 'owner' && !s.disabled).map((s) => s.email);
    },
    ...webhookOptions,
  });
  await app.register(webhooks.routes);
  await registerAdminApp(app);
  // Every job is registered by now; pg-boss needs its queues before workers and sends.
  app.addHook('onReady', () => jobs.start());

  return app;
}
