/**
 * Payments of orders (behaviour.md §4 paymentStatus, §7 Orders payment status): one payment row per attempt
 * to collect an order's payable amount through a gateway, and every event seen for it
 * (creation, status reads, webhooks, the shopper's return, sandbox picks, our own failing)
 * in payment_events. Money in integer paise.
 *
 * The behaviour.md §4 status of a payment moves once: pending → completed or pending → failed, decided by
 * `toPaymentStatus()` of the gateway's state. That change is applied with the payment row
 * locked, in one transaction with the event and with the `payment.settled` subscribers (the orders
 * module), so an order follows its payment exactly once. A completed payment never goes
 * back to failed; later events are stored and change nothing, except that money the gateway
 * takes after we failed the payment makes it completed (the orders module refunds it). A webhook
 * only prompts a read of the gateway's status API (PhonePe's, Razorpay's), whose answer is what is applied; delivered twice,
 * it is stored once (dedupe key event:merchantOrderId:state) and applied once. The orders module's
 * own failing of a payment (`fail()`: expiry, compensation) is recorded the same way but does
 * not tell `payment.settled`: the caller releases the order in its own transaction.
 *
 * A payment keeps the order number it was started with (shown on the sandbox page), so this
 * module knows orders only by id and number and never reads the orders table.
 *
 * Errors: ServiceUnavailableError(ORDER_MESSAGES.gatewayUnavailable) for a gateway that is not
 * configured, ServiceUnavailableError(ORDER_MESSAGES.paymentStartFailed) when the gateway
 * cannot start a payment, NotFoundError(ORDER_MESSAGES.paymentNotFound) for an unknown payment.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ORDER_MESSAGES, toPaymentStatus, type OnlineGateway, type PaymentStatus } from '@vastra/contracts';
import { refundQueue, type RefundQueueFilter, type RefundQueueRow } from './refund-queue';
import type { Db } from '../../db/client';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../lib/errors';
import { GatewayHealth } from './gateway-health';
import type { PhonePeWebhook } from './phonepe';
import { describeError, type GatewayName } from './provider';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from './sandbox';
import { PhonePeWebhooks } from './webhook';
import { RazorpayProvider, type RazorpayWebhook } from './razorpay';
import { RazorpayWebhooks } from './razorpay-webhook';
import { RefundLedger, type RefundRequest } from './refunds';
import { paymentEvents, payments, type PaymentRow, type RefundRow } from './tables';
import type { Applied, EventInput, PaymentServiceOptions, PaymentSummary } from './types';

/** Said when checkout's answer for a Razorpay payment is not signed by Razorpay for it. */
export const RAZORPAY_SIGNATURE_INVALID = 'The payment answer is not signed by Razorpay';

export class PaymentService {
  /** Refunds of orders: requested, submitted to the gateway, settled (refunds.ts). */
  readonly refunds: RefundLedger;
  private readonly webhooks: PhonePeWebhooks;
  private readonly razorpayWebhooks: RazorpayWebhooks;
  private readonly health: GatewayHealth;

  constructor(
    private readonly db: Db,
    private readonly opts: PaymentServiceOptions,
  ) {
    this.refunds = new RefundLedger(db, opts);
    this.webhooks = new PhonePeWebhooks({
      db,
      opts,
      refunds: this.refunds,
      applyEvent: (paymentId, event) => this.applyEvent(paymentId, event),
    });
    this.razorpayWebhooks = new RazorpayWebhooks({
      db,
      opts,
      refunds: this.refunds,
      applyEvent: (paymentId, event) => this.applyEvent(paymentId, event),
    });
    this.health = new GatewayHealth(opts.healthStore);
  }

