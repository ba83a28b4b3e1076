/**
 * Every environment variable of the API, parsed and checked once at start-up (zod). A bad
 * value stops the process with one message that lists every problem. The variables are listed
 * once, in `schema`: the settings the API reads (`Config`) are inferred from it through
 * `settingsOf`, and config.test.ts holds `.env.example` at the repository root, where each is
 * documented, to the same list.
 */
import path from 'node:path';
import { GSTIN_PATTERN, isValidGstin } from '@vastra/contracts';
import { z } from 'zod';
import { DEFAULT_BRAND_COLOUR, DEFAULT_STORE_NAME, type OnlineGateway, type StoreSettings } from '@vastra/contracts';
import type { S3Settings } from './modules/files';

/** The sample GSTIN of the default configuration; no real invoice may carry it. */
export const SAMPLE_SELLER_GSTIN = '29AAACV1234F1ZL';

/** An unset or empty variable is undefined. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** An amount in rupees, at most two decimals, 0 when unset. */
const rupeeAmount = z.coerce
  .number()
  .min(0)
  .max(100_000)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must be rupees with at most two decimals')
  .default(0);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  /** Where the embedded database, generated secrets and uploads live. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server; when unset the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Origins allowed to call the API with credentials (comma-separated). */
  STOREFRONT_URL: z.string().default('http://localhost:3000'),
  /** The API's own public address, used in absolute links such as image URLs. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The domain the API and the storefront share (`vastra.example` for api.vastra.example and
   * vastra.example): the session cookie's `Domain`, so the storefront's server sees the session.
   * Unset: the cookie is the API host's alone (enough when both are on one host, as on localhost).
   */
  SESSION_COOKIE_DOMAIN: z
    .string()
    .optional()
    .transform((v) => v?.trim().replace(/^\./, '').toLowerCase() || undefined),
  /**
   * Which reverse proxies may tell the client's address in X-Forwarded-For (per-address rate limits
   * read it): unset/`false` = none, the socket's address counts; `true` = any (only when nothing
   * reaches the API except through the proxy); a hop count; or addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s) || /^(loopback|linklocal|uniquelocal)$/.test(s))) {
        return list;
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a hop count, or addresses/CIDRs, comma-separated',
      });
      return false;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long shared catalogue answers (facets, categories, homepage) are cached; 0 = off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Seed the 400-product demo catalogue on the first start of an empty database. Defaults to
   * true outside production. Seeding never runs at start in production: `true` is refused
   * there, and a demo is seeded on purpose with `npm run seed` (without the demo coupons and
   * gift cards).
   */
  AUTO_SEED: z.enum(['true', 'false']).optional(),
  /** Signs session tokens (HS256); at least 32 characters. Required in production. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** How long a login lasts, in days. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Google sign-in: the OAuth client id that ID tokens must be issued to; unset = off. */
  GOOGLE_CLIENT_ID: optionalString,
  /** Where Google's signing keys are read; tests point it at their own JWKS. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Outgoing mail, e.g. smtp://user:pass@smtp.example.com:587; unset = local outbox in DATA_DIR. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** Sender of the store's mail. */
  MAIL_FROM: z.string().default('Vastra <no-reply@vastra.local>'),
  /**
   * A publishable key (`pk_` and 16–128 letters, digits, `_` or `-`) that /store/* accepts; ensured in the
   * table at start so the storefront can be given the same value. Unset = the keys already stored
   * (one is generated at the first start).
   */
  PUBLISHABLE_API_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^pk_[A-Za-z0-9_-]{16,128}$/, 'must be pk_ followed by 16 to 128 letters, digits, _ or -')
      .optional(),
  ),
  /**
   * Shared with the storefront: signs the call that tells it which cache tags a catalogue change
   * expired (docs/admin.md "Shoppers see changes within seconds"); unset = no call, pages refresh
   * on their own timers.
   */
  REVALIDATE_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Where the API reaches the storefront for that call; default the first STOREFRONT_URL. */
  STOREFRONT_INTERNAL_URL: optionalString.pipe(z.string().url().optional()),
  /** Shared store for rate limits when several API instances run; unset = in memory. */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  /** Uploads in an S3 bucket (or an S3-compatible server) rather than DATA_DIR/files; unset = local disk. */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lowercase letters, digits, dots, dashes',
      )
      .optional(),
  ),
  /** The bucket's region; default ap-south-1 (Mumbai). R2 takes `auto`. */
  S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-south-1')
      .optional(),
  ),
  /** An S3-compatible server (MinIO, R2…); unset = AWS. */
  S3_ENDPOINT: optionalString.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
      .optional(),
  ),
  /** Both or neither; neither = the AWS SDK's default credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Address the bucket in the path rather than the host name (MinIO and most local servers need it). */
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false']).optional()),
  /** Put before every object key, e.g. `vastra` (several stores sharing a bucket). */
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/?$/, 'must be lowercase letters, digits, _ or -, in /-separated parts')
      .optional(),
  ),
  /** GST state code of the store's registered place of business (CGST+SGST inside it, IGST elsewhere). */
  STORE_STATE: z
    .string()
    .regex(/^\d{2}$/, 'must be a two-digit GST state code, e.g. 29')
    .default('29'),
  /** Whether catalogue prices already include GST (Indian retail prices do: MRP is tax-inclusive). */
  PRICES_INCLUDE_GST: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The online gateway offered at checkout until the owner chooses in the admin: the built-in sandbox page, PhonePe or Razorpay. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'phonepe', 'razorpay']).optional(),
  /**
   * Minutes an online order may stay unpaid before its stock and gift card hold are released.
   * At least 5: PhonePe's payment page stays open that long, and a payment must not outlive its order.
   */
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /** Cash on delivery: offered at all, and up to which order value (rupees). */
  COD_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  COD_MAX_ORDER_RUPEES: z.coerce.number().int().min(0).default(10_000),
  /**
   * Delivery charge and COD fee (behaviour.md §4 Delivery charge and COD fee), in rupees: the
   * delivery charge (0 = free delivery), the lines' value after the discount and before the gift
   * card from which delivery is free (0 = no threshold), the cash on delivery fee (0 = none).
   */
  DELIVERY_CHARGE_RUPEES: rupeeAmount,
  FREE_DELIVERY_FROM_RUPEES: rupeeAmount,
  COD_FEE_RUPEES: rupeeAmount,
  /** PhonePe Standard Checkout v2 (needed when PAYMENT_GATEWAY=phonepe). Defaults are PhonePe's sandbox. */
  PHONEPE_BASE_URL: z.string().url().default('https://api-preprod.phonepe.com/apis/pg-sandbox'),
  PHONEPE_AUTH_URL: z.string().url().default('https://api-preprod.phonepe.com/apis/pg-sandbox'),
  PHONEPE_CLIENT_ID: optionalString,
  PHONEPE_CLIENT_SECRET: optionalString,
  PHONEPE_CLIENT_VERSION: z.coerce.number().int().min(1).default(1),
  /** The username and password set for the webhook in PhonePe's dashboard. */
  PHONEPE_WEBHOOK_USERNAME: optionalString,
  PHONEPE_WEBHOOK_PASSWORD: optionalString,
  /** Razorpay (needed when PAYMENT_GATEWAY=razorpay): the API keys and the webhook secret set in its dashboard. */
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  /** Razorpay's API and its Standard Checkout script; tests point both at a local stand-in. */
  RAZORPAY_BASE_URL: z.string().url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.string().url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /** Where the store hears of new orders and return requests (docs/admin.md); unset = no store mails. */
  STORE_NOTIFY_EMAIL: z.email().optional(),
  /** How often new orders and returns are gathered into one store mail, in minutes (0 = never). */
  STORE_NOTIFY_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  /** The hour (India time, 0–23) the daily summary goes to STORE_NOTIFY_EMAIL. */
  STORE_SUMMARY_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** Minutes between reads of pending gateway refunds (submit again, read the state); 0 = never. */
  REFUND_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(5),
  /** Whether this instance runs background jobs; false = it only queues them (needs DATABASE_URL and a worker). */
  JOBS_WORK: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Retries of a failed job (a mail) after its first attempt. */
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** Wait before a job's first retry, in ms, doubled at each next one (whole seconds on PostgreSQL). */
  JOBS_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How often a worker asks PostgreSQL for jobs, in ms. */
  JOBS_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
  /** Days after delivery within which a return may be requested. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** Category slugs that are never returnable (their subcategories neither), comma-separated. */
  NON_RETURNABLE_CATEGORIES: z.string().default('innerwear,socks,personal-care,free-items'),
  /** The seller printed on GST invoices and credit notes. */
  SELLER_NAME: z.string().min(1).default('Vastra Fashion Private Limited'),
  SELLER_ADDRESS: z.string().min(1).default('12 Residency Road, Bengaluru, Karnataka 560025'),
  /** The seller's GSTIN (layout and check character); its first two digits must be STORE_STATE. The default is a sample. */
  SELLER_GSTIN: z
    .string()
    .regex(GSTIN_PATTERN, 'must be a 15-character GSTIN, e.g. 29AAACV1234F1ZL')
    .refine(
      (s) => !GSTIN_PATTERN.test(s) || isValidGstin(s),
      'is not a valid GSTIN: its check character (the last one) does not match',
    )
    .default(SAMPLE_SELLER_GSTIN),
  /** The grievance officer named on the storefront and invoices until the owner saves Store settings (empty: none). */
  GRIEVANCE_OFFICER_NAME: z.string().trim().max(100).optional(),
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().max(100).optional(),
  GRIEVANCE_OFFICER_EMAIL: z.email().optional(),
  GRIEVANCE_OFFICER_PHONE: z
    .string()
    .regex(/^\+?[0-9][0-9 -]{8,16}[0-9]$/, 'must be a phone number of 10 to 13 digits')
    .optional(),
  /** Where shipment tracking comes from: the order's own timeline, or Shiprocket by AWB. */
  SHIPPING_PROVIDER: z.enum(['builtin', 'shiprocket']).default('builtin'),
  SHIPROCKET_BASE_URL: z.string().url().default('https://apiv2.shiprocket.in/v1/external'),
  /** The Shiprocket API user (needed when SHIPPING_PROVIDER or SHIPMENT_BOOKING is shiprocket). */
  SHIPROCKET_EMAIL: optionalString,
  SHIPROCKET_PASSWORD: optionalString,
  /**
   * The token Shiprocket sends as `x-api-key` with its tracking webhook (Settings > API >
   * Webhooks); unset = every webhook refused. Required in production with SHIPPING_PROVIDER=shiprocket.
   */
  SHIPROCKET_WEBHOOK_TOKEN: optionalString,
  /** Who books the admin's shipments: the development provider, or Shiprocket; unset = as SHIPPING_PROVIDER. */
  SHIPMENT_BOOKING: z
    .enum(['builtin', 'shiprocket'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The nickname of the pickup address saved in Shiprocket that parcels leave from. */
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).max(100).default('Primary'),
  /** Accounts one IP address may register an hour. */
  AUTH_REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Order attempts (POST /orders) one account, and one client address, may make an hour. */
  ORDER_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  ORDER_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Online orders waiting for payment one shopper may hold at once (each holds stock). */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(100).default(3),
  /** Storage one account's uploads (avatar, review photos, return evidence) may take, in MB. */
  UPLOAD_QUOTA_MB_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Serve the OpenAPI page at /docs in production too (it is always served elsewhere). */
  API_DOCS_PUBLIC: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The operator token, a bearer credential of /admin/api acting as an owner (`npm run ops`); unset = generated once into DATA_DIR/secrets/operator-token. */
  OPERATOR_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Bearer token a Prometheus scrape of /metrics sends; unset = /metrics open outside production, absent in it. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Sign-in with a mobile number and a texted code (docs/behaviour.md "Phone sign-in"); unset =
   * on outside production, off in it. On in production needs MSG91's settings.
   */
  PHONE_SIGN_IN: optionalString.pipe(z.enum(['true', 'false']).optional()),
  /** MSG91 (modules/sms): the auth key; unset = texts go to the local outbox DATA_DIR/sms-outbox. */
  MSG91_AUTH_KEY: optionalString,
  /** MSG91's id of the sign-in code template, mapped in MSG91 to its DLT template id. */
  MSG91_TEMPLATE_ID: optionalString,
  /** The DLT-approved sender id (header) the texts come from, e.g. VASTRA. */
  MSG91_SENDER_ID: optionalString,
  /** MSG91's id of the order-update template (DLT-registered, variables order, update, link); unset = no order updates by SMS. */
  MSG91_NOTICE_TEMPLATE_ID: optionalString,
  /** MSG91's API address (a test points it at a local stand-in). */
  MSG91_BASE_URL: z.string().url().default('https://control.msg91.com'),
  /** Most code texts one number may receive in 24 hours. */
  SMS_DAILY_BUDGET_PER_NUMBER: z.coerce.number().int().min(1).max(1000).default(10),
  /** Most code texts the whole store sends in 24 hours (against SMS pumping fraud). */
  SMS_DAILY_BUDGET_STORE: z.coerce.number().int().min(1).max(10_000_000).default(2000),
  /** Most code texts asked from one client address in an hour. */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Order updates and COD confirmations on WhatsApp (modules/whatsapp; docs/behaviour.md
   * "WhatsApp updates"); unset = on outside production (the outbox), off in it. On in production
   * needs the Cloud API's settings below.
   */
  WHATSAPP_UPDATES: optionalString.pipe(z.enum(['true', 'false']).optional()),
  /** The Cloud API's WhatsApp Business phone number id; unset = messages go to DATA_DIR/whatsapp-outbox. */
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  /** A system user's permanent access token with whatsapp_business_messaging. */
  WHATSAPP_ACCESS_TOKEN: optionalString,
  /** The Meta app's secret: webhooks are signed with it (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: optionalString,
  /** What Meta's webhook verification request must send as hub.verify_token (you choose it). */
  WHATSAPP_VERIFY_TOKEN: optionalString,
  /** The Graph API's address (a test points it at a local stand-in) and version. */
  WHATSAPP_BASE_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  /** The approved templates' names (docs/deploy.md "WhatsApp (Cloud API)" lists their parameters). */
  WHATSAPP_TEMPLATE_ORDER_PLACED: z.string().min(1).default('order_placed'),
  WHATSAPP_TEMPLATE_ORDER_SHIPPED: z.string().min(1).default('order_shipped'),
  WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY: z.string().min(1).default('order_out_for_delivery'),
  WHATSAPP_TEMPLATE_DELIVERY_FAILED: z.string().min(1).default('order_delivery_failed'),
  WHATSAPP_TEMPLATE_ORDER_DELIVERED: z.string().min(1).default('order_delivered'),
  WHATSAPP_TEMPLATE_REFUND_ISSUED: z.string().min(1).default('refund_issued'),
  WHATSAPP_TEMPLATE_COD_CONFIRMATION: z.string().min(1).default('cod_confirmation'),
  /** Web Push notifications to shoppers' browsers (modules/push); off: no push is sent and the storefront offers none. */
  PUSH_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The VAPID key pair (base64url, `npx web-push generate-vapid-keys`); unset outside production = generated once into DATA_DIR/secrets/vapid.json. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')
      .optional(),
  ),
});

