/**
 * Payments of orders (§4 paymentStatus, §7 Orders payment status): one payment row per attempt
 * to collect an order's payable amount through a gateway, and every event seen for it
 * (creation, status reads, webhooks, the shopper's return, sandbox picks, our own failing)
 * in payment_events. Money in integer paise.
 *
 * The §4 status of a payment moves once: pending → completed or pending → failed, decided by
 * `toPaymentStatus()` of the gateway's state. That change is applied with the payment row
 * locked, in one transaction with the event and with the listener the orders module
 * registers, so an order follows its payment exactly once. A completed payment never goes
 * back to failed; later events are stored and change nothing, except that money the gateway
 * takes after we failed the payment makes it completed (the orders module refunds it). A webhook
 * only prompts a read of PhonePe's status API, whose answer is what is applied; delivered twice,
 * it is stored once (dedupe key event:merchantOrderId:state) and applied once. The orders module's
 * own failing of a payment (`fail()`: expiry, compensation) is recorded the same way but does
 * not call the listener back: the caller releases the order in its own transaction.
 *
 * The orders table is read (never written) for the order number shown on the sandbox page:
 * orders depends on this service, so this module reads that one column with SQL rather than
 * through the orders service (as coupons does for "first order").
 *
 * Errors: ServiceUnavailableError(ORDER_MESSAGES.gatewayUnavailable) for a gateway that is not
 * configured, ServiceUnavailableError(ORDER_MESSAGES.paymentStartFailed) when the gateway
 * cannot start a payment, NotFoundError(ORDER_MESSAGES.paymentNotFound) for an unknown payment.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_MESSAGES, toPaymentStatus, type PaymentStatus, type RefundMethod } from '@vastra/contracts';
import type { Db } from '../../db/client';
import { NotFoundError, ServiceUnavailableError } from '../../lib/errors';
import { orders } from '../orders/tables';
import {
  PHONEPE_ORDER_EVENTS,
  PHONEPE_REFUND_EVENTS,
  PHONEPE_STATUS_UNREADABLE,
  phonePeErrorCode,
  type PhonePeWebhook,
} from './phonepe';
import {
  PaymentProviderError,
  toRefundStatus,
  type GatewayName,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderStatus,
} from './provider';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from './sandbox';
import { paymentEvents, payments, refunds, type PaymentRow, type RefundRow } from './tables';

/**
 * Told inside the transaction that applies it each time a gateway's news changes a payment's
 * §4 status (pending → completed or failed), with the executor of that transaction. `source`
 * says what brought the news: create, status, webhook, callback or sandbox. It may return
 * work to run once that transaction has committed (e.g. the confirmation mail).
 */
export type PaymentStatusListener = (
  db: Db,
  orderId: string,
  status: PaymentStatus,
  source: string,
) => Promise<void | (() => Promise<void>)>;

/**
 * Told once, after the change committed, when a gateway refund settles (pending → completed or
 * failed), with the refund as it now stands; e.g. to mail the shopper. Not told of gift card
 * and manual refunds, which are recorded completed by the caller's own transaction.
 */
export type RefundListener = (refund: RefundRow) => Promise<void>;

/** How many pending refunds one refresh looks at, oldest first; the rest wait for the next run. */
const REFRESH_BATCH = 100;

export type PaymentServiceOptions = {
  providers: Partial<Record<GatewayName, PaymentProvider>>;
  /** The API's public address, for the gateway's return URL. */
  publicUrl: string;
  /** The storefront's address, for the order confirmation page. */
  storefrontUrl: string;
  log: FastifyBaseLogger;
};

/** What the sandbox page shows of a payment. */
export type PaymentSummary = {
  orderId: string;
  orderNumber: string;
  provider: PaymentRow['provider'];
  merchantOrderId: string;
  amountPaise: number;
  status: PaymentStatus;
  providerState: string | null;
};

type EventInput = {
  source: 'create' | 'status' | 'webhook' | 'callback' | 'sandbox' | 'system';
  /** The gateway's state as it said it; null when the event is not the gateway's word. */
  state: string | null;
  errorCode?: string | null;
  providerOrderId?: string | null;
  amountPaise?: number | null;
  /** Same key twice for one payment = a replay: stored once, applied once. */
  dedupeKey?: string | null;
  payload: unknown;
  /** Whether the event may change the payment (refund webhooks, for one, may not). */
  apply: boolean;
  /** The status to apply instead of mapping `state` (our own failing of a payment). */
  status?: PaymentStatus;
  /** Whether the listener hears of a change (not when the orders module made it itself); default true. */
  notify?: boolean;
};

