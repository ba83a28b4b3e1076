/**
 * Razorpay, as its API reference describes it (razorpay.com/docs/api; the shapes of the
 * razorpay/razorpay-node types). Every call has HTTP basic auth `key_id:key_secret`, JSON in
 * and out, amounts in paise:
 *
 * - Create order: `POST /v1/orders` `{ amount, currency: 'INR', receipt (≤ 40 chars), notes }` →
 *   `{ id: 'order_…', entity: 'order', amount, amount_paid, amount_due, currency, receipt,
 *   status: created | attempted | paid, attempts, notes, created_at }`.
 * - The order's payments: `GET /v1/orders/{id}/payments` → `{ entity: 'collection', count, items:
 *   [{ id: 'pay_…', entity: 'payment', amount, currency, status: created | authorized | captured |
 *   refunded | failed, order_id, captured, amount_refunded, error_code, error_description, … }] }`.
 *   A shopper may try several times inside one checkout, so one order can hold failed attempts
 *   and a captured one.
 * - Refund: `POST /v1/payments/{id}/refund` `{ amount, receipt, notes }` → `{ id: 'rfnd_…',
 *   entity: 'refund', amount, currency, payment_id, receipt, status: pending | processed |
 *   failed, … }`; read back with `GET /v1/refunds/{id}` or listed with `GET
 *   /v1/payments/{id}/refunds`.
 * - Standard Checkout: checkout.js opens a modal with the key id and the order id; on success its
 *   handler receives `razorpay_payment_id, razorpay_order_id, razorpay_signature`, the signature
 *   being HMAC-SHA256 (hex) of `order_id|payment_id` with the key secret.
 * - Webhooks: header `X-Razorpay-Signature` = HMAC-SHA256 (hex) of the raw body with the webhook
 *   secret; body `{ entity: 'event', event, contains, payload: { payment?: { entity }, order?: {
 *   entity }, refund?: { entity } }, created_at }`.
 *
 * The state told for a payment is the Razorpay order's, derived from its attempts (see
 * `orderState`). Errors never carry the key secret, so they may be logged.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type CreatedPayment,
  type CreateRefundInput,
  type KnownRefund,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderStatus,
} from './provider';

export type RazorpayOptions = {
  /** https://api.razorpay.com, or a stand-in in tests. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** Per call, including reading the answer; default 10 s. */
  timeoutMs?: number;
};

/** Razorpay's smallest amount, in paise (₹1). */
const MIN_AMOUNT_PAISE = 100;
/** Razorpay's longest receipt. */
const MAX_RECEIPT = 40;

const orderSchema = z.looseObject({ id: z.string().min(1), status: z.string().min(1) });

const paymentSchema = z.looseObject({
  id: z.string().min(1),
  amount: z.number().int(),
  status: z.string().min(1),
  order_id: z.string().nullish(),
  error_code: z.string().nullish(),
  created_at: z.number().nullish(),
});
type RazorpayPayment = z.infer<typeof paymentSchema>;

const collectionSchema = <T extends z.ZodType>(item: T) => z.looseObject({ items: z.array(item) });

const refundSchema = z.looseObject({
  id: z.string().min(1),
  amount: z.number().int().nullish(),
  status: z.string().min(1),
  receipt: z.string().nullish(),
});

/** The webhook's body: only what we act on is checked, the rest is kept as received. */
export const razorpayWebhookSchema = z.looseObject({
  event: z.string().min(1).max(100),
  payload: z.looseObject({
    payment: z.looseObject({ entity: paymentSchema.partial({ amount: true, status: true }) }).optional(),
    order: z.looseObject({ entity: z.looseObject({ id: z.string().min(1).max(100) }) }).optional(),
    refund: z
      .looseObject({
        entity: z.looseObject({
          id: z.string().min(1).max(100),
          payment_id: z.string().max(100).nullish(),
          receipt: z.string().max(100).nullish(),
          status: z.string().max(40).nullish(),
        }),
      })
      .optional(),
  }),
});
export type RazorpayWebhook = z.infer<typeof razorpayWebhookSchema>;