/** The variables the API reads, as named in the environment and `.env.example`. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

type Env = z.output<typeof schema>;

const isLocalUrl = (url: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/.test(new URL(url).hostname);

/**
 * What makes a configuration unsafe for a live store: development defaults that would hand out
 * goods (the sandbox gateway, demo coupons and gift cards), print a sample GSTIN on tax
 * invoices, keep mail and secrets on local disk, or point links at this machine. One line per
 * problem, naming its variable.
 */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  if (!e.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 random characters)');
  if (!e.DATABASE_URL) {
    problems.push('DATABASE_URL: required in production (the embedded database is for development)');
  }
  if (e.PAYMENT_GATEWAY !== 'phonepe' && e.PAYMENT_GATEWAY !== 'razorpay') {
    problems.push(
      'PAYMENT_GATEWAY: set a real gateway (phonepe or razorpay); the sandbox marks orders paid without any money moving',
    );
  }
  if (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && !e.RAZORPAY_WEBHOOK_SECRET) {
    problems.push(
      "RAZORPAY_WEBHOOK_SECRET: required in production with Razorpay's keys (set the same secret on the webhook in Razorpay's dashboard)",
    );
  }
  if (e.AUTO_SEED === 'true') {
    problems.push(
      'AUTO_SEED: seeding never runs at start in production; load your catalogue with npm run import (or a demo with npm run seed) before starting',
    );
  }
  if (e.SELLER_GSTIN === SAMPLE_SELLER_GSTIN) {
    problems.push("SELLER_GSTIN: set your store's GSTIN; the sample would be printed on tax invoices");
  }
  if (!e.SMTP_URL)
    problems.push('SMTP_URL: required in production (shoppers must receive their codes and order mails)');
  if (!e.PUBLIC_URL || isLocalUrl(e.PUBLIC_URL)) {
    problems.push("PUBLIC_URL: set the API's public address (it is localhost)");
  }
  const storefronts = e.STOREFRONT_URL.split(',').map((u) => u.trim());
  if (storefronts.some((u) => !URL.canParse(u) || isLocalUrl(u))) {
    problems.push("STOREFRONT_URL: set the storefront's public address (it is localhost)");
  }
  if (!e.OPERATOR_TOKEN) {
    problems.push('OPERATOR_TOKEN: required in production (at least 32 random characters)');
  }
  if (e.PHONE_SIGN_IN === 'true' && !(e.MSG91_AUTH_KEY && e.MSG91_TEMPLATE_ID && e.MSG91_SENDER_ID)) {
    problems.push(
      'MSG91_AUTH_KEY, MSG91_TEMPLATE_ID, MSG91_SENDER_ID: required in production while PHONE_SIGN_IN=true (the sign-in codes go by SMS), or set PHONE_SIGN_IN=false',
    );
  }
  if (
    e.WHATSAPP_UPDATES === 'true' &&
    !(e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN)
  ) {
    problems.push(
      'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: required in production while WHATSAPP_UPDATES=true (docs/deploy.md "WhatsApp (Cloud API)"), or set WHATSAPP_UPDATES=false',
    );
  }
  if (e.SHIPPING_PROVIDER === 'shiprocket' && (e.SHIPROCKET_WEBHOOK_TOKEN ?? '').length < 24) {
    problems.push(
      'SHIPROCKET_WEBHOOK_TOKEN: required in production with SHIPPING_PROVIDER=shiprocket, at least 24 random characters (the tracking webhook\'s x-api-key, docs/deploy.md "Shiprocket")',
    );
  }
  if (e.PUSH_ENABLED && !(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT)) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: required in production while PUSH_ENABLED=true (generate the keys with npx web-push generate-vapid-keys), or set PUSH_ENABLED=false',
    );
  }
  if (!e.SESSION_COOKIE_DOMAIN && e.PUBLIC_URL && URL.canParse(e.PUBLIC_URL)) {
    const apiHost = new URL(e.PUBLIC_URL).hostname;
    if (storefronts.some((u) => URL.canParse(u) && new URL(u).hostname !== apiHost)) {
      problems.push(
        `SESSION_COOKIE_DOMAIN: the storefront is not on the API's host (${apiHost}), so its server cannot see the shopper's session; set the domain both share`,
      );
    }
  }
  return problems;
}

