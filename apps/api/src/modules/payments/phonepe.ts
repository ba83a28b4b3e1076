/**
 * PhonePe Standard Checkout v2, as PhonePe's developer documentation describes it
 * (developer.phonepe.com, "Standard Checkout – API integration"):
 *
 * - Token: `POST {authUrl}/v1/oauth/token`, form `client_id, client_version, client_secret,
 *   grant_type=client_credentials` → `{ access_token, expires_at (epoch seconds), token_type:
 *   'O-Bearer', … }`. The token serves many calls; it is kept until shortly before expires_at.
 * - Create payment: `POST {baseUrl}/checkout/v2/pay`, `Authorization: O-Bearer <token>`, body
 *   `{ merchantOrderId, amount (paise, ≥ 100), expireAfter (seconds, 300–3600), metaInfo,
 *   paymentFlow: { type: 'PG_CHECKOUT', message, merchantUrls: { redirectUrl } } }` →
 *   `{ orderId, state: 'PENDING', expireAt, redirectUrl }`.
 * - Order status: `GET {baseUrl}/checkout/v2/order/{merchantOrderId}/status?details=false` →
 *   `{ orderId, state: PENDING | COMPLETED | FAILED, amount, expireAt, errorCode?,
 *   detailedErrorCode?, paymentDetails: [...] }`.
 * - Refund: `POST {baseUrl}/payments/v2/refund`, body `{ merchantRefundId (≤ 63 chars),
 *   originalMerchantOrderId, amount (paise, ≥ 100, ≤ the order's) }` → `{ refundId, amount,
 *   state: 'PENDING' }`.
 * - Refund status: `GET {baseUrl}/payments/v2/refund/{merchantRefundId}/status` → `{
 *   originalMerchantOrderId, refundId, amount, state: PENDING | CONFIRMED | COMPLETED | FAILED,
 *   timestamp, errorCode?, detailedErrorCode?, splitInstruments? }`. CONFIRMED = accepted, not
 *   yet paid back; only `state` counts.
 * - Webhook: header `Authorization: SHA256(username:password)` (hex), body `{ event:
 *   'checkout.order.completed' | 'checkout.order.failed' | 'pg.refund.accepted' |
 *   'pg.refund.completed' | 'pg.refund.failed', payload: { merchantOrderId, orderId, state,
 *   amount, paymentDetails, errorCode?, … } }`; a refund event's payload carries
 *   `merchantRefundId, originalMerchantOrderId, refundId, amount, state` instead. The docs ask to
 *   rely on `payload.state` and `event` only (`type` is deprecated) and to avoid strict parsing,
 *   and to confirm a webhook with the status API before acting on it (service.ts does).
 *
 * Every call has a timeout. Errors never carry the client secret, the token or the webhook
 * password, so they may be logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type CreatedPayment,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderStatus,
  type ProviderRefund,
} from './provider';

export type PhonePeOptions = {
  /** e.g. https://api-preprod.phonepe.com/apis/pg-sandbox (sandbox) or https://api.phonepe.com/apis/pg. */
  baseUrl: string;
  /** e.g. https://api-preprod.phonepe.com/apis/pg-sandbox (sandbox) or https://api.phonepe.com/apis/identity-manager. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  /** Per call, including reading the answer; default 10 s. */
  timeoutMs?: number;
};

/** PhonePe's limits on `expireAfter` (seconds). */
const MIN_EXPIRE_AFTER = 300;
const MAX_EXPIRE_AFTER = 3600;
/** PhonePe's smallest amount, in paise (₹1). */
const MIN_AMOUNT_PAISE = 100;
/** A cached token is replaced this long before PhonePe's expires_at, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  /** Epoch seconds. */
  expires_at: z.number().nullish(),
});

const httpUrl = z.url({ protocol: /^https?$/ });

const createdSchema = z.object({
  orderId: z.string().nullish(),
  state: z.string().min(1),
  redirectUrl: httpUrl,
});

