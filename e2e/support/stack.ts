import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Ports of the stack the browser tests start (see playwright.config.ts). */
export const API_PORT = 9100;
export const WEB_PORT = 3100;
/** The Razorpay stand-in (support/razorpay-standin.ts): its API for the API, its checkout.js for browsers. */
export const RAZORPAY_PORT = 9180;
/** The Shiprocket stand-in (support/shiprocket-standin.ts): the API books shipments with it. */
export const SHIPROCKET_PORT = 9181;
export const API_URL = `http://127.0.0.1:${API_PORT}`;
/** The API as browsers reach it: the same site as the storefront, so its cookie is first-party. */
export const PUBLIC_API_URL = `http://localhost:${API_PORT}`;
/** The API's DATA_DIR in the browser tests; it writes every mail to `outbox/*.eml` there. */
export const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data');
/** The API's log (its stdout, JSON lines at LOG_LEVEL warn), read by server-faults.ts at the end of a run. */
export const API_LOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.logs/api.log');
/** Where the storefront's stderr goes during a run (Next's render errors, `⨯ …`), read by support/server-faults.ts. */
export const WEB_LOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.logs/storefront.log');
/** The publishable key of /store in the browser tests: given to the API (ensured in its table) and the storefront. */
export const PUBLISHABLE_KEY = 'pk_e2e_browser_tests_0000000000000000';
/** Signs the API's revalidation call to the storefront (both processes get it). */
export const REVALIDATE_SECRET = 'revalidate_e2e_browser_tests_000000000000';
