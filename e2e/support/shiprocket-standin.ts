/**
 * The Shiprocket stand-in of the browser tests (playwright.config.ts starts it): the API tests'
 * stand-in (apps/api/src/test/shiprocket-server.ts) on SHIPROCKET_PORT, answering Shiprocket's
 * API to the API when the admin books shipments (SHIPMENT_BOOKING=shiprocket; tracking stays
 * builtin, so the other journeys read the order's own timeline).
 */
import { FakeShiprocket } from '../../apps/api/src/test/shiprocket-server';
import { SHIPROCKET_PORT } from './stack';

const shiprocket = new FakeShiprocket();
await shiprocket.listen(SHIPROCKET_PORT, '127.0.0.1');
process.on('SIGTERM', () => void shiprocket.close().then(() => process.exit(0)));
