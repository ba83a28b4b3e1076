/**
 * The one interface every online payment gateway sits behind (docs/architecture.md "Providers"):
 * start collecting an amount and say where the shopper pays, and read back the gateway's
 * state of that payment. States are the gateway's own words (PhonePe: PENDING, COMPLETED,
 * FAILED; Razorpay: created, authorized, captured, failed); `toPaymentStatus()` of the contracts turns them into behaviour.md §4 paymentStatus. Money in
 * integer paise. Cash on delivery has no provider: nothing is collected online.
 */

/** The online gateways; `sandbox` is the built-in page where the shopper picks the outcome. */
export type GatewayName = 'sandbox' | 'phonepe' | 'razorpay';

export type CreatePaymentInput = {
  /** Our id of this payment at the gateway: at most 63 letters, digits, `_` or `-` (PhonePe's rule). */
  merchantOrderId: string;
  amountPaise: number;
  /** The human order number (VST-001001), shown on the payment page. */
  orderNumber: string;
  /** Where the gateway sends the shopper back once they have paid (or given up). */
  returnUrl: string;
  /** When the order stops waiting for this payment; the gateway's page should not outlive it. */
  expiresAt: Date;
};

export type CreatedPayment = {
  /** Where the shopper pays. */
  redirectUrl: string;
  /** The gateway's own id of the payment, when it gives one. */
  providerOrderId: string | null;
  /** The gateway's state right after creation (PENDING). */
  state: string;
  /** The gateway's answer as received, kept in payment_events. */
  raw: unknown;
};

export type ProviderStatus = {
  state: string;
  /** An error code that marks the payment failed (behaviour.md §4), or null. */
  errorCode: string | null;
  providerOrderId: string | null;
  /** The amount the gateway says it collected, when it says; checked against ours before completing. */
  amountPaise?: number | null;
  raw: unknown;
};

export type CreateRefundInput = {
  /** Our id of this refund at the gateway: at most 63 letters, digits, `_` or `-`. */
  merchantRefundId: string;
  /** The merchantOrderId of the completed payment being refunded. */
  originalMerchantOrderId: string;
  /** The gateway's own id of that payment (Razorpay's order id), when it gave one. */
  originalProviderOrderId?: string | null;
  amountPaise: number;
};

/** The gateway's word on a refund: PENDING/CONFIRMED (in progress), COMPLETED, FAILED. */
export type ProviderRefund = {
  state: string;
  providerRefundId: string | null;
  /** The amount the gateway says it refunds, when it says (paise). */
  amountPaise?: number | null;
  /** The gateway's error code of a failed refund, when it gives one. */
  errorCode?: string | null;
  raw: unknown;
};

/** What we know of a refund at the gateway: its own id (once it answered) and the refunded payment's gateway id. */
export type KnownRefund = { providerRefundId: string | null; originalProviderOrderId: string | null };

export interface PaymentProvider {
  readonly name: GatewayName;
  /** Starts collecting amountPaise; redirectUrl = where the shopper pays. Rejects when the gateway cannot. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * The gateway's current state of the payment (e.g. COMPLETED / FAILED / PENDING) and error code;
   * `providerOrderId` is the gateway's own id of it, which Razorpay needs.
   */
  fetchStatus(merchantOrderId: string, providerOrderId?: string | null): Promise<ProviderStatus>;
  /** Asks the gateway to refund (part of) a completed payment. Rejects when the gateway refuses. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** The gateway's current state of a refund; `known` = its ids at the gateway, which Razorpay needs. */
  fetchRefundStatus(merchantRefundId: string, known?: KnownRefund): Promise<ProviderRefund>;
}

/** Maps a gateway's refund state to ours: COMPLETED or PROCESSED (Razorpay) → completed, FAILED → failed, else pending. */
export function toRefundStatus(state: string | null | undefined): 'pending' | 'completed' | 'failed' {
  const s = (state ?? '').trim().toUpperCase();
  if (s === 'COMPLETED' || s === 'SUCCESS' || s === 'PROCESSED') return 'completed';
  if (s === 'FAILED') return 'failed';
  return 'pending';
}

/**
 * A gateway call that did not give a usable answer: unreachable, timed out, an HTTP error or
 * an answer of an unexpected shape. `status` is the HTTP status when there was one and
 * `code` the gateway's error code; neither carries a credential, so both may be logged.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** What may be logged of an error: never a credential (provider errors carry none). */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof PaymentProviderError) return { message: err.message, status: err.status, code: err.code };
  return { message: err instanceof Error ? err.message : String(err) };
}
