/**
 * A complete production configuration for tests: every setting `loadConfig` demands in
 * production, with addresses that are not this machine. The test harness opens its own
 * database, so DATABASE_URL here only has to be present.
 */
export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    DATABASE_URL: 'postgres://vastra@db.internal:5432/vastra',
    PAYMENT_GATEWAY: 'phonepe',
    PHONEPE_CLIENT_ID: 'client-id',
    PHONEPE_CLIENT_SECRET: 'client-secret',
    PHONEPE_WEBHOOK_USERNAME: 'hook-user',
    PHONEPE_WEBHOOK_PASSWORD: 'hook-password',
    AUTO_SEED: 'false',
    SELLER_GSTIN: '29ABCDE1234F1ZW',
    SMTP_URL: 'smtp://mail.internal:587',
    PUBLIC_URL: 'https://api.vastra.example',
    STOREFRONT_URL: 'https://vastra.example',
    SESSION_COOKIE_DOMAIN: 'vastra.example',
    OPERATOR_TOKEN: 'o'.repeat(40),
    VAPID_PUBLIC_KEY: 'BJimAZJ9sVAX9u_5ZfZChcfh6XZaKhX0wQCkasxLW3v_iHuxUsF6vQnwvNkEirx-XGRFoe1dUtb-kD8v6MZ4R7Q',
    VAPID_PRIVATE_KEY: '_OF_qSpN1qWFDytVwZChuoFQPM8wRSxbdz_zx1QTdMQ',
    VAPID_SUBJECT: 'mailto:owner@vastra.example',
    ...overrides,
  };
}