/** The hosts of PUBLIC_URL and STOREFRONT_URL that a cookie for `domain` would not reach. */
function hostsOutside(domain: string, e: { PUBLIC_URL?: string | undefined; STOREFRONT_URL: string }): string[] {
  const urls = [e.PUBLIC_URL, ...e.STOREFRONT_URL.split(',').map((u) => u.trim())];
  return urls
    .filter((u): u is string => !!u && URL.canParse(u))
    .map((u) => new URL(u).hostname)
    .filter((host) => host !== domain && !host.endsWith(`.${domain}`));
}

/** Parses `env` into a Config; throws an Error naming every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (
    e.PAYMENT_GATEWAY === 'phonepe' &&
    !(e.PHONEPE_CLIENT_ID && e.PHONEPE_CLIENT_SECRET && e.PHONEPE_WEBHOOK_USERNAME && e.PHONEPE_WEBHOOK_PASSWORD)
  ) {
    throw new Error(
      'Invalid configuration: PAYMENT_GATEWAY=phonepe needs PHONEPE_CLIENT_ID, PHONEPE_CLIENT_SECRET, PHONEPE_WEBHOOK_USERNAME and PHONEPE_WEBHOOK_PASSWORD',
    );
  }
  if (e.PAYMENT_GATEWAY === 'razorpay' && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration: PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
  }
  if (e.SHIPPING_PROVIDER === 'shiprocket' && !(e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD)) {
    throw new Error(
      'Invalid configuration: SHIPPING_PROVIDER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD',
    );
  }
  if (e.SHIPMENT_BOOKING === 'shiprocket' && !(e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD)) {
    throw new Error(
      'Invalid configuration: SHIPMENT_BOOKING=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD',
    );
  }
  const s3Set = [
    e.S3_BUCKET,
    e.S3_REGION,
    e.S3_ENDPOINT,
    e.S3_ACCESS_KEY_ID,
    e.S3_SECRET_ACCESS_KEY,
    e.S3_FORCE_PATH_STYLE,
    e.S3_PREFIX,
  ].some((v) => v !== undefined);
  if (s3Set && !e.S3_BUCKET) {
    throw new Error('Invalid configuration: S3_BUCKET is required when any S3_* setting is set');
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!e.JOBS_WORK && !e.DATABASE_URL) {
    throw new Error('Invalid configuration: JOBS_WORK=false needs DATABASE_URL (a worker must share the jobs)');
  }
  if (!e.SELLER_GSTIN.startsWith(e.STORE_STATE)) {
    throw new Error(`Invalid configuration: SELLER_GSTIN must start with STORE_STATE (${e.STORE_STATE})`);
  }
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e);
    if (problems.length) throw new Error(`Unsafe configuration for production:\n- ${problems.join('\n- ')}`);
  }
  const outside = e.SESSION_COOKIE_DOMAIN ? hostsOutside(e.SESSION_COOKIE_DOMAIN, e) : [];
  if (outside.length) {
    throw new Error(
      `Invalid configuration: SESSION_COOKIE_DOMAIN=${e.SESSION_COOKIE_DOMAIN} does not cover ${outside.join(', ')} (the API and every storefront must be on it)`,
    );
  }
  return settingsOf(e);
}

/**
 * The settings the API reads, in their nested shape, from a checked environment: units in the
 * names (ms, paise, bytes), defaults that depend on NODE_ENV applied, trailing slashes taken
 * off URLs. Its return type is `Config`.
 */
