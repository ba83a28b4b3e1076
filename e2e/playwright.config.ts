/**
 * Browser tests: the real API (port 9100) and the built storefront (port 3100) on a fresh
 * database, driven in Debian's Chromium. Playwright never downloads a browser here. Browsers
 * reach the API as localhost:9100, the same site as the storefront on localhost:3100, so the
 * API's session cookie travels with the storefront's calls; servers talk over 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  API_LOG,
  API_PORT,
  DATA_DIR,
  PUBLIC_API_URL,
  PUBLISHABLE_KEY,
  RAZORPAY_PORT,
  REVALIDATE_SECRET,
  SHIPROCKET_PORT,
  WEB_LOG,
  WEB_PORT,
} from './support/stack';

const here = path.dirname(fileURLToPath(import.meta.url));

const root = path.resolve(here, '..');
fs.mkdirSync(path.dirname(API_LOG), { recursive: true });
const databaseUrl = process.env.DATABASE_URL
  ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: '/vastra_e2e' }).toString()
  : '';

export const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Fails the run when the API logged an error or answered 5xx, although every page looked right.
  globalTeardown: './support/server-faults.ts',
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
    // The service worker has its own journey (tests/offline.spec.ts, which allows it); in the
    // others a worker installed mid-journey would answer a slow page from its cache, so they
    // test the pages themselves.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  webServer: [
    {
      // Razorpay's stand-in; the API offers Razorpay once a journey's owner chooses it.
      command: 'exec node --import tsx support/razorpay-standin.ts',
      cwd: here,
      url: `http://127.0.0.1:${RAZORPAY_PORT}/v1/checkout.js`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // Shiprocket's stand-in; the admin's shipment bookings go to it (tests/shipping-ops.spec.ts).
      command: 'exec node --import tsx support/shiprocket-standin.ts',
      cwd: here,
      // Answers 401 without a token: up.
      url: `http://127.0.0.1:${SHIPROCKET_PORT}/v1/external/courier/serviceability/`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // The compiled API that `npm start` runs (built by scripts/prepare.mjs); its log goes to API_LOG.
      command: `exec node --enable-source-maps dist/server.js > ${JSON.stringify(API_LOG)}`,
      cwd: path.join(root, 'apps/api'),
      url: `http://127.0.0.1:${API_PORT}/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: PUBLIC_API_URL,
        STOREFRONT_URL: `http://localhost:${WEB_PORT}`,
        LOG_LEVEL: 'warn',
        PUBLISHABLE_API_KEY: PUBLISHABLE_KEY,
        REVALIDATE_SECRET,
        // Every journey registers its own shoppers from one address.
        AUTH_REGISTER_LIMIT_PER_HOUR: '100',
        // The keys the stand-in accepts (apps/api/src/test/razorpay-server.ts); browsers load its checkout.js.
        RAZORPAY_KEY_ID: 'rzp_test_Vastra0001',
        RAZORPAY_KEY_SECRET: 'rzp-key-secret-4c1d9e',
        RAZORPAY_WEBHOOK_SECRET: 'rzp-hook-secret-77ab',
        RAZORPAY_BASE_URL: `http://127.0.0.1:${RAZORPAY_PORT}`,
        RAZORPAY_CHECKOUT_URL: `http://localhost:${RAZORPAY_PORT}/v1/checkout.js`,
        // Bookings go to the Shiprocket stand-in (apps/api/src/test/shiprocket-server.ts); tracking stays builtin.
        SHIPMENT_BOOKING: 'shiprocket',
        SHIPROCKET_BASE_URL: `http://127.0.0.1:${SHIPROCKET_PORT}/v1/external`,
        SHIPROCKET_EMAIL: 'api@vastra.test',
        SHIPROCKET_PASSWORD: 'sr-secret',
        // The shipping journey places ten orders from this one address besides the others' orders.
        ORDER_ATTEMPTS_PER_ADDRESS: '200',
      },
    },
    {
      // Its stderr (render errors) goes to WEB_LOG, which support/server-faults.ts reads.
      command: `exec npx next start -p ${WEB_PORT} 2> ${JSON.stringify(WEB_LOG)}`,
      cwd: path.join(root, 'apps/storefront'),
      url: `http://localhost:${WEB_PORT}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        API_URL: `http://127.0.0.1:${API_PORT}`,
        PUBLIC_API_URL,
        SITE_URL: `http://localhost:${WEB_PORT}`,
        NEXT_TELEMETRY_DISABLED: '1',
        COMMERCE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        REVALIDATE_SECRET,
        // The checkout page opens the stand-in's Razorpay modal, and its CSP allows it.
        RAZORPAY_CHECKOUT_URL: `http://localhost:${RAZORPAY_PORT}/v1/checkout.js`,
      },
    },
  ],
});