type Applied = {
  stored: boolean;
  changed: boolean;
  status: PaymentStatus;
  /** The listener's work for after the commit, if any. */
  afterCommit?: () => Promise<void>;
};

/** What may be logged of an error: never a credential (provider errors carry none). */
function describe(err: unknown): Record<string, unknown> {
  if (err instanceof PaymentProviderError) return { message: err.message, status: err.status, code: err.code };
  return { message: err instanceof Error ? err.message : String(err) };
}

export class PaymentService {
  private listener: PaymentStatusListener | null = null;
  private refundListener: RefundListener | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: PaymentServiceOptions,
  ) {}

  /** Whether a gateway is configured here (the sandbox always is outside production). */
  has(gateway: string): gateway is GatewayName {
    return (gateway === 'sandbox' || gateway === 'phonepe') && this.opts.providers[gateway] !== undefined;
  }

  /**
   * Set by the orders module (a second call replaces the first): called inside a transaction
   * each time the gateway's news CHANGES a payment's §4 status (pending → completed or
   * failed); never twice for the same change, and not for `fail()`. A listener that throws
   * rolls the change back (the event too), so the next status read or webhook delivery tries
   * again. Work it returns runs after the commit; a failure there is logged.
   */
  onStatusChange(listener: PaymentStatusListener): void {
    this.listener = listener;
  }

  /**
   * Set by the orders module (a second call replaces the first): called after a gateway refund
   * becomes completed or failed, once per refund, whatever brought the news (the gateway's
   * first answer, a status read, a webhook). A listener that throws is logged; the refund
   * stays settled.
   */
  onRefundChange(listener: RefundListener): void {
    this.refundListener = listener;
  }

  /** The storefront page a shopper lands on after paying: `${storefrontUrl}/checkout/confirmation/${orderId}`. */
  confirmationUrl(orderId: string): string {
    return `${this.opts.storefrontUrl}/checkout/confirmation/${encodeURIComponent(orderId)}`;
  }

  /**
   * After the order is committed: creates the payment row, asks the gateway to start the
   * payment, stores the 'create' event and returns where to send the shopper. On a gateway
   * failure the attempt is stored (the payment stays pending) and ServiceUnavailableError
   * (paymentStartFailed) is thrown: the caller releases the order and closes the payment with
   * `fail()` in the same transaction.
   */
  async start(order: {
    id: string;
    orderNumber: string;
    gateway: GatewayName;
    amountPaise: number;
    expiresAt: Date;
  }): Promise<{ paymentUrl: string }> {
    const provider = this.opts.providers[order.gateway];
    if (!provider) throw new ServiceUnavailableError(ORDER_MESSAGES.gatewayUnavailable);
    // PhonePe allows 63 letters, digits, _ and -; the random part keeps the id unguessable.
    const merchantOrderId = `${order.orderNumber.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}-${randomBytes(8).toString('hex')}`;
    const [payment] = await this.db
      .insert(payments)
      .values({ orderId: order.id, provider: order.gateway, merchantOrderId, amountPaise: order.amountPaise })
      .returning();
    let created;
    try {
      created = await provider.createPayment({
        merchantOrderId,
        amountPaise: order.amountPaise,
        orderNumber: order.orderNumber,
        returnUrl: this.returnUrl(order.gateway, merchantOrderId, order.id),
        expiresAt: order.expiresAt,
      });
    } catch (err) {
      this.opts.log.warn(
        { err: describe(err), gateway: order.gateway, merchantOrderId },
        'payment could not be started',
      );
      await this.applyEvent(payment!.id, {
        source: 'create',
        state: null,
        payload: { error: describe(err) },
        apply: false,
      });
      throw new ServiceUnavailableError(ORDER_MESSAGES.paymentStartFailed);
    }
    await this.db.update(payments).set({ redirectUrl: created.redirectUrl }).where(eq(payments.id, payment!.id));
    await this.applyEvent(payment!.id, {
      source: 'create',
      state: created.state,
      providerOrderId: created.providerOrderId,
      payload: created.raw,
      apply: true,
    });
    return { paymentUrl: created.redirectUrl };
  }

  /**
   * Reads the gateway's status of the order's latest payment while it is pending, stores the
   * answer (an identical answer once) and applies it. Returns the §4 status. A gateway that
   * cannot be read leaves the payment pending (logged). NotFoundError for an order without
   * a payment.
   */
  async refresh(orderId: string): Promise<PaymentStatus> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!payment) throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
    return this.refreshPayment(payment, 'status');
  }

  /**
   * Marks the order's pending payments failed (expired, or compensation after a failed
   * start), recording why, in the caller's transaction (a savepoint when `db` is one). The
   * listener is not called: the caller, the orders module, releases the order itself. Later
   * news from the gateway is stored and changes nothing. Nothing happens when no payment of
   * the order is pending.
   */
  async fail(db: Db, orderId: string, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      const pending = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
      for (const { id } of pending) {
        await this.applyIn(tx, id, {
          source: 'system',
          state: null,
          payload: { reason },
          apply: true,
          status: 'failed',
          notify: false,
        });
      }
    });
  }

  /** A payment with its order number, by our merchantOrderId; null when unknown. */
  async summary(merchantOrderId: string): Promise<PaymentSummary | null> {
    const [row] = await this.db
      .select({
        orderId: payments.orderId,
        orderNumber: orders.orderNumber,
        provider: payments.provider,
        merchantOrderId: payments.merchantOrderId,
        amountPaise: payments.amountPaise,
        status: payments.status,
        providerState: payments.providerState,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.merchantOrderId, merchantOrderId));
    return row ?? null;
  }

  /**
   * The shopper's pick on the sandbox page: stored as a 'sandbox' event and applied (Success →
   * completed, Failure → failed, Pending → stays pending). A pick after the payment settled is
   * stored and changes nothing. NotFoundError unless this is a sandbox payment here.
   */
  async pickSandboxOutcome(
    merchantOrderId: string,
    outcome: SandboxOutcome,
  ): Promise<{ orderId: string; status: PaymentStatus }> {
    const payment = await this.find(merchantOrderId, 'sandbox');
    const result = await this.applyEvent(payment.id, {
      source: 'sandbox',
      state: SANDBOX_OUTCOMES[outcome],
      payload: { outcome },
      apply: true,
    });
    return { orderId: payment.orderId, status: result.status };
  }

  /** The shopper is back from PhonePe: read the status now (stored as a 'callback' event). */
  async returnFromPhonePe(merchantOrderId: string): Promise<{ orderId: string; status: PaymentStatus }> {
    const payment = await this.find(merchantOrderId, 'phonepe');
    return { orderId: payment.orderId, status: await this.refreshPayment(payment, 'callback') };
  }

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
  async applyPhonePeWebhook(body: PhonePeWebhook): Promise<{ applied: boolean }> {
    const orderEvent = PHONEPE_ORDER_EVENTS.has(body.event);
    const merchantRefundId = PHONEPE_REFUND_EVENTS.has(body.event) ? body.payload.merchantRefundId : undefined;
    const { payload } = body;
    const merchantOrderId =
      payload.merchantOrderId ??
      (typeof payload.originalMerchantOrderId === 'string' ? payload.originalMerchantOrderId : undefined);
    const [payment] = merchantOrderId
      ? await this.db
          .select()
          .from(payments)
          .where(and(eq(payments.merchantOrderId, merchantOrderId), eq(payments.provider, 'phonepe')))
      : [];
    if (!payment) {
      if (orderEvent) throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
      this.opts.log.info({ event: body.event }, 'PhonePe webhook about no payment of ours ignored');
      return { applied: false };
    }
    const [refund] =
      merchantRefundId === undefined
        ? []
        : await this.db
            .select()
            .from(refunds)
            .where(and(eq(refunds.merchantRefundId, merchantRefundId), eq(refunds.paymentId, payment.id)));
    const paymentStatus =
      orderEvent && payment.status !== 'completed' ? await this.readForWebhook(payment, 'order') : null;
    const refundStatus =
      refund?.method === 'gateway' && refund.status === 'pending' ? await this.readForWebhook(payment, refund) : null;
    const state = paymentStatus?.state ?? refundStatus?.state ?? payload.state;
    if (state !== payload.state) {
      this.opts.log.warn(
        { event: body.event, claimed: payload.state, read: state, merchantOrderId: payment.merchantOrderId },
        'PhonePe webhook not confirmed by the status API; applying what the API says',
      );
    }
    const result = await this.applyEvent(payment.id, {
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
      this.opts.log.warn({ event: body.event, merchantRefundId }, 'PhonePe webhook about a refund we do not know');
    }
    if (!refund || !refundStatus || !result.stored) return { applied: result.changed };
    const settled = await this.storeRefundAnswer(refund, refundStatus);
    return { applied: settled.status !== 'pending' };
  }

  /**
   * Records a refund of an order inside the caller's transaction `db`:
   * - `gateway`: of the order's completed online payment, `pending` until `submitRefund`
   *   (after the commit) has the gateway's answer; null when the order has no completed
   *   online payment (COD, or paid wholly by gift card).
   * - `gift_card`: money the caller has already put back on the card in this transaction
   *   (GiftCardService.refund), recorded `completed`.
   * - `manual`: paid back by the store by hand (a COD order's return), recorded `completed`
   *   by the operator's refund step.
   * Once per method for a cancellation (returnRequestId null) or for a return: a repeat answers
   * the first row. Amounts in paise, above 0.
   */
  async requestRefund(
    db: Db,
    input: {
      orderId: string;
      returnRequestId: string | null;
      method: RefundMethod;
      amountPaise: number;
      reason: string;
    },
  ): Promise<RefundRow | null> {
    if (input.amountPaise <= 0) return null;
    const [payment] =
      input.method === 'gateway'
        ? await db
            .select()
            .from(payments)
            .where(and(eq(payments.orderId, input.orderId), eq(payments.status, 'completed')))
            .orderBy(desc(payments.createdAt))
            .limit(1)
        : [];
    if (input.method === 'gateway' && !payment) return null;
    const [inserted] = await db
      .insert(refunds)
      .values({
        orderId: input.orderId,
        paymentId: payment?.id ?? null,
        returnRequestId: input.returnRequestId,
        method: input.method,
        merchantRefundId: `RF-${randomBytes(12).toString('hex')}`,
        amountPaise: input.amountPaise,
        status: input.method === 'gateway' ? 'pending' : 'completed',
        reason: input.reason,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [existing] = await db
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.orderId, input.orderId),
          eq(refunds.method, input.method),
          input.returnRequestId === null
            ? sql`${refunds.returnRequestId} IS NULL`
            : eq(refunds.returnRequestId, input.returnRequestId),
        ),
      );
    return existing ?? null;
  }

  /**
   * After the refund's transaction committed: asks the gateway for a `gateway` refund not
   * yet accepted by it (the sandbox completes at once), and stores its answer; the refund
   * listener hears of it when that answer settles it. A gateway that fails leaves the refund
   * pending with the error kept in lastResponse for the operator; calling again (or
   * `refreshPendingRefunds`) retries. Returns the refund as it now stands. NotFoundError for
   * an unknown refund.
   */
  async submitRefund(refundId: string): Promise<RefundRow> {
    const refund = await this.refundRow(refundId);
    if (refund.method !== 'gateway' || refund.status !== 'pending' || refund.providerState) return refund;
    const gateway = await this.gatewayOf(refund);
    if (!gateway) return refund;
    try {
      const answer = await gateway.provider.createRefund({
        merchantRefundId: refund.merchantRefundId,
        originalMerchantOrderId: gateway.merchantOrderId,
        amountPaise: refund.amountPaise,
      });
      return await this.storeRefundAnswer(refund, answer);
    } catch (err) {
      return this.keepRefundError(refund, err, 'refund could not be submitted; it stays pending for a retry');
    }
  }

  /**
   * Brings one gateway refund up to date: submits it when the gateway has not accepted it yet
   * (as `submitRefund`; after a failed submit, only once a status read shows the gateway does
   * not know it), else reads its state at the gateway and stores it (the listener hears
   * when it settles). A gateway that cannot be read leaves it pending with the error kept.
   * Settled, gift card and manual refunds are answered as they are. NotFoundError for an
   * unknown refund.
   */
  async refreshRefund(refundId: string): Promise<RefundRow> {
    const refund = await this.refundRow(refundId);
    if (refund.method !== 'gateway' || refund.status !== 'pending') return refund;
    const gateway = await this.gatewayOf(refund);
    if (!gateway) return refund;
    if (!refund.providerState) {
      // A submit that failed may still have reached the gateway (its answer lost): ask before
      // submitting again, so the same refund is never asked for twice.
      if (refund.lastResponse !== null) {
        try {
          return await this.storeRefundAnswer(
            refund,
            await gateway.provider.fetchRefundStatus(refund.merchantRefundId),
          );
        } catch {
          // Unknown there (or unreachable): submit it.
        }
      }
      return this.submitRefund(refund.id);
    }
    try {
      return await this.storeRefundAnswer(refund, await gateway.provider.fetchRefundStatus(refund.merchantRefundId));
    } catch (err) {
      return this.keepRefundError(refund, err, 'refund status could not be read; it stays pending');
    }
  }

  /**
   * Refreshes every pending gateway refund (`refreshRefund`), oldest first, at most 100 per
   * call; `idleForMs` skips refunds changed more recently than that (the timer leaves a
   * refund just requested to the submit that follows its commit). Returns how many refunds
   * it looked at. Used by the refund timer and the operator's refresh.
   */
  async refreshPendingRefunds(opts: { idleForMs?: number } = {}): Promise<number> {
    const idleSince = new Date(Date.now() - (opts.idleForMs ?? 0));
    const pending = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.method, 'gateway'), eq(refunds.status, 'pending'), lte(refunds.updatedAt, idleSince)))
      .orderBy(asc(refunds.createdAt))
      .limit(REFRESH_BATCH);
    for (const { id } of pending) await this.refreshRefund(id);
    return pending.length;
  }

  /** Every refund of these orders, oldest first. */
  async refundsOf(orderIds: string[]): Promise<RefundRow[]> {
    if (orderIds.length === 0) return [];
    return this.db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));
  }

  private async refundRow(refundId: string): Promise<RefundRow> {
    const [refund] = await this.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund) throw new NotFoundError('Refund not found');
    return refund;
  }

  /** The gateway that took the refunded payment, with that payment's merchantOrderId; null when not configured here. */
  private async gatewayOf(refund: RefundRow): Promise<{ provider: PaymentProvider; merchantOrderId: string } | null> {
    if (!refund.paymentId) return null;
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, refund.paymentId));
    const provider = payment && this.opts.providers[payment.provider as GatewayName];
    if (!payment || !provider) {
      this.opts.log.warn({ merchantRefundId: refund.merchantRefundId }, 'refund of a gateway not configured here');
      return null;
    }
    return { provider, merchantOrderId: payment.merchantOrderId };
  }

  /** Logs a failed gateway call about a refund and keeps the error on the still pending refund. */
  private async keepRefundError(refund: RefundRow, err: unknown, message: string): Promise<RefundRow> {
    this.opts.log.warn({ err: describe(err), merchantRefundId: refund.merchantRefundId }, message);
    const [row] = await this.db
      .update(refunds)
      .set({ lastResponse: { error: describe(err) }, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    return row ?? (await this.refundRow(refund.id));
  }

  /**
   * Stores the gateway's word on a refund while it is pending (a settled refund never moves
   * again: the update is conditional, so concurrent news settles it once) and tells the refund
   * listener when this answer settled it. An amount other than ours is logged for a person.
   */
  private async storeRefundAnswer(refund: RefundRow, answer: ProviderRefund): Promise<RefundRow> {
    const status = toRefundStatus(answer.state);
    if (answer.amountPaise != null && answer.amountPaise !== refund.amountPaise) {
      this.opts.log.error(
        {
          merchantRefundId: refund.merchantRefundId,
          expectedPaise: refund.amountPaise,
          reportedPaise: answer.amountPaise,
        },
        'gateway reports a refund of another amount; check it',
      );
    }
    const [row] = await this.db
      .update(refunds)
      .set({
        providerState: answer.state,
        providerRefundId: answer.providerRefundId ?? sql`${refunds.providerRefundId}`,
        status,
        lastResponse: answer.raw,
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!row) return this.refundRow(refund.id);
    if (row.status !== 'pending') {
      this.opts.log.info({ merchantRefundId: row.merchantRefundId, status: row.status }, 'refund settled');
      try {
        await this.refundListener?.(row);
      } catch (err) {
        this.opts.log.error(
          { err: describe(err), merchantRefundId: row.merchantRefundId },
          'work after a refund settled failed',
        );
      }
    }
    return row;
  }

  private async find(merchantOrderId: string, provider: GatewayName): Promise<PaymentRow> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.merchantOrderId, merchantOrderId), eq(payments.provider, provider)));
    if (!payment || !this.has(provider)) throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
    return payment;
  }

  /** Where the gateway sends the shopper back: our PhonePe return route, or straight to the confirmation. */
  private returnUrl(gateway: GatewayName, merchantOrderId: string, orderId: string): string {
    return gateway === 'phonepe'
      ? `${this.opts.publicUrl}/payments/phonepe/return/${encodeURIComponent(merchantOrderId)}`
      : this.confirmationUrl(orderId);
  }

  private async refreshPayment(payment: PaymentRow, source: 'status' | 'callback'): Promise<PaymentStatus> {
    if (payment.status !== 'pending') return payment.status;
    const provider = this.opts.providers[payment.provider as GatewayName];
    if (!provider) return payment.status;
    let answer;
    try {
      answer = await provider.fetchStatus(payment.merchantOrderId);
    } catch (err) {
      this.opts.log.warn(
        { err: describe(err), gateway: payment.provider, merchantOrderId: payment.merchantOrderId },
        'payment status could not be read; the payment stays pending',
      );
      return payment.status;
    }
    const result = await this.applyEvent(payment.id, {
      source,
      state: answer.state,
      errorCode: answer.errorCode,
      providerOrderId: answer.providerOrderId,
      amountPaise: answer.amountPaise ?? null,
      // Polling repeats the same answer; each different answer is kept once.
      dedupeKey: `${source}:${answer.state}:${answer.errorCode ?? ''}`,
      payload: answer.raw,
      apply: true,
    });
    return result.status;
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
    const provider = this.opts.providers.phonepe;
    try {
      if (!provider) throw new PaymentProviderError('PhonePe is not configured here');
      return what === 'order'
        ? await provider.fetchStatus(payment.merchantOrderId)
        : await provider.fetchRefundStatus(what.merchantRefundId);
    } catch (err) {
      this.opts.log.warn(
        { err: describe(err), merchantOrderId: payment.merchantOrderId },
        'PhonePe status could not be read for a webhook; nothing applied, PhonePe will deliver it again',
      );
      throw new ServiceUnavailableError(PHONEPE_STATUS_UNREADABLE);
    }
  }

  /** Applies an event in its own transaction, then runs the listener's after-commit work. */
  private async applyEvent(paymentId: string, event: EventInput): Promise<Applied> {
    const applied = await this.db.transaction((tx) => this.applyIn(tx, paymentId, event));
    if (applied.afterCommit) {
      try {
        await applied.afterCommit();
      } catch (err) {
        this.opts.log.error({ err: describe(err), source: event.source }, 'work after a payment status change failed');
      }
    }
    return applied;
  }

  /**
   * The one place a payment changes, inside a transaction: lock the row, store the event
   * (a known dedupe key stores and applies nothing), and move a pending payment to the mapped
   * status, telling the listener when it settles.
   */
  private async applyIn(tx: Db, paymentId: string, event: EventInput): Promise<Applied> {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        paymentId,
        source: event.source,
        providerState: event.state,
        dedupeKey: event.dedupeKey ?? null,
        payload: event.payload,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    const unchanged = { stored: inserted.length > 0, changed: false, status: payment.status };
    if (inserted.length === 0 || !event.apply) return unchanged;

    const next = event.status ?? toPaymentStatus(event.state, event.errorCode);
    const where = { merchantOrderId: payment.merchantOrderId, source: event.source };
    // The gateway took the money after we gave up on the payment (expired, or the order was
    // cancelled): the money is real, so the payment becomes completed and the listener hears
    // of it (the orders module refunds a payment its order no longer waits for).
    const late = payment.status === 'failed' && next === 'completed';
    if (payment.status !== 'pending' && !late) return unchanged;
    if (late) this.opts.log.warn(where, 'payment completed at the gateway after it was marked failed');
    if (next === 'completed' && event.amountPaise != null && event.amountPaise !== payment.amountPaise) {
      this.opts.log.error(
        { ...where, expectedPaise: payment.amountPaise, reportedPaise: event.amountPaise },
        'gateway reports a completed payment of another amount; left pending for a person to check',
      );
      return unchanged;
    }
    await tx
      .update(payments)
      .set({
        status: next,
        providerState: event.state ?? payment.providerState,
        providerOrderId: event.providerOrderId ?? payment.providerOrderId,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId));
    if (next === 'pending') return unchanged;
    const afterCommit =
      event.notify === false ? undefined : await this.listener?.(tx, payment.orderId, next, event.source);
    return { stored: true, changed: true, status: next, ...(afterCommit ? { afterCommit } : {}) };
  }
}
