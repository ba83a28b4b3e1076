/**
 * A local HTTP server answering in Shiprocket's documented shapes (apiv2.shiprocket.in/v1/external),
 * for the shipping tests and the browser journey: POST /auth/login {email, password} → {token};
 * then, with `Authorization: Bearer <token>` (401 otherwise): GET /courier/serviceability/
 * (data.available_courier_companies[] with courier_company_id, courier_name, rate, etd, cod;
 * recommended_courier_company_id; 404 "No courier serviceable" for a pincode no courier serves),
 * POST /orders/create/adhoc → {order_id, shipment_id, status: "NEW"}, POST /courier/assign/awb
 * {shipment_id, courier_id} → {awb_assign_status: 1, response.data.awb_code, courier_name},
 * POST /courier/generate/label {shipment_id: []} → {label_created: 1, label_url}, POST
 * /manifests/generate {shipment_id: []} → {status: 1, manifest_url}, POST
 * /courier/generate/pickup {shipment_id: []} → {pickup_status: 1, response.pickup_scheduled_date,
 * pickup_token_number}, POST /orders/cancel {ids: [order_id]} → {status: 200, message} (400 for
 * an id it never made), and GET /courier/track/awb/{awb}. Label and manifest URLs serve real PDF
 * bytes (made with pdfkit). Every request is recorded (method, path, auth header, JSON body) so
 * tests can assert what the API sent; `failNext` makes the next call of a path answer 5xx, and
 * `cancelDelayMs` holds each cancel's answer back (two cancellations in flight at once).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';

export const SHIPROCKET_EMAIL = 'api@vastra.test';
export const SHIPROCKET_PASSWORD = 'sr-secret';
export const SHIPROCKET_PICKUP_LOCATION = 'Primary';

/** The API's configuration for booking (and tracking, with `tracking`) through a stand-in at `baseUrl`. */
export function shiprocketEnv(baseUrl: string, options: { tracking?: boolean } = {}): Record<string, string> {
  return {
    ...(options.tracking ? { SHIPPING_PROVIDER: 'shiprocket' } : {}),
    SHIPMENT_BOOKING: 'shiprocket',
    SHIPROCKET_BASE_URL: baseUrl,
    SHIPROCKET_EMAIL,
    SHIPROCKET_PASSWORD,
    SHIPROCKET_PICKUP_LOCATION,
  };
}

export type ShiprocketCourier = {
  courier_company_id: number;
  courier_name: string;
  rate: number;
  etd: string;
  cod: 0 | 1;
};

/** Couriers serving every pincode but the unserviceable ones: Delhivery is the cheapest. */
export const DEFAULT_COURIERS: ShiprocketCourier[] = [
  { courier_company_id: 10, courier_name: 'Xpressbees Surface', rate: 72.5, etd: 'Dec 04, 2026', cod: 1 },
  { courier_company_id: 14, courier_name: 'Delhivery Surface', rate: 61, etd: 'Dec 05, 2026', cod: 1 },
  { courier_company_id: 24, courier_name: 'Blue Dart Air', rate: 118, etd: 'Dec 02, 2026', cod: 0 },
];

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
};

type StandinShipment = {
  shipmentId: number;
  orderId: number;
  channelOrderId: string;
  awb: string | null;
  courierName: string | null;
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

/** A small real PDF: one page per line of text. */
function pdfOf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    lines.forEach((line, i) => {
      if (i > 0) doc.addPage();
      doc.fontSize(14).text(title).moveDown().fontSize(11).text(line);
    });
    if (lines.length === 0) doc.text(title);
    doc.end();
  });
}

