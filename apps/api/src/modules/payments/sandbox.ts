/**
 * The sandbox gateway: a payment page served by the API itself (GET /payments/sandbox/{id})
 * where the shopper picks Success, Failure or Pending, so the whole journey works offline and
 * in tests. No money moves. Its "gateway state" is the outcome the shopper picked, kept in our
 * own payments table, in the same upper-case words PhonePe uses (SUCCESS maps to completed
 * through the behaviour.md §4 rule "completed or success"). Refunds complete at once.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderStatus,
} from './provider';
import { payments } from './tables';

/** The outcomes the sandbox page offers, and the state each one records. */
export const SANDBOX_OUTCOMES = { success: 'SUCCESS', failure: 'FAILED', pending: 'PENDING' } as const;
export type SandboxOutcome = keyof typeof SANDBOX_OUTCOMES;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** The payment page of this payment on the API; state PENDING until the shopper picks. */
  async createPayment(input: CreatePaymentInput) {
    const redirectUrl = `${this.publicUrl}/payments/sandbox/${encodeURIComponent(input.merchantOrderId)}`;
    return { redirectUrl, providerOrderId: null, state: 'PENDING', raw: { redirectUrl } };
  }

  /** The outcome last picked on the page (PENDING before any); rejects for an unknown payment. */
  async fetchStatus(merchantOrderId: string): Promise<ProviderStatus> {
    const [row] = await this.db
      .select({ providerState: payments.providerState })
      .from(payments)
      .where(eq(payments.merchantOrderId, merchantOrderId));
    if (!row) throw new PaymentProviderError('sandbox payment not found');
    const state = row.providerState ?? 'PENDING';
    return { state, errorCode: null, providerOrderId: null, raw: { state } };
  }

  /** No money moves in the sandbox: a refund completes at once. */
  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    return { state: 'COMPLETED', providerRefundId: null, raw: { state: 'COMPLETED', amount: input.amountPaise } };
  }

  async fetchRefundStatus(): Promise<ProviderRefund> {
    return { state: 'COMPLETED', providerRefundId: null, raw: { state: 'COMPLETED' } };
  }
}
