/**
 * Builds the Fastify app: plugins, error handling, OpenAPI at /docs, media files and the
 * domain modules. `server.ts` only opens the database and listens; tests build this same app
 * with their own database and call it through `app.inject`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
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
import type { Config } from './config';
import type { Database } from './db/client';
import { BackgroundWork } from './lib/background';
import { registerErrorHandling } from './lib/error-handler';
import { requestId, serializeRequest } from './lib/logging';
import { createMailer } from './lib/mail';
import { PincodeDirectory } from './modules/addresses/pincodes';
import { addressesRoutes } from './modules/addresses/routes';
import { AddressBookService } from './modules/addresses/service';
import { checkShippingAddress } from './modules/addresses/validate';
import { registerAuthentication } from './modules/auth/authenticate';
import { GoogleIdTokenVerifier } from './modules/auth/google';
import { LoginThrottle } from './modules/auth/login-throttle';
import { OneTimeCodeService } from './modules/auth/one-time-codes';
import { createAuthRateLimits } from './modules/auth/rate-limits';
import { authRoutes } from './modules/auth/routes';
import { loadSigningSecret } from './modules/auth/secret';
import { AuthService } from './modules/auth/service';
import { SessionService } from './modules/auth/sessions';
import { scheduleGuestCartCleanup } from './modules/cart/cleanup';
import { cartRoutes } from './modules/cart/routes';
import { CartService } from './modules/cart/service';
import { catalogRoutes } from './modules/catalog/routes';
import { CatalogService } from './modules/catalog/service';
import { filesRoutes } from './modules/files/routes';
import { LocalFileStore } from './modules/files/store';
import { UploadService } from './modules/files/uploads';
import { GiftCardService } from './modules/coupons/gift-cards';
import { createCodeLookupGuard } from './modules/coupons/limits';
import { couponsRoutes } from './modules/coupons/routes';
import { CouponService } from './modules/coupons/service';
import { healthRoutes } from './modules/health/routes';
import { invoicesRoutes } from './modules/invoices/routes';
import { InvoiceService } from './modules/invoices/service';
import { scheduleUnpaidOrderExpiry } from './modules/orders/expiry';
import { operatorOrdersRoutes } from './modules/orders/operator-routes';
import { ordersRoutes } from './modules/orders/routes';
import { OrdersService } from './modules/orders/service';
import { loadOperatorToken, registerOperatorAuth } from './modules/operator/auth';
import { paymentProvidersFromConfig, phonePeWebhookAuthorizationFromConfig } from './modules/payments/providers';
import { scheduleRefundRefresh } from './modules/payments/refund-timer';
import { paymentsRoutes } from './modules/payments/routes';
import { PaymentService } from './modules/payments/service';
import { shippingRoutes } from './modules/shipping/routes';
import { trackerFromConfig } from './modules/shipping/provider';
import { returnsOperatorRoutes } from './modules/returns/operator-routes';
import { returnsRoutes } from './modules/returns/routes';
import { ReturnsService } from './modules/returns/service';
import { reviewsRoutes } from './modules/reviews/routes';
import { ReviewsService } from './modules/reviews/service';
import { PublishableKeyService } from './modules/store/keys';
import { storeRoutes } from './modules/store/routes';
import { StoreService } from './modules/store/service';
import { taxesRoutes } from './modules/taxes/routes';
import { TaxService } from './modules/taxes/service';
import { usersRoutes } from './modules/users/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { WishlistService } from './modules/wishlist/service';
import { UsersService } from './modules/users/service';

/** Vendored catalogue photos and the placeholder image, served under /media. */
export const MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data-sources/catalog');

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments of orders; the orders module registers its status listener with `payments.onStatusChange`. */
    payments: PaymentService;
    /** Orders, for tests that move an order along its lifecycle (`orders.transition`). */
    orders: OrdersService;
    /** Work done after the answer (mails); tests wait for `background.idle()` before reading what was sent. */
    background: BackgroundWork;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp({ config, database, logStream }: AppDeps): Promise<FastifyInstance> {
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
          },
    requestIdHeader: false,
    genReqId: requestId,
    // Fastify takes a hop count at run time but its types only as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));

  await app.register(cors, {
    origin: config.storefrontOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  await app.register(helmet, {
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
  });
  const files = new LocalFileStore(path.join(config.dataDir, 'files'));
  const mailer = createMailer({ ...config.mail, dataDir: config.dataDir, env: config.env, logger: app.log });
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);
  // Mails queued by the last requests go out before the SMTP connections close.
  app.addHook('onClose', async () => {
    await background.idle();
    await mailer.close();
  });
  const secret = loadSigningSecret({ jwtSecret: config.jwtSecret, dataDir: config.dataDir });
  const sessions = new SessionService(database.db, secret, config.sessionTtlMs);
  const pincodes = PincodeDirectory.load();
  const addressBook = new AddressBookService(database.db, pincodes);
  const uploads = new UploadService(database.db, files, { quotaBytes: config.limits.uploadQuotaBytes });
  const users = new UsersService(database.db, { publicUrl: config.publicUrl, uploads, addresses: addressBook });
  const auth = new AuthService({
    db: database.db,
    users,
    sessions,
    codes: new OneTimeCodeService(database.db, secret),
    mailer,
    google: new GoogleIdTokenVerifier(config.google, app.log),
    loginThrottle: new LoginThrottle(redis),
    background,
    log: app.log,
  });
  // The API's own origin too: the sandbox payment page it serves posts its form with the shopper's cookie.
  registerAuthentication(app, sessions, [...config.storefrontOrigins, new URL(config.publicUrl).origin]);
  registerOperatorAuth(app, loadOperatorToken({ operatorToken: config.operatorToken, dataDir: config.dataDir }));

  await app.register(healthRoutes, { database });
  await app.register(catalogRoutes, { catalog });
  await app.register(filesRoutes, { files });
  await app.register(authRoutes, {
    auth,
    limits: createAuthRateLimits(app, { registerPerHour: config.registerLimitPerHour }),
    secureCookies: config.secureCookies,
  });
  await app.register(usersRoutes, { users });

  const carts = new CartService(database.db, catalog);
  scheduleGuestCartCleanup(app, carts);
  await app.register(cartRoutes, { carts });
  await app.register(wishlistRoutes, { wishlist: new WishlistService(database.db, catalog) });
  await app.register(addressesRoutes, { addresses: addressBook, pincodes });
  const taxes = new TaxService(database.db, {
    storeState: config.checkout.storeState,
    pricesIncludeGst: config.checkout.pricesIncludeGst,
    pincodes,
    catalog,
  });
  await app.register(taxesRoutes, { taxes, catalog });
  const reviews = new ReviewsService(database.db, {
    catalog,
    users,
    uploads,
    purchases: { hasDelivered: (userId, productId) => OrdersService.hasDelivered(database.db, userId, productId) },
    publicUrl: config.publicUrl,
  });
  await app.register(reviewsRoutes, { reviews });

  const coupons = new CouponService(database.db, { catalog });
  const giftCards = new GiftCardService(database.db);
  // One budget of code lookups for the coupon routes and the codes sent with orders.
  const codeLookups = createCodeLookupGuard(app);
  await app.register(couponsRoutes, { coupons, giftCards, lookupLimit: codeLookups });

  const keys = new PublishableKeyService(database.db, { cacheTtlMs: 10_000 });
  await keys.ensureAtStart(config.publishableApiKey, app.log);
  const store = new StoreService({ catalog, coupons, carts });
  await app.register(storeRoutes, { prefix: '/store', store, keys });

  const storefrontUrl = config.storefrontOrigins[0]!;
  const payments = new PaymentService(database.db, {
    providers: paymentProvidersFromConfig(config, database.db),
    publicUrl: config.publicUrl,
    storefrontUrl,
    log: app.log,
  });
  app.decorate('payments', payments);
  scheduleRefundRefresh(app, payments, config.refundRefreshMs);
  await app.register(paymentsRoutes, {
    payments,
    storefrontUrl,
    phonePeWebhookAuthorization: phonePeWebhookAuthorizationFromConfig(config),
  });

  const orders = new OrdersService({
    db: database.db,
    checkAddress: (address) => checkShippingAddress(pincodes, address),
    taxes,
    coupons,
    giftCards,
    payments,
    addressBook,
    mailer,
    users,
    log: app.log,
    options: {
      ...config.checkout,
      maxUnpaidOrders: config.limits.maxUnpaidOrders,
      mediaUrl: (mediaPath) => catalog.mediaUrl(mediaPath),
      storefrontUrl,
    },
  });
  app.decorate('orders', orders);
  scheduleUnpaidOrderExpiry(app, orders);
  const returns = new ReturnsService({
    db: database.db,
    orders,
    payments,
    giftCards,
    catalog,
    files,
    uploads,
    log: app.log,
    options: {
      ...config.returns,
      publicUrl: config.publicUrl,
      mediaUrl: (mediaPath) => catalog.mediaUrl(mediaPath),
    },
  });
  orders.useReturns(returns);
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
  await app.register(invoicesRoutes, {
    invoices: new InvoiceService({ db: database.db, orders, pincodes, seller: config.invoices, creditNotes: returns }),
  });
  await app.register(shippingRoutes, { orders, tracker: trackerFromConfig(config.shipping) });

  return app;
}