const refundSchema = z.object({
  refundId: z.string().nullish(),
  state: z.string().min(1),
  amount: z.number().int().nullish(),
  errorCode: z.string().nullish(),
});

const statusSchema = z.object({
  orderId: z.string().nullish(),
  state: z.string().min(1),
  amount: z.number().int().nullish(),
  errorCode: z.string().nullish(),
});

/** The webhook's body: only what we act on is checked, the rest is kept as received. */
export const phonePeWebhookSchema = z.looseObject({
  event: z.string().min(1).max(100),
  payload: z.looseObject({
    merchantOrderId: z.string().max(100).optional(),
    merchantRefundId: z.string().max(100).optional(),
    orderId: z.string().max(100).nullish(),
    state: z.string().min(1).max(40),
    amount: z.number().int().nullish(),
    errorCode: z.string().max(100).nullish(),
  }),
});
export type PhonePeWebhook = z.infer<typeof phonePeWebhookSchema>;

/** The answer to a webhook when PhonePe's status API cannot be read: 503, so PhonePe delivers it again. */
export const PHONEPE_STATUS_UNREADABLE = 'PhonePe status could not be read; deliver the webhook again later';

/** Webhook events about a checkout order's outcome. */
export const PHONEPE_ORDER_EVENTS: ReadonlySet<string> = new Set([
  'checkout.order.completed',
  'checkout.order.failed',
  'pg.order.completed',
  'pg.order.failed',
]);

/** Webhook events about a refund: they move the refund they name, never a payment. */
export const PHONEPE_REFUND_EVENTS: ReadonlySet<string> = new Set([
  'pg.refund.accepted',
  'pg.refund.completed',
  'pg.refund.failed',
]);

/**
 * The error code that counts for behaviour.md §4 ("an error code gives failed"). PhonePe's docs say to rely
 * on `state` alone, and their samples show a COMPLETED order carrying the errorCode of an
 * earlier failed attempt; so an error code only counts while the order is not COMPLETED.
 */
export function phonePeErrorCode(state: string, errorCode: string | null | undefined): string | null {
  return state.trim().toUpperCase() === 'COMPLETED' ? null : (errorCode ?? null);
}

/** The Authorization header PhonePe sends with each webhook: SHA-256 of `username:password`, hex. */
export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

