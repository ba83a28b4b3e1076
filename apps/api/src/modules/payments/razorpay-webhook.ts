/**
 * Razorpay's webhooks (behaviour.md §12): a delivery whose `X-Razorpay-Signature` is right (the
 * route checks it on the raw body) is only a prompt, as with PhonePe. The payment's state is
 * read from Razorpay's API (the order's payments) and applied only when it says what the webhook
 * claims (a claim the API contradicts changes nothing); a refund's
 * state is read from the refunds API and only that answer is stored. Each delivery is kept
 * once per event, entity and the state read, so a replay changes nothing.
 */
import { toPaymentStatus } from '@vastra/contracts';
import { and, eq, or } from 'drizzle-orm';
import { ServiceUnavailableError } from '../../lib/errors';
import { PaymentProviderError, describeError, type ProviderRefund, type ProviderStatus } from './provider';
import {
  RAZORPAY_PAYMENT_EVENTS,
  RAZORPAY_REFUND_EVENTS,
  RAZORPAY_STATUS_UNREADABLE,
  type RazorpayWebhook,
} from './razorpay';
import type { RefundLedger } from './refunds';
import { payments, refunds, type PaymentRow, type RefundRow } from './tables';
import type { WebhookDeps } from './webhook';

/** The payment state each payment event claims. */
const CLAIMS: Record<string, string> = {
  'payment.captured': 'captured',
  'order.paid': 'captured',
  'payment.failed': 'failed',
  'payment.authorized': 'authorized',
};

export class RazorpayWebhooks {
  constructor(private readonly deps: WebhookDeps & { refunds: Pick<RefundLedger, 'storeAnswer'> }) {}

  /**
   * A signed Razorpay webhook. Payment events (payment.captured, payment.failed, order.paid…)
   * name the Razorpay order; while our payment of it could still change, the order's payments
   * are read and the state they give is applied. Refund events (refund.processed,
   * refund.failed…) name the refund (its id, or our receipt); while it is pending its state is
   * read and stored. Razorpay sends an account's events to every webhook of the account, so an
   * event about no payment of ours is acknowledged and ignored (logged). ServiceUnavailableError
   * (RAZORPAY_STATUS_UNREADABLE) when Razorpay cannot be read: nothing is stored, and Razorpay
   * delivers the webhook again. `applied` = whether a payment or a refund changed status.
   */
  async apply(body: RazorpayWebhook): Promise<{ applied: boolean }> {
    const { payload } = body;
    const refundEntity = RAZORPAY_REFUND_EVENTS.has(body.event) ? payload.refund?.entity : undefined;
    const razorpayOrderId = payload.order?.entity.id ?? payload.payment?.entity.order_id ?? null;
    const refund = refundEntity ? await this.findRefund(refundEntity) : undefined;
    const payment = refund?.paymentId
      ? await this.paymentById(refund.paymentId)
      : razorpayOrderId
        ? await this.paymentByRazorpayOrder(razorpayOrderId)
        : undefined;
    if (!payment || (refundEntity && !refund)) {
      this.deps.opts.log.info({ event: body.event }, 'Razorpay webhook about no payment or refund of ours ignored');
      return { applied: false };
    }
    const paymentEvent = RAZORPAY_PAYMENT_EVENTS.has(body.event);
    const paymentStatus = paymentEvent && payment.status !== 'completed' ? await this.readPayment(payment) : null;
    const refundStatus =
      refund?.method === 'gateway' && refund.status === 'pending' ? await this.readRefund(payment, refund) : null;
    const claimed = CLAIMS[body.event] ?? refundEntity?.status ?? payload.payment?.entity.status ?? null;
    const state = paymentStatus?.state ?? refundStatus?.state ?? claimed;
    // Applied only when Razorpay's API says what the webhook says; else kept, and left to the
    // next read (the shopper's return, the order's expiry) or a later webhook.
    const confirmed = paymentStatus !== null && toPaymentStatus(paymentStatus.state) === toPaymentStatus(claimed);
    if (paymentStatus && !confirmed) {
      this.deps.opts.log.warn(
        { event: body.event, claimed, read: paymentStatus.state, merchantOrderId: payment.merchantOrderId },
        'Razorpay webhook not confirmed by its API; nothing applied',
      );
    }
    const entityId = refundEntity?.id ?? payload.payment?.entity.id ?? razorpayOrderId;
    const result = await this.deps.applyEvent(payment.id, {
      source: 'webhook',
      state,
      errorCode: paymentStatus?.errorCode ?? null,
      providerOrderId: payment.providerOrderId,
      amountPaise: paymentStatus?.amountPaise ?? null,
      dedupeKey: `${body.event}:${entityId}:${state}`,
      payload: body,
      apply: confirmed,
    });
    if (!refund || !refundStatus || !result.stored) return { applied: result.changed };
    const settled = await this.deps.refunds.storeAnswer(refund, refundStatus);
    return { applied: settled.status !== 'pending' };
  }

  private async findRefund(entity: {
    id: string;
    receipt?: string | null | undefined;
  }): Promise<RefundRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(refunds)
      .where(
        entity.receipt
          ? or(eq(refunds.providerRefundId, entity.id), eq(refunds.merchantRefundId, entity.receipt))
          : eq(refunds.providerRefundId, entity.id),
      );
    return row;
  }

  private async paymentById(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.provider, 'razorpay')));
    return row;
  }

  private async paymentByRazorpayOrder(razorpayOrderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.providerOrderId, razorpayOrderId), eq(payments.provider, 'razorpay')));
    return row;
  }

  private readPayment(payment: PaymentRow): Promise<ProviderStatus> {
    return this.read(payment, (provider) => provider.fetchStatus(payment.merchantOrderId, payment.providerOrderId));
  }

  private readRefund(payment: PaymentRow, refund: RefundRow): Promise<ProviderRefund> {
    return this.read(payment, (provider) =>
      provider.fetchRefundStatus(refund.merchantRefundId, {
        providerRefundId: refund.providerRefundId,
        originalProviderOrderId: payment.providerOrderId,
      }),
    );
  }

  /** A read of Razorpay for a webhook; ServiceUnavailableError(RAZORPAY_STATUS_UNREADABLE) when it fails (logged without credentials). */
  private async read<T>(
    payment: PaymentRow,
    call: (provider: NonNullable<WebhookDeps['opts']['providers']['razorpay']>) => Promise<T>,
  ): Promise<T> {
    const provider = this.deps.opts.providers.razorpay;
    try {
      if (!provider) throw new PaymentProviderError('Razorpay is not configured here');
      return await call(provider);
    } catch (err) {
      this.deps.opts.log.warn(
        { err: describeError(err), merchantOrderId: payment.merchantOrderId },
        'Razorpay could not be read for a webhook; nothing applied, Razorpay will deliver it again',
      );
      throw new ServiceUnavailableError(RAZORPAY_STATUS_UNREADABLE);
    }
  }
}