export class FakeShiprocket {
  readonly server = http.createServer((req, res) => void this.handle(req, res));
  baseUrl = '';
  /** Every request after the login, oldest first. */
  requests: RecordedRequest[] = [];
  logins = 0;
  validTokens = new Set<string>();
  couriers: ShiprocketCourier[] = DEFAULT_COURIERS;
  /** Pincodes no courier serves. */
  unserviceable = new Set<string>(['744101']);
  /** Answer every call with 502. */
  down = false;
  /** Paths (without /v1/external) whose next call answers 500 once. */
  failNext = new Set<string>();
  /** Order ids cancelled through POST /orders/cancel. */
  cancelledOrders = new Set<number>();
  /** How long POST /orders/cancel waits before answering, in ms. */
  cancelDelayMs = 0;
  /** Shipments by shipment_id. */
  shipments = new Map<number, StandinShipment>();
  private nextId = 5_000_001;
  private documents = new Map<string, Buffer>();

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    this.baseUrl = `http://${host}:${(this.server.address() as AddressInfo).port}/v1/external`;
    return this.baseUrl;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The recorded requests to `path` (without /v1/external). */
  calls(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const json = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const url = new URL(req.url ?? '/', 'http://standin');
    const document = /^\/standin\/documents\/([a-z0-9-]+\.pdf)$/.exec(url.pathname);
    if (req.method === 'GET' && document) {
      const bytes = this.documents.get(document[1]!);
      if (!bytes) return json(404, { message: 'Not found' });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
      return void res.end(bytes);
    }
    if (this.down) return json(502, { message: 'Bad gateway' });
    const path = url.pathname.replace(/^\/v1\/external/, '');
    const raw = await readBody(req);
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      return json(422, { message: 'The given data was invalid.' });
    }
    if (req.method === 'POST' && path === '/auth/login') {
      if (body?.email !== SHIPROCKET_EMAIL || body?.password !== SHIPROCKET_PASSWORD) {
        return json(400, { message: 'Invalid email and password combination' });
      }
      this.logins += 1;
      const token = `token-${this.logins}`;
      this.validTokens.add(token);
      return json(200, { id: 1, email: SHIPROCKET_EMAIL, company_id: 1, token });
    }
    const authorization = req.headers.authorization;
    this.requests.push({ method: req.method ?? 'GET', path, query: url.searchParams, authorization, body });
    if (!this.validTokens.has((authorization ?? '').replace(/^Bearer /, ''))) {
      return json(401, { message: 'Token has expired', status_code: 401 });
    }
    const routePath = path.startsWith('/courier/track/awb/') ? '/courier/track/awb/' : path;
    if (this.failNext.delete(routePath)) return json(500, { message: 'Server Error', status_code: 500 });
    const ids = Array.isArray(body?.shipment_id) ? (body.shipment_id as unknown[]).map(Number) : [];
    switch (`${req.method} ${routePath}`) {
      case 'GET /courier/serviceability/':
        return this.serviceability(url.searchParams, json);
      case 'POST /orders/create/adhoc':
        return this.createOrder(body ?? {}, json);
      case 'POST /courier/assign/awb':
        return this.assignAwb(body ?? {}, json);
      case 'POST /courier/generate/label':
        return json(200, {
          label_created: 1,
          label_url: await this.document('label', ids),
          response: 'Label has been created and uploaded successfully!',
          not_created: [],
        });
      case 'POST /manifests/generate':
        return json(200, { status: 1, manifest_url: await this.document('manifest', ids) });
      case 'POST /courier/generate/pickup':
        return json(200, {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: '2026-11-29 11:00:00',
            pickup_token_number: `Reference No: ${ids.join('_')}`,
            status: 3,
            others: '{"pickup_schedule":"","scheduled_date":"2026-11-29"}',
            pickup_generated_date: { date: '2026-11-28 12:00:00.000000', timezone_type: 3, timezone: 'Asia/Kolkata' },
            data: 'Pickup is scheduled for Nov 29, 2026',
          },
        });
      case 'POST /orders/cancel':
        return this.cancelOrders(body ?? {}, json);
      case 'GET /courier/track/awb/':
        return this.track(decodeURIComponent(path.slice('/courier/track/awb/'.length)), json);
      default:
        return json(404, { message: 'Not found' });
    }
  }

  private serviceability(query: URLSearchParams, json: (status: number, payload: object) => void): void {
    const to = query.get('delivery_postcode') ?? '';
    if (this.unserviceable.has(to)) return json(404, { status: 404, message: 'No courier serviceable' });
    const couriers = this.couriers
      .filter((c) => query.get('cod') !== '1' || c.cod === 1)
      .map((c) => ({ ...c, estimated_delivery_days: '5', freight_charge: c.rate, min_weight: 0.5 }));
    const cheapest = [...couriers].sort((a, b) => a.rate - b.rate)[0];
    json(200, {
      company_auto_shipment_insurance_setting: false,
      currency: 'INR',
      data: {
        available_courier_companies: couriers,
        recommended_courier_company_id: cheapest?.courier_company_id ?? null,
      },
      status: 200,
    });
  }

  private createOrder(body: Record<string, unknown>, json: (status: number, payload: object) => void): void {
    const required = ['order_id', 'order_date', 'pickup_location', 'billing_customer_name', 'billing_pincode'];
    const missing = required.filter((k) => !body[k]);
    if (missing.length > 0 || !Array.isArray(body.order_items) || body.order_items.length === 0) {
      return json(422, { message: 'Oops! Invalid Data.', errors: Object.fromEntries(missing.map((k) => [k, [k]])) });
    }
    const orderId = this.nextId++;
    const shipmentId = this.nextId++;
    this.shipments.set(shipmentId, {
      shipmentId,
      orderId,
      channelOrderId: String(body.order_id),
      awb: null,
      courierName: null,
    });
    json(200, {
      order_id: orderId,
      shipment_id: shipmentId,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
    });
  }

  private assignAwb(body: Record<string, unknown>, json: (status: number, payload: object) => void): void {
    const shipment = this.shipments.get(Number(body.shipment_id));
    const courier = this.couriers.find((c) => c.courier_company_id === Number(body.courier_id));
    if (!shipment || !courier) return json(400, { message: 'Invalid shipment or courier', status_code: 400 });
    shipment.awb ??= `SR${String(shipment.shipmentId).padStart(10, '0')}`;
    shipment.courierName = courier.courier_name;
    json(200, {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: courier.courier_company_id,
          awb_code: shipment.awb,
          cod: 0,
          order_id: shipment.orderId,
          shipment_id: shipment.shipmentId,
          awb_code_status: 1,
          applied_weight: 0.5,
          courier_name: courier.courier_name,
          child_courier_name: null,
          routing_code: 'BLR/ITP',
          invoice_no: shipment.channelOrderId,
        },
      },
    });
  }

  private async cancelOrders(body: Record<string, unknown>, json: (status: number, payload: object) => void) {
    const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
    const known = new Set([...this.shipments.values()].map((s) => s.orderId));
    if (ids.length === 0 || ids.some((id) => !known.has(id))) {
      return json(400, { message: 'Invalid order id', status_code: 400 });
    }
    if (this.cancelDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.cancelDelayMs));
    for (const id of ids) this.cancelledOrders.add(id);
    json(200, { status: 200, message: 'Order cancelled successfully.' });
  }

  private async document(kind: 'label' | 'manifest', ids: number[]): Promise<string> {
    const name = `${kind}-${ids.join('-') || 'none'}.pdf`;
    const lines = ids.map((id) => {
      const s = this.shipments.get(id);
      return `Shipment ${id} · order ${s?.channelOrderId ?? '?'} · AWB ${s?.awb ?? '—'} · ${s?.courierName ?? ''}`;
    });
    this.documents.set(name, await pdfOf(kind === 'label' ? 'Shipping label' : 'Manifest', lines));
    return `${this.baseUrl.replace(/\/v1\/external$/, '')}/standin/documents/${name}`;
  }

  private track(awb: string, json: (status: number, payload: object) => void): void {
    json(200, {
      tracking_data: {
        track_status: 1,
        shipment_status: 18,
        shipment_track: [
          {
            id: 1,
            awb_code: awb,
            current_status: 'IN TRANSIT',
            edd: '2026-11-26 18:00:00',
            courier_name: 'Delhivery Surface',
          },
        ],
        // Newest first, as Shiprocket sends them.
        shipment_track_activities: [
          {
            date: '2026-11-23 08:15:00',
            status: 'X-ILL',
            activity: 'Reached destination hub',
            location: 'Bengaluru_Hub (Karnataka)',
            'sr-status': '18',
            'sr-status-label': 'IN TRANSIT',
          },
          {
            date: '2026-11-22 13:43:00',
            status: 'X-PPOM',
            activity: 'Shipment picked up',
            location: 'Mumbai (Maharashtra)',
            'sr-status': '42',
            'sr-status-label': 'PICKED UP',
          },
        ],
        track_url: `https://shiprocket.co/tracking/${awb}`,
        etd: '2026-11-26 18:00:00',
      },
    });
  }
}