/** Webhook events about an order's payment. */
export const RAZORPAY_PAYMENT_EVENTS: ReadonlySet<string> = new Set([
  'payment.captured',
  'payment.failed',
  'payment.authorized',
  'order.paid',
]);

/** Webhook events about a refund: they move the refund they name, never a payment. */
export const RAZORPAY_REFUND_EVENTS: ReadonlySet<string> = new Set([
  'refund.processed',
  'refund.failed',
  'refund.created',
]);

/** The answer to a webhook when Razorpay's API cannot be read: 503, so Razorpay delivers it again. */
export const RAZORPAY_STATUS_UNREADABLE = 'Razorpay could not be read; deliver the webhook again later';

/** HMAC-SHA256 of `message` with `secret`, hex. */
function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function sameHex(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given.trim().toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's signature of a payment: HMAC-SHA256 of `order_id|payment_id` with the key secret (constant time). */
export function isValidPaymentSignature(
  answer: { orderId: string; paymentId: string; signature: string },
  keySecret: string,
): boolean {
  return sameHex(answer.signature, hmacHex(keySecret, `${answer.orderId}|${answer.paymentId}`));
}

/** A webhook's `X-Razorpay-Signature`: HMAC-SHA256 of the raw body with the webhook secret (constant time); false without a secret. */
export function isValidWebhookSignature(rawBody: string, header: string | undefined, secret: string | null): boolean {
  return secret !== null && sameHex(header, hmacHex(secret, rawBody));
}

/**
 * The Razorpay order's state from its attempts: `captured` once one attempt is captured (or
 * captured and refunded since), `authorized` while one waits for its capture, `failed` when
 * every attempt so far failed (the error code is the last one's), else `created` (no attempt
 * yet). The amount is the captured attempt's.
 */
export function orderState(items: RazorpayPayment[]): {
  state: string;
  errorCode: string | null;
  amountPaise: number | null;
} {
  const captured = items.find((p) => p.status === 'captured' || p.status === 'refunded');
  if (captured) return { state: 'captured', errorCode: null, amountPaise: captured.amount };
  if (items.some((p) => p.status === 'authorized')) return { state: 'authorized', errorCode: null, amountPaise: null };
  if (items.length > 0 && items.every((p) => p.status === 'failed')) {
    const last = [...items].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0]!;
    return { state: 'failed', errorCode: last.error_code || 'PAYMENT_FAILED', amountPaise: null };
  }
  return { state: 'created', errorCode: null, amountPaise: null };
}