function settingsOf(e: Env) {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  /** The bucket uploads are kept in; undefined = local disk under DATA_DIR/files. */
  const s3: S3Settings | undefined = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION ?? 'ap-south-1',
        endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        prefix: e.S3_PREFIX?.replace(/\/$/, ''),
      }
    : undefined;
  const storeDefaults: StoreSettings = {
    storeName: DEFAULT_STORE_NAME,
    logoUrl: null,
    brandColour: DEFAULT_BRAND_COLOUR,
    contactEmail: null,
    contactPhone: null,
    sellerName: e.SELLER_NAME,
    sellerAddress: e.SELLER_ADDRESS,
    sellerGstin: e.SELLER_GSTIN,
    notifyEmail: e.STORE_NOTIFY_EMAIL ?? null,
    codEnabled: e.COD_ENABLED,
    codMaxRupees: e.COD_MAX_ORDER_RUPEES,
    codConfirmAboveRupees: null,
    codConfirmHours: 24,
    returnWindowDays: e.RETURN_WINDOW_DAYS,
    storeCreditExpiryDays: null,
    cartRemindersEnabled: true,
    cartReminderFirstHours: 3,
    cartReminderSecondHours: 24,
    deliveryChargeRupees: e.DELIVERY_CHARGE_RUPEES,
    freeDeliveryFromRupees: e.FREE_DELIVERY_FROM_RUPEES > 0 ? e.FREE_DELIVERY_FROM_RUPEES : null,
    codFeeRupees: e.COD_FEE_RUPEES,
    paymentGateways: [e.PAYMENT_GATEWAY ?? 'sandbox'],
    inactiveAccountErasureYears: 3,
    // Shipping operations
    preferredCourier: null,
    dataProtectionOfficerName: null,
    dataProtectionOfficerEmail: null,
    grievanceOfficerName: e.GRIEVANCE_OFFICER_NAME || null,
    grievanceOfficerDesignation: e.GRIEVANCE_OFFICER_DESIGNATION || null,
    grievanceOfficerEmail: e.GRIEVANCE_OFFICER_EMAIL ?? null,
    grievanceOfficerPhone: e.GRIEVANCE_OFFICER_PHONE ?? null,
  };
  const configuredGateways: OnlineGateway[] = [
    ...(e.NODE_ENV === 'production' ? [] : (['sandbox'] as const)),
    ...(e.PHONEPE_CLIENT_ID && e.PHONEPE_CLIENT_SECRET ? (['phonepe'] as const) : []),
    ...(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET ? (['razorpay'] as const) : []),
  ];
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storefrontOrigins: e.STOREFRONT_URL.split(',').map((s) => s.trim().replace(/\/$/, '')),
    publicUrl,
    /** Fastify's `trustProxy`: false, true, a hop count or proxy addresses/CIDRs. */
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    autoSeed: e.NODE_ENV !== 'production' && (e.AUTO_SEED ?? 'true') === 'true',
    /** Seed the demo coupons and gift cards with the catalogue (never in production). */
    seedDemoOffers: e.NODE_ENV !== 'production',
    /** Whether /docs is served. */
    apiDocs: e.NODE_ENV !== 'production' || e.API_DOCS_PUBLIC,
    /** Session cookies carry `Secure` (the API's public URL is https). */
    secureCookies: publicUrl.startsWith('https://'),
    /** The session cookie's `Domain` (SESSION_COOKIE_DOMAIN), or none: the API host's alone. */
    sessionCookieDomain: e.SESSION_COOKIE_DOMAIN,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    /** Undefined outside production: the API then keeps a generated secret in DATA_DIR. */
    jwtSecret: e.JWT_SECRET,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    redisUrl: e.REDIS_URL,
    s3,
    /** The storefront's revalidation call: its base URL and the shared secret; undefined = not called. */
    revalidate: e.REVALIDATE_SECRET
      ? {
          storefrontUrl: (e.STOREFRONT_INTERNAL_URL ?? e.STOREFRONT_URL.split(',')[0]!.trim()).replace(/\/$/, ''),
          secret: e.REVALIDATE_SECRET,
        }
      : undefined,
    /** Ensured in the publishable key table at start; undefined = keep what is stored. */
    publishableApiKey: e.PUBLISHABLE_API_KEY,
    checkout: {
      /** GST state code of the store, e.g. "29". */
      storeState: e.STORE_STATE,
      pricesIncludeGst: e.PRICES_INCLUDE_GST,
      paymentGateway: e.PAYMENT_GATEWAY ?? 'sandbox',
      paymentTimeoutMs: e.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
      codEnabled: e.COD_ENABLED,
      /** Largest order value (payable amount) for cash on delivery, in paise. */
      codMaxPaise: e.COD_MAX_ORDER_RUPEES * 100,
    },
    /** PhonePe settings; complete when the gateway is phonepe (checked at start). */
    phonepe: {
      baseUrl: e.PHONEPE_BASE_URL.replace(/\/$/, ''),
      authUrl: e.PHONEPE_AUTH_URL.replace(/\/$/, ''),
      clientId: e.PHONEPE_CLIENT_ID,
      clientSecret: e.PHONEPE_CLIENT_SECRET,
      clientVersion: e.PHONEPE_CLIENT_VERSION,
      webhookUsername: e.PHONEPE_WEBHOOK_USERNAME,
      webhookPassword: e.PHONEPE_WEBHOOK_PASSWORD,
    },
    /** Razorpay settings; complete when the gateway is razorpay (checked at start). */
    razorpay: {
      baseUrl: e.RAZORPAY_BASE_URL.replace(/\/$/, ''),
      checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    },
    /** How often pending gateway refunds are refreshed in the background; 0 = never. */
    refundRefreshMs: e.REFUND_REFRESH_MINUTES * 60_000,
    storeNotify: {
      email: e.STORE_NOTIFY_EMAIL,
      everyMs: e.STORE_NOTIFY_MINUTES * 60_000,
      summaryHour: e.STORE_SUMMARY_HOUR,
    },
    returns: {
      windowDays: e.RETURN_WINDOW_DAYS,
      /** Category slugs never returnable, with everything below them. */
      nonReturnableCategories: e.NON_RETURNABLE_CATEGORIES.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    invoices: { sellerName: e.SELLER_NAME, sellerAddress: e.SELLER_ADDRESS, sellerGstin: e.SELLER_GSTIN },
    /**
     * The store settings' values until the owner saves them in the admin (modules/settings):
     * the environment's, else the store's defaults. Consumers read the settings, never these.
     */
    storeDefaults,
    /** The online gateways with credentials on this server: only these may be offered. */
    configuredGateways,
    shipping: {
      provider: e.SHIPPING_PROVIDER,
      /** Who books the admin's shipments (modules/shipping/booker.ts). */
      booking: e.SHIPMENT_BOOKING ?? e.SHIPPING_PROVIDER,
      shiprocket: {
        baseUrl: e.SHIPROCKET_BASE_URL.replace(/\/$/, ''),
        email: e.SHIPROCKET_EMAIL,
        password: e.SHIPROCKET_PASSWORD,
        webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN ?? null,
        pickupLocation: e.SHIPROCKET_PICKUP_LOCATION,
      },
    },
    /** Undefined: the API keeps a generated token in DATA_DIR/secrets/operator-token (lib/operator-token.ts). */
    operatorToken: e.OPERATOR_TOKEN,
    /** What a scrape of /metrics must send as its bearer token; undefined: none (and no /metrics in production). */
    metricsToken: e.METRICS_TOKEN,
    /**
     * Web Push (modules/push): whether it is on, and the VAPID keys (undefined outside
     * production: a pair generated into DATA_DIR/secrets/vapid.json) and contact.
     */
    push: {
      enabled: e.PUSH_ENABLED,
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM.replace(/^.*<([^>]+)>.*$/, '$1')}`,
    },
    registerLimitPerHour: e.AUTH_REGISTER_LIMIT_PER_HOUR,
    /**
     * Phone sign-in and its SMS (modules/sms): whether it is on, MSG91's settings (undefined
     * without an auth key: the outbox) and the limits on texts.
     */
    sms: {
      phoneSignIn: e.PHONE_SIGN_IN ? e.PHONE_SIGN_IN === 'true' : e.NODE_ENV !== 'production',
      msg91: e.MSG91_AUTH_KEY
        ? {
            authKey: e.MSG91_AUTH_KEY,
            templateId: e.MSG91_TEMPLATE_ID ?? '',
            noticeTemplateId: e.MSG91_NOTICE_TEMPLATE_ID ?? '',
            senderId: e.MSG91_SENDER_ID ?? '',
            baseUrl: e.MSG91_BASE_URL,
          }
        : undefined,
      dailyPerNumber: e.SMS_DAILY_BUDGET_PER_NUMBER,
      dailyStore: e.SMS_DAILY_BUDGET_STORE,
      perIpPerHour: e.SMS_PER_IP_PER_HOUR,
    },
    /**
     * WhatsApp updates (modules/whatsapp): whether they are on, the Cloud API's settings
     * (undefined without a phone number id and token: the outbox), the webhook's secrets and
     * the templates' names.
     */
    whatsapp: {
      enabled: e.WHATSAPP_UPDATES ? e.WHATSAPP_UPDATES === 'true' : e.NODE_ENV !== 'production',
      cloud:
        e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_ACCESS_TOKEN
          ? {
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              accessToken: e.WHATSAPP_ACCESS_TOKEN,
              baseUrl: e.WHATSAPP_BASE_URL,
              apiVersion: e.WHATSAPP_API_VERSION,
            }
          : undefined,
      appSecret: e.WHATSAPP_APP_SECRET ?? null,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? null,
      templates: {
        placed: e.WHATSAPP_TEMPLATE_ORDER_PLACED,
        shipped: e.WHATSAPP_TEMPLATE_ORDER_SHIPPED,
        out_for_delivery: e.WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY,
        undelivered: e.WHATSAPP_TEMPLATE_DELIVERY_FAILED,
        delivered: e.WHATSAPP_TEMPLATE_ORDER_DELIVERED,
        refunded: e.WHATSAPP_TEMPLATE_REFUND_ISSUED,
        cod_confirmation: e.WHATSAPP_TEMPLATE_COD_CONFIRMATION,
      },
    },
    /** Background jobs (lib/jobs): whether this instance works them, retries (ms), polling (ms). */
    jobs: {
      work: e.JOBS_WORK,
      retryLimit: e.JOBS_RETRY_LIMIT,
      retryDelayMs: e.JOBS_RETRY_DELAY_MS,
      backoff: true,
      pollMs: e.JOBS_POLL_MS,
    },
    /** Against stock hoarding and upload floods (per hour; bytes). */
    limits: {
      orderAttemptsPerHour: e.ORDER_ATTEMPTS_PER_HOUR,
      orderAttemptsPerAddress: e.ORDER_ATTEMPTS_PER_ADDRESS,
      maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
      uploadQuotaBytes: e.UPLOAD_QUOTA_MB_PER_ACCOUNT * 1024 * 1024,
    },
  };
}

/** The API's settings, inferred from the schema through `settingsOf`: there is no second list to keep. */
export type Config = ReturnType<typeof settingsOf>;

/** PhonePe settings; complete when the gateway is phonepe (checked at start). */
export type PhonePeConfig = Config['phonepe'];