/** Whether a webhook's Authorization header is the expected digest (case-insensitive hex, constant time). */
export function isAuthorizedWebhook(header: string | undefined, expected: string | null): boolean {
  if (!header || !expected) return false;
  const given = Buffer.from(header.trim().toLowerCase());
  const wanted = Buffer.from(expected.toLowerCase());
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export class PhonePeProvider implements PaymentProvider {
  readonly name = 'phonepe' as const;
  private readonly timeoutMs: number;
  private token: { value: string; refreshAtMs: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PhonePeOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /**
   * Creates a Standard Checkout payment; redirectUrl is PhonePe's page. The page expires with
   * the order (expireAfter = seconds until expiresAt, within PhonePe's 300–3600).
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < MIN_AMOUNT_PAISE) {
      throw new PaymentProviderError(`PhonePe collects whole paise from ${MIN_AMOUNT_PAISE}`);
    }
    const secondsLeft = Math.floor((input.expiresAt.getTime() - Date.now()) / 1000);
    const body = {
      merchantOrderId: input.merchantOrderId,
      amount: input.amountPaise,
      expireAfter: Math.min(MAX_EXPIRE_AFTER, Math.max(MIN_EXPIRE_AFTER, secondsLeft)),
      metaInfo: { udf1: input.orderNumber },
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: `Payment for order ${input.orderNumber}`,
        merchantUrls: { redirectUrl: input.returnUrl },
      },
    };
    const raw = await this.call('POST', '/checkout/v2/pay', body);
    const parsed = createdSchema.safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('PhonePe create payment: unexpected answer');
    return {
      redirectUrl: parsed.data.redirectUrl,
      providerOrderId: parsed.data.orderId ?? null,
      state: parsed.data.state,
      raw,
    };
  }

  /**
   * Asks PhonePe to refund amountPaise (≥ ₹1) of a completed order; PhonePe answers PENDING
   * and settles later (webhook or status read). Errors as for every call.
   */
  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < MIN_AMOUNT_PAISE) {
      throw new PaymentProviderError(`PhonePe refunds whole paise from ${MIN_AMOUNT_PAISE}`);
    }
    const raw = await this.call('POST', '/payments/v2/refund', {
      merchantRefundId: input.merchantRefundId,
      originalMerchantOrderId: input.originalMerchantOrderId,
      amount: input.amountPaise,
    });
    return this.refundAnswer(raw, 'refund');
  }

  /** PhonePe's current state of a refund we asked for (PENDING, CONFIRMED, COMPLETED or FAILED). */
  async fetchRefundStatus(merchantRefundId: string): Promise<ProviderRefund> {
    const raw = await this.call('GET', `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`);
    return this.refundAnswer(raw, 'refund status');
  }

  private refundAnswer(raw: unknown, what: string): ProviderRefund {
    const parsed = refundSchema.safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError(`PhonePe ${what}: unexpected answer`);
    const { state, refundId, amount, errorCode } = parsed.data;
    return {
      state,
      providerRefundId: refundId ?? null,
      amountPaise: amount ?? null,
      errorCode: errorCode || null,
      raw,
    };
  }

  /** The order's state, its error code as it counts for behaviour.md §4 (see phonePeErrorCode) and the amount collected. */
  async fetchStatus(merchantOrderId: string): Promise<ProviderStatus> {
    const raw = await this.call(
      'GET',
      `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false`,
    );
    const parsed = statusSchema.safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('PhonePe order status: unexpected answer');
    const { state, errorCode, orderId, amount } = parsed.data;
    return {
      state,
      errorCode: phonePeErrorCode(state, errorCode),
      providerOrderId: orderId ?? null,
      amountPaise: amount ?? null,
      raw,
    };
  }

  /** An authorised JSON call; a 401 drops the cached token and tries once more with a fresh one. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.accessToken();
      const res = await this.send(`${this.options.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `O-Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 401 && attempt === 1) {
        this.token = null;
        continue;
      }
      return this.readJson(res, path.split('?')[0]!);
    }
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.refreshAtMs) return this.token.value;
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      client_id: this.options.clientId,
      client_version: String(this.options.clientVersion),
      client_secret: this.options.clientSecret,
      grant_type: 'client_credentials',
    });
    const res = await this.send(`${this.options.authUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const parsed = tokenSchema.safeParse(await this.readJson(res, '/v1/oauth/token'));
    if (!parsed.success) throw new PaymentProviderError('PhonePe token: unexpected answer');
    const expiresAtMs = (parsed.data.expires_at ?? 0) * 1000;
    // Without a usable expiry the token is used for this call only.
    this.token = { value: parsed.data.access_token, refreshAtMs: expiresAtMs - TOKEN_MARGIN_MS };
    return parsed.data.access_token;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
      throw new PaymentProviderError(`PhonePe ${reason}`);
    }
  }

  /** The answer's JSON; an HTTP error becomes a PaymentProviderError with PhonePe's error code. */
  private async readJson(res: Response, what: string): Promise<unknown> {
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new PaymentProviderError(`PhonePe ${what}: the answer could not be read`, res.status);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const code = (json as { code?: unknown } | null)?.code;
      throw new PaymentProviderError(
        `PhonePe ${what} answered ${res.status}`,
        res.status,
        typeof code === 'string' ? code.slice(0, 100) : null,
      );
    }
    if (json === null) throw new PaymentProviderError(`PhonePe ${what}: not JSON`, res.status);
    return json;
  }
}