  /** Whether a gateway is configured here (the sandbox always is outside production). */
  has(gateway: string): gateway is GatewayName {
    return (
      (gateway === 'sandbox' || gateway === 'phonepe' || gateway === 'razorpay') &&
      this.opts.providers[gateway] !== undefined
    );
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
      .values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        provider: order.gateway,
        merchantOrderId,
        amountPaise: order.amountPaise,
      })
      .returning();
    this.opts.metrics.paymentStatus('pending');
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
        { err: describeError(err), gateway: order.gateway, merchantOrderId },
        'payment could not be started',
      );
      await this.health.failed(order.gateway).catch(() => {});
      await this.applyEvent(payment!.id, {
        source: 'create',
        state: null,
        payload: { error: describeError(err) },
        apply: false,
      });
      throw new ServiceUnavailableError(ORDER_MESSAGES.paymentStartFailed);
    }
    await this.health.answered(order.gateway).catch(() => {});
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
   * answer (an identical answer once) and applies it. Returns the behaviour.md §4 status. A gateway that
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
   * `payment.settled` is not told: the caller, the orders module, releases the order itself. Later
   * news from the gateway is stored and changes nothing. Nothing happens when no payment of
   * the order is pending.
   */
  async fail(db: Db, orderId: string, reason: string): Promise<void> {
    const failed = await db.transaction(async (tx) => {
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
      return pending.length;
    });
    // Counted once this (sub)transaction ends: a caller's transaction rolling back after it, which is rare, would be counted too.
    if (failed > 0) this.opts.metrics.paymentStatus('failed', failed);
  }

  /** A payment with its order number, by our merchantOrderId; null when unknown. */
  async summary(merchantOrderId: string): Promise<PaymentSummary | null> {
    const [row] = await this.db
      .select({
        orderId: payments.orderId,
        orderNumber: payments.orderNumber,
        provider: payments.provider,
        merchantOrderId: payments.merchantOrderId,
        amountPaise: payments.amountPaise,
        status: payments.status,
        providerState: payments.providerState,
      })
      .from(payments)
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
   * What Razorpay's checkout modal opens with for a payment on our checkout page: the key id,
   * Razorpay's order id, the amount (paise), the order number and status. Null unless it is a
   * Razorpay payment here whose order was created at Razorpay.
   */
  async razorpayCheckout(
    merchantOrderId: string,
  ): Promise<(PaymentSummary & { keyId: string; razorpayOrderId: string }) | null> {
    const provider = this.opts.providers.razorpay;
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.merchantOrderId, merchantOrderId), eq(payments.provider, 'razorpay')));
    if (!(provider instanceof RazorpayProvider) || !payment?.providerOrderId) return null;
    const { orderId, orderNumber, provider: gateway, amountPaise, status, providerState } = payment;
    return {
      orderId,
      orderNumber,
      provider: gateway,
      merchantOrderId,
      amountPaise,
      status,
      providerState,
      keyId: provider.keyId,
      razorpayOrderId: payment.providerOrderId,
    };
  }

  /**
   * Checkout's answer after the shopper paid in Razorpay's modal: the signature must be Razorpay's
   * (HMAC of `order_id|payment_id` with our key secret) for this payment's Razorpay order, else
   * ValidationError (RAZORPAY_SIGNATURE_INVALID) and nothing is stored. A right signature is still
   * only a prompt: the state is read from Razorpay's API and applied (a 'callback' event, once per
   * state, so a second verify changes nothing). NotFoundError unless a Razorpay payment here.
   */
  async verifyRazorpay(
    merchantOrderId: string,
    answer: { orderId: string; paymentId: string; signature: string },
  ): Promise<{ orderId: string; status: PaymentStatus }> {
    const payment = await this.find(merchantOrderId, 'razorpay');
    const provider = this.opts.providers.razorpay;
    if (
      !(provider instanceof RazorpayProvider) ||
      answer.orderId !== payment.providerOrderId ||
      !provider.isSigned(answer)
    ) {
      this.opts.log.warn({ merchantOrderId }, 'Razorpay checkout answer with a wrong signature refused');
      throw new ValidationError(RAZORPAY_SIGNATURE_INVALID);
    }
    return { orderId: payment.orderId, status: await this.refreshPayment(payment, 'callback') };
  }

  /** A signed Razorpay webhook, confirmed with Razorpay's API before anything is applied: see RazorpayWebhooks.apply. */
  applyRazorpayWebhook(body: RazorpayWebhook): Promise<{ applied: boolean }> {
    return this.razorpayWebhooks.apply(body);
  }

  /** The store's gateways (in its order) to offer at checkout now, without one whose API is failing: see GatewayHealth.offered. */
  offeredGateways(gateways: OnlineGateway[]): Promise<OnlineGateway[]> {
    return this.health.offered(gateways);
  }

  /** A PhonePe webhook, confirmed with PhonePe's status API before anything is applied: see PhonePeWebhooks.apply. */
  applyPhonePeWebhook(body: PhonePeWebhook): Promise<{ applied: boolean }> {
    return this.webhooks.apply(body);
  }

  /** Records a refund of an order in the caller's transaction: see RefundLedger.request. */
  requestRefund(db: Db, input: RefundRequest): Promise<RefundRow | null> {
    return this.refunds.request(db, input);
  }

  /** Submits a pending gateway refund after its transaction committed: see RefundLedger.submit. */
  submitRefund(refundId: string): Promise<RefundRow> {
    return this.refunds.submit(refundId);
  }

  /** Brings one gateway refund up to date: see RefundLedger.refresh. */
  refreshRefund(refundId: string): Promise<RefundRow> {
    return this.refunds.refresh(refundId);
  }

  /** The store's retry of one gateway refund (a failed one asked for again): see RefundLedger.retry. */
  retryRefund(refundId: string): Promise<RefundRow> {
    return this.refunds.retry(refundId);
  }

  /** Refreshes pending gateway refunds (the timer and the operator): see RefundLedger.refreshPending. */
  refreshPendingRefunds(opts: { idleForMs?: number } = {}): Promise<number> {
    return this.refunds.refreshPending(opts);
  }

  /** Every refund of these orders, oldest first. */
  refundsOf(orderIds: string[]): Promise<RefundRow[]> {
    return this.refunds.of(orderIds);
  }

  /** Refunds across orders for the admin's refunds screen: see refundQueue. */
  refundQueue(filter: RefundQueueFilter): Promise<{ rows: RefundQueueRow[]; total: number }> {
    return refundQueue(this.db, filter);
  }

  private async find(merchantOrderId: string, provider: GatewayName): Promise<PaymentRow> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.merchantOrderId, merchantOrderId), eq(payments.provider, provider)));
    if (!payment || !this.has(provider)) throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
    return payment;
  }

  /**
   * Where the gateway sends the shopper back: our PhonePe return route; for Razorpay our checkout
   * page, which opens Razorpay's modal; else straight to the confirmation.
   */
  private returnUrl(gateway: GatewayName, merchantOrderId: string, orderId: string): string {
    if (gateway === 'phonepe')
      return `${this.opts.publicUrl}/payments/phonepe/return/${encodeURIComponent(merchantOrderId)}`;
    if (gateway === 'razorpay')
      return `${this.opts.publicUrl}/payments/razorpay/pay/${encodeURIComponent(merchantOrderId)}`;
    return this.confirmationUrl(orderId);
  }

  private async refreshPayment(payment: PaymentRow, source: 'status' | 'callback'): Promise<PaymentStatus> {
    if (payment.status !== 'pending') return payment.status;
    const provider = this.opts.providers[payment.provider as GatewayName];
    if (!provider) return payment.status;
    let answer;
    try {
      answer = await provider.fetchStatus(payment.merchantOrderId, payment.providerOrderId);
    } catch (err) {
      this.opts.log.warn(
        { err: describeError(err), gateway: payment.provider, merchantOrderId: payment.merchantOrderId },
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

  /** Applies an event in its own transaction, then runs the subscribers' after-commit work. */
  private async applyEvent(paymentId: string, event: EventInput): Promise<Applied> {
    const applied = await this.db.transaction((tx) => this.applyIn(tx, paymentId, event));
    if (applied.changed) this.opts.metrics.paymentStatus(applied.status);
    if (applied.afterCommit) {
      try {
        await applied.afterCommit();
      } catch (err) {
        this.opts.log.error(
          { err: describeError(err), source: event.source },
          'work after a payment status change failed',
        );
      }
    }
    return applied;
  }

  /**
   * The one place a payment changes, inside a transaction: lock the row, store the event
   * (a known dedupe key stores and applies nothing), and move a pending payment to the mapped
   * status, telling `payment.settled` when it settles.
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
    // cancelled): the money is real, so the payment becomes completed and `payment.settled` tells
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
    if (event.notify === false) return { stored: true, changed: true, status: next };
    // Subscribers (the orders module) write in this transaction: one that throws rolls it back.
    const after: (() => Promise<void>)[] = [];
    await this.opts.events.emit('payment.settled', {
      db: tx,
      orderId: payment.orderId,
      status: next,
      source: event.source,
      afterCommit: (work) => after.push(work),
    });
    const afterCommit =
      after.length > 0
        ? async () => {
            for (const work of after) await work();
          }
        : undefined;
    return { stored: true, changed: true, status: next, ...(afterCommit ? { afterCommit } : {}) };
  }
}
