/**
 * A local Shiprocket for the courier tests, in its documented shapes: POST /v1/external/auth/login
 * {email, password} → {token}; POST /v1/external/ndr/{awb}/action with `Authorization: Bearer`
 * and {action, comments, phone?} → 202 {status: "Data Updated Sucessfully"} (Shiprocket's
 * spelling); `down` answers 502. And the tracking webhook's body as Shiprocket sends it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const SHIPROCKET_TOKEN = 'shiprocket-api-token-3c9d';
export const WEBHOOK_TOKEN = 'courier-webhook-token-5b7e1a90c2d4';

/** The API's configuration for Shiprocket served at `base` (…/v1/external). */
export function shiprocketEnv(base: string): Record<string, string> {
  return {
    SHIPPING_PROVIDER: 'shiprocket',
    SHIPROCKET_BASE_URL: base,
    SHIPROCKET_EMAIL: 'api-user@vastra.test',
    SHIPROCKET_PASSWORD: 'api-user-password',
    SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  };
}

export type NdrActionReceived = {
  awb: string;
  authorization: string | undefined;
  body: { action: string; comments: string; phone?: string };
};

export class FakeShiprocketNdr {
  readonly actions: NdrActionReceived[] = [];
  down = false;
  private server: http.Server | null = null;
  base = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const json = (status: number, payload: object) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (this.down) return json(502, { message: 'Bad gateway' });
        if (req.method === 'POST' && req.url === '/v1/external/auth/login') {
          return json(200, { id: 1, email: 'api-user@vastra.test', token: SHIPROCKET_TOKEN });
        }
        const action = /^\/v1\/external\/ndr\/([^/]+)\/action$/.exec(req.url ?? '');
        if (req.method === 'POST' && action) {
          if (req.headers.authorization !== `Bearer ${SHIPROCKET_TOKEN}`)
            return json(401, { message: 'Unauthenticated.' });
          this.actions.push({
            awb: decodeURIComponent(action[1]!),
            authorization: req.headers.authorization,
            body: JSON.parse(raw) as NdrActionReceived['body'],
          });
          return json(202, { status: 'Data Updated Sucessfully' });
        }
        json(404, { message: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/external`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Shiprocket's shipment status ids and words the tests send. */
export const SR = {
  pickedUp: [42, 'PICKED UP'],
  inTransit: [18, 'IN TRANSIT'],
  outForDelivery: [17, 'OUT FOR DELIVERY'],
  delivered: [7, 'DELIVERED'],
  undelivered: [21, 'UNDELIVERED'],
  rtoInitiated: [9, 'RTO INITIATED'],
  rtoDelivered: [10, 'RTO DELIVERED'],
} as const;

/** "23 05 2023 11:43:52": Shiprocket's current_timestamp (India time) of `at`. */
export function srTimestamp(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)} ${ist.slice(5, 7)} ${ist.slice(0, 4)} ${ist.slice(11, 19)}`;
}

/** A tracking webhook body as Shiprocket documents it, for `awb` at status `status`, happening `at`. */
export function trackingWebhook(
  awb: string,
  status: readonly [number, string],
  at: Date,
  scan: { activity: string; location: string } = { activity: status[1], location: 'Bengaluru Hub' },
): Record<string, unknown> {
  const date = srTimestamp(at);
  const scanDate = `${date.slice(6, 10)}-${date.slice(3, 5)}-${date.slice(0, 2)} ${date.slice(11)}`;
  return {
    awb,
    courier_name: 'Delhivery Surface',
    current_status: status[1],
    current_status_id: status[0],
    shipment_status: status[1],
    shipment_status_id: status[0],
    current_timestamp: date,
    order_id: '1373900_150876814',
    sr_order_id: 348456385,
    awb_assigned_date: '2026-11-20 11:59:16',
    pickup_scheduled_date: '2026-11-20 11:59:17',
    etd: '2026-12-03 15:40:19',
    scans: [
      {
        date: scanDate,
        status: 'X-UCI',
        activity: scan.activity,
        location: scan.location,
        'sr-status': String(status[0]),
        'sr-status-label': status[1],
      },
    ],
    is_return: 0,
    channel_id: 3422553,
    pod_status: 'OTP Based Delivery',
    pod: 'Not Available',
  };
}
