/**
 * PhonePe's webhooks (behaviour.md §12): a delivery with the agreed Authorization is only a
 * prompt. The order's (or the refund's) status is read from PhonePe's status API and only its
 * answer is applied, once per event and state.
 */
import { ORDER_MESSAGES } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import {
  PHONEPE_ORDER_EVENTS,
  PHONEPE_REFUND_EVENTS,
  PHONEPE_STATUS_UNREADABLE,
  phonePeErrorCode,
  type PhonePeWebhook,
} from './phonepe';
import { PaymentProviderError, describeError, type ProviderRefund, type ProviderStatus } from './provider';
import type { RefundLedger } from './refunds';
import type { Applied, EventInput, PaymentServiceOptions } from './types';
import { payments, refunds, type PaymentRow, type RefundRow } from './tables';

export type WebhookDeps = {
  db: Db;
  opts: Pick<PaymentServiceOptions, 'providers' | 'log'>;
  refunds: Pick<RefundLedger, 'storeAnswer'>;
  /** Applies an event to a payment in its own transaction (PaymentService). */
  applyEvent: (paymentId: string, event: EventInput) => Promise<Applied>;
};

export class PhonePeWebhooks {
  constructor(private readonly deps: WebhookDeps) {}

  /**
   * An authorised PhonePe webhook (the route checks the Authorization header), taken as a
   * prompt, never as the truth (PhonePe's own guidance): while the payment it names could
   * still change (pending, or failed and money may arrive late), PhonePe's order status API is
   * read and only its answer is applied; while the refund it names is pending, the refund
   * status API is read and only its answer is stored. The delivery is stored as a 'webhook'
   * event (the body as received, the state as read, or as claimed when nothing was read) once
   * per event + merchantOrderId / merchantRefundId + that state, so a replay changes nothing
   * and a claim PhonePe did not confirm may be delivered again once it does. Other events are
   * stored when they name a payment of ours and change nothing. NotFoundError for an order
   * event about a payment we do not know; a refund event about an unknown refund is
   * acknowledged and logged. ServiceUnavailableError(PHONEPE_STATUS_UNREADABLE) when the
   * status cannot be read: nothing is stored and PhonePe delivers the webhook again later.
   * `applied` = whether a payment or a refund changed status.
   */
  async apply(body: PhonePeWebhook): Promise<{ applied: boolean }> {
    const orderEvent = PHONEPE_ORDER_EVENTS.has(body.event);
    const merchantRefundId = PHONEPE_REFUND_EVENTS.has(body.event) ? body.payload.merchantRefundId : undefined;
    const { payload } = body;
    const merchantOrderId =
      payload.merchantOrderId ??
      (typeof payload.originalMerchantOrderId === 'string' ? payload.originalMerchantOrderId : undefined);
    const [payment] = merchantOrderId
      ? await this.deps.db
          .select()
          .from(payments)
          .where(and(eq(payments.merchantOrderId, merchantOrderId), eq(payments.provider, 'phonepe')))
      : [];
    if (!payment) {
      if (orderEvent) throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
      this.deps.opts.log.info({ event: body.event }, 'PhonePe webhook about no payment of ours ignored');
      return { applied: false };
    }
    const [refund] =
      merchantRefundId === undefined
        ? []
        : await this.deps.db
            .select()
            .from(refunds)
            .where(and(eq(refunds.merchantRefundId, merchantRefundId), eq(refunds.paymentId, payment.id)));
    const paymentStatus =
      orderEvent && payment.status !== 'completed' ? await this.readForWebhook(payment, 'order') : null;
    const refundStatus =
      refund?.method === 'gateway' && refund.status === 'pending' ? await this.readForWebhook(payment, refund) : null;
    const state = paymentStatus?.state ?? refundStatus?.state ?? payload.state;
    if (state !== payload.state) {
      this.deps.opts.log.warn(
        { event: body.event, claimed: payload.state, read: state, merchantOrderId: payment.merchantOrderId },
        'PhonePe webhook not confirmed by the status API; applying what the API says',
      );
    }
    const result = await this.deps.applyEvent(payment.id, {
      source: 'webhook',
      state,
      errorCode: paymentStatus ? paymentStatus.errorCode : phonePeErrorCode(payload.state, payload.errorCode),
      providerOrderId: paymentStatus ? paymentStatus.providerOrderId : (payload.orderId ?? null),
      amountPaise: paymentStatus ? (paymentStatus.amountPaise ?? null) : (payload.amount ?? null),
      dedupeKey: `${body.event}:${merchantRefundId ?? payment.merchantOrderId}:${state}`,
      payload: body,
      apply: paymentStatus !== null,
    });
    if (merchantRefundId !== undefined && !refund) {
      this.deps.opts.log.warn({ event: body.event, merchantRefundId }, 'PhonePe webhook about a refund we do not know');
    }
    if (!refund || !refundStatus || !result.stored) return { applied: result.changed };
    const settled = await this.deps.refunds.storeAnswer(refund, refundStatus);
    return { applied: settled.status !== 'pending' };
  }

  /**
   * What PhonePe's status API says now of the payment (`'order'`) or of one of its refunds,
   * for a webhook to apply. ServiceUnavailableError(PHONEPE_STATUS_UNREADABLE) when it cannot
   * be read (logged without credentials).
   */
  private async readForWebhook(payment: PaymentRow, what: 'order'): Promise<ProviderStatus>;
  private async readForWebhook(payment: PaymentRow, what: RefundRow): Promise<ProviderRefund>;
  private async readForWebhook(
    payment: PaymentRow,
    what: 'order' | RefundRow,
  ): Promise<ProviderStatus | ProviderRefund> {
    const provider = this.deps.opts.providers.phonepe;
    try {
      if (!provider) throw new PaymentProviderError('PhonePe is not configured here');
      return what === 'order'
        ? await provider.fetchStatus(payment.merchantOrderId)
        : await provider.fetchRefundStatus(what.merchantRefundId);
    } catch (err) {
      this.deps.opts.log.warn(
        { err: describeError(err), merchantOrderId: payment.merchantOrderId },
        'PhonePe status could not be read for a webhook; nothing applied, PhonePe will deliver it again',
      );
      throw new ServiceUnavailableError(PHONEPE_STATUS_UNREADABLE);
    }
  }
}