export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  private readonly timeoutMs: number;
  private readonly authorization: string;

  constructor(private readonly options: RazorpayOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  /** The key id checkout.js opens the modal with (public by design). */
  get keyId(): string {
    return this.options.keyId;
  }

  /** Whether checkout's answer for a payment is signed with our key secret (see isValidPaymentSignature). */
  isSigned(answer: { orderId: string; paymentId: string; signature: string }): boolean {
    return isValidPaymentSignature(answer, this.options.keySecret);
  }

  /**
   * Creates a Razorpay order for the amount; the shopper pays on our checkout page
   * (`input.returnUrl`), which opens Razorpay's modal with this order's id.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < MIN_AMOUNT_PAISE) {
      throw new PaymentProviderError(`Razorpay collects whole paise from ${MIN_AMOUNT_PAISE}`);
    }
    const raw = await this.call('POST', '/v1/orders', {
      amount: input.amountPaise,
      currency: 'INR',
      receipt: input.merchantOrderId.slice(0, MAX_RECEIPT),
      notes: { merchant_order_id: input.merchantOrderId, order_number: input.orderNumber },
    });
    const parsed = orderSchema.safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('Razorpay create order: unexpected answer');
    return { redirectUrl: input.returnUrl, providerOrderId: parsed.data.id, state: parsed.data.status, raw };
  }

  /** The Razorpay order's state read from its payments (see `orderState`); needs Razorpay's order id. */
  async fetchStatus(_merchantOrderId: string, providerOrderId?: string | null): Promise<ProviderStatus> {
    if (!providerOrderId) throw new PaymentProviderError('Razorpay order status: the order was never created');
    const raw = await this.call('GET', `/v1/orders/${encodeURIComponent(providerOrderId)}/payments`);
    const parsed = collectionSchema(paymentSchema).safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('Razorpay order payments: unexpected answer');
    return { ...orderState(parsed.data.items), providerOrderId, raw };
  }

  /** Refunds amountPaise of the order's captured payment; Razorpay answers pending and settles later. */
  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < MIN_AMOUNT_PAISE) {
      throw new PaymentProviderError(`Razorpay refunds whole paise from ${MIN_AMOUNT_PAISE}`);
    }
    const paymentId = await this.capturedPaymentId(input.originalProviderOrderId ?? null);
    const raw = await this.call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
      amount: input.amountPaise,
      receipt: input.merchantRefundId.slice(0, MAX_RECEIPT),
      notes: { merchant_refund_id: input.merchantRefundId },
    });
    return this.refundAnswer(raw, 'refund');
  }

  /**
   * Razorpay's state of a refund (pending, processed or failed): by its id once known, else
   * found by our receipt among the captured payment's refunds. PaymentProviderError when
   * Razorpay does not know it.
   */
  async fetchRefundStatus(merchantRefundId: string, known?: KnownRefund): Promise<ProviderRefund> {
    if (known?.providerRefundId) {
      return this.refundAnswer(
        await this.call('GET', `/v1/refunds/${encodeURIComponent(known.providerRefundId)}`),
        'refund status',
      );
    }
    const paymentId = await this.capturedPaymentId(known?.originalProviderOrderId ?? null);
    const raw = await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds`);
    const parsed = collectionSchema(refundSchema).safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('Razorpay refunds: unexpected answer');
    const found = parsed.data.items.find((r) => r.receipt === merchantRefundId.slice(0, MAX_RECEIPT));
    if (!found) throw new PaymentProviderError('Razorpay does not know this refund', 404);
    return this.refundAnswer(found, 'refund status');
  }

  private async capturedPaymentId(providerOrderId: string | null): Promise<string> {
    if (!providerOrderId) throw new PaymentProviderError('Razorpay refund: the order was never created');
    const raw = await this.call('GET', `/v1/orders/${encodeURIComponent(providerOrderId)}/payments`);
    const parsed = collectionSchema(paymentSchema).safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('Razorpay order payments: unexpected answer');
    const captured = parsed.data.items.find((p) => p.status === 'captured' || p.status === 'refunded');
    if (!captured) throw new PaymentProviderError('Razorpay refund: the order has no captured payment');
    return captured.id;
  }

  private refundAnswer(raw: unknown, what: string): ProviderRefund {
    const parsed = refundSchema.safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError(`Razorpay ${what}: unexpected answer`);
    const { id, status, amount } = parsed.data;
    return { state: status.toUpperCase(), providerRefundId: id, amountPaise: amount ?? null, errorCode: null, raw };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: { authorization: this.authorization, accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
      throw new PaymentProviderError(`Razorpay ${reason}`);
    }
    const what = path.replace(/\/(order|pay|rfnd)_[^/]+/g, '/:id');
    let json: unknown = null;
    try {
      const text = await res.text();
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      // Razorpay's error: { error: { code: 'BAD_REQUEST_ERROR', description, … } }.
      const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
      throw new PaymentProviderError(
        `Razorpay ${method} ${what} answered ${res.status}`,
        res.status,
        typeof code === 'string' ? code.slice(0, 100) : null,
      );
    }
    if (json === null) throw new PaymentProviderError(`Razorpay ${method} ${what}: not JSON`, res.status);
    return json;
  }
}
