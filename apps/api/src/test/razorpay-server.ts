/**
 * A local HTTP server answering in Razorpay's documented shapes, for the payments tests and the
 * browser journey: orders (`POST /v1/orders`, `GET /v1/orders/{id}/payments`), refunds (`POST
 * /v1/payments/{id}/refund`, `GET /v1/refunds/{id}`, `GET /v1/payments/{id}/refunds`), with
 * HTTP basic auth `key_id:key_secret`; webhook bodies signed as Razorpay signs them
 * (X-Razorpay-Signature = HMAC-SHA256 of the body with the webhook secret); and a stand-in
 * checkout.js whose `new Razorpay(options).open()` "pays" at once (`POST /standin/pay`) and calls
 * the handler with an answer signed as Razorpay's checkout signs it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const KEY_ID = 'rzp_test_Vastra0001';
export const KEY_SECRET = 'rzp-key-secret-4c1d9e';
export const WEBHOOK_SECRET = 'rzp-hook-secret-77ab';

/** The API's configuration for Razorpay served by a FakeRazorpay listening at `base`. */
export function razorpayEnv(base: string): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_BASE_URL: base,
    RAZORPAY_CHECKOUT_URL: `${base}/v1/checkout.js`,
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
}

/** Checkout's signature of a payment: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export const checkoutSignature = (orderId: string, paymentId: string, secret = KEY_SECRET) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

/** A webhook's X-Razorpay-Signature for `body` (the exact string sent). */
export const webhookSignature = (body: string, secret = WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

export type RazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};

export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'upi';
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  error_code: string | null;
  error_description: string | null;
  created_at: number;
};

export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: 'normal';
  created_at: number;
};

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The stand-in checkout.js: a `Razorpay` constructor whose open() pays through the stand-in and calls the handler. */
const CHECKOUT_JS = `
(function(){
var base=document.currentScript.src.replace(/\\/v1\\/checkout\\.js.*$/,'');
function Razorpay(options){this.options=options;this.handlers={};}
Razorpay.prototype.on=function(event,fn){this.handlers[event]=fn;};
Razorpay.prototype.open=function(){
var self=this;
fetch(base+'/standin/pay',{method:'POST',headers:{'content-type':'application/json'},
body:JSON.stringify({key:self.options.key,order_id:self.options.order_id})})
.then(function(r){return r.json();})
.then(function(answer){
if(answer.error){if(self.handlers['payment.failed'])self.handlers['payment.failed']({error:answer.error});return;}
self.options.handler(answer);});
};
window.Razorpay=Razorpay;
})();
`;

/**
 * A stand-in for Razorpay, recording what it was sent. `payNext` says how the stand-in checkout
 * pays the next order ('captured' or 'failed'); `pay()` does it from a test. Refunds are created
 * `pending` and settled by `settleRefund()`.
 */
export class FakeRazorpay {
  server = http.createServer((req, res) => void this.handle(req, res));
  orders = new Map<string, RazorpayOrder>();
  payments = new Map<string, RazorpayPayment>();
  refunds = new Map<string, RazorpayRefund>();
  /** Every authorised API request: method and path, and the JSON body of a POST. */
  requests: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  /** API answers 503 while true (the checkout script keeps working). */
  down = false;
  payNext: 'captured' | 'failed' = 'captured';

  /** Listens on 127.0.0.1:`port` (a free one by default); resolves to its base URL. */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    return `http://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Razorpay's order created for our payment with this receipt (merchantOrderId cut to 40). */
  orderByReceipt(merchantOrderId: string): RazorpayOrder | undefined {
    return [...this.orders.values()].find((o) => o.receipt === merchantOrderId.slice(0, 40));
  }

  /** A payment attempt on the order, as the shopper's checkout makes it: captured or failed. */
  pay(orderId: string, outcome: 'captured' | 'failed' = 'captured'): RazorpayPayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no Razorpay order ${orderId}`);
    const payment: RazorpayPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: outcome,
      order_id: order.id,
      method: 'upi',
      captured: outcome === 'captured',
      amount_refunded: 0,
      refund_status: null,
      error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: outcome === 'failed' ? 'Payment failed because the customer declined it' : null,
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = outcome === 'captured' ? 'paid' : 'attempted';
    if (outcome === 'captured') {
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    return payment;
  }

  /** Settles a refund as Razorpay would later: processed or failed. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): RazorpayRefund {
    const refund = this.refunds.get(refundId)!;
    refund.status = status;
    return refund;
  }

  /** A webhook body of `event` as Razorpay sends it, with its entities. */
  webhookBody(
    event: string,
    entities: { payment?: RazorpayPayment; order?: RazorpayOrder; refund?: RazorpayRefund },
  ): string {
    const payload: Record<string, { entity: unknown }> = {};
    for (const [name, entity] of Object.entries(entities)) if (entity) payload[name] = { entity };
    return JSON.stringify({
      entity: 'event',
      account_id: 'acc_VastraTest001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://razorpay.test');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const error = (status: number, code: string, description: string) =>
      send(status, {
        error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' },
      });

    // The stand-in checkout: the script, and its "payment" (no key secret travels to the browser).
    if (req.method === 'GET' && url.pathname === '/v1/checkout.js') return send(200, CHECKOUT_JS, 'text/javascript');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/standin/pay') {
      const { key, order_id: orderId } = JSON.parse(text || '{}') as { key?: string; order_id?: string };
      if (key !== KEY_ID || !orderId || !this.orders.has(orderId))
        return error(400, 'BAD_REQUEST_ERROR', 'Invalid order');
      const payment = this.pay(orderId, this.payNext);
      if (payment.status === 'failed')
        return send(200, { error: { code: payment.error_code, description: payment.error_description } });
      return send(200, {
        razorpay_payment_id: payment.id,
        razorpay_order_id: orderId,
        razorpay_signature: checkoutSignature(orderId, payment.id),
      });
    }

    const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return error(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
    }
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    if (this.down) return error(503, 'SERVER_ERROR', 'The server is currently unavailable');

    let m: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/v1/orders') {
      const amount = body?.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return error(400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
      }
      const order: RazorpayOrder = {
        id: newId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: String(body?.currency ?? 'INR'),
        receipt: typeof body?.receipt === 'string' ? body.receipt : null,
        status: 'created',
        attempts: 0,
        notes: (body?.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      this.orders.set(order.id, order);
      return send(200, order);
    }
    if (req.method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname))) {
      if (!this.orders.has(m[1]!)) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const items = [...this.payments.values()].filter((p) => p.order_id === m![1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname))) {
      const payment = this.payments.get(m[1]!);
      const amount = typeof body?.amount === 'number' ? body.amount : payment?.amount;
      if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded')) {
        return error(400, 'BAD_REQUEST_ERROR', 'The payment has not been captured');
      }
      if (!amount || amount > payment.amount - payment.amount_refunded) {
        return error(400, 'BAD_REQUEST_ERROR', 'The refund amount provided is greater than amount captured');
      }
      const refund: RazorpayRefund = {
        id: newId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        receipt: typeof body?.receipt === 'string' ? body.receipt : null,
        notes: (body?.notes as Record<string, string>) ?? {},
        status: 'pending',
        speed_requested: 'normal',
        created_at: now(),
      };
      this.refunds.set(refund.id, refund);
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      if (payment.refund_status === 'full') payment.status = 'refunded';
      return send(200, refund);
    }
    if (req.method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname))) {
      const refund = this.refunds.get(m[1]!);
      return refund ? send(200, refund) : error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname))) {
      const items = [...this.refunds.values()].filter((r) => r.payment_id === m![1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    return error(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }
}
