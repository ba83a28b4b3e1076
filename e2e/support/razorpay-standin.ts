/**
 * The Razorpay stand-in of the browser tests (playwright.config.ts starts it): the API's test
 * stand-in (apps/api/src/test/razorpay-server.ts) on RAZORPAY_PORT, answering Razorpay's API to
 * the API and serving the stand-in checkout.js to the browser.
 */
import { FakeRazorpay } from '../../apps/api/src/test/razorpay-server';
import { RAZORPAY_PORT } from './stack';

const razorpay = new FakeRazorpay();
await razorpay.listen(RAZORPAY_PORT, '127.0.0.1');
process.on('SIGTERM', () => void razorpay.close().then(() => process.exit(0)));
