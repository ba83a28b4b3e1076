/**
 * Refunds of orders (behaviour.md §10): money paid back through the gateway that took it, onto
 * a gift card, or by hand. A gateway refund is recorded in the caller's transaction, submitted
 * after the commit, and settled once by the gateway's answer, a status read or a webhook; the
 * `refund.changed` subscribers hear when it settles (lib/events.ts). Amounts in paise.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { RefundMethod } from '@vastra/contracts';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import {
  describeError,
  toRefundStatus,
  type GatewayName,
  type KnownRefund,
  type PaymentProvider,
  type ProviderRefund,
} from './provider';
import type { PaymentServiceOptions } from './types';
import { payments, refunds, type RefundRow } from './tables';

/** A refund to record: of a cancellation (returnRequestId null) or of a return. */
export type RefundRequest = {
  orderId: string;
  returnRequestId: string | null;
  method: RefundMethod;
  amountPaise: number;
  reason: string;
};

/** Our id of one request to the gateway (PhonePe `merchantRefundId`, at most 63 characters). */
const newMerchantRefundId = () => `RF-${randomBytes(12).toString('hex')}`;

/** Pending gateway refunds looked at per refresh. */
const REFRESH_BATCH = 100;
/** A submit claim older than this was left by an instance that died mid-call: it may be taken over. */
const SUBMIT_CLAIM_INTERVAL = sql`interval '2 minutes'`;

export class RefundLedger {
  constructor(
    private readonly db: Db,
    private readonly opts: Pick<PaymentServiceOptions, 'providers' | 'log' | 'events'>,
  ) {}

  /**
   * Records a refund of an order inside the caller's transaction `db`:
   * - `gateway`: of the order's completed online payment, `pending` until `submit`
   *   (after the commit) has the gateway's answer; null when the order has no completed
   *   online payment (COD, or paid wholly by gift card).
   * - `gift_card`: money the caller has already put back on the card in this transaction
   *   (GiftCardService.refund), recorded `completed`.
   * - `manual`: paid back by the store by hand (a COD order's return), recorded `completed`
   *   by the operator's refund step.
   * Once per method for a cancellation (returnRequestId null) or for a return: a repeat answers
   * the first row. Amounts in paise, above 0.
   */
  async request(db: Db, input: RefundRequest): Promise<RefundRow | null> {
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
        merchantRefundId: newMerchantRefundId(),
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
   * `refund.changed` is told when that answer settles it. A gateway that fails leaves the refund
   * pending with the error kept in lastResponse for the operator; calling again (or
   * `refreshPending`) retries. Of submits of one refund at once, in any instance (the
   * operator's retry beside the refund job), only the one that claims the refund in the database
   * calls the gateway; the others answer the refund as it stands. Returns the refund as it now
   * stands. NotFoundError for an unknown refund.
   */
  async submit(refundId: string): Promise<RefundRow> {
    const refund = await this.claimSubmit(refundId);
    if (!refund) return this.refundRow(refundId);
    try {
      const gateway = await this.gatewayOf(refund);
      if (!gateway) return refund;
      try {
        const answer = await gateway.provider.createRefund({
          merchantRefundId: refund.merchantRefundId,
          originalMerchantOrderId: gateway.merchantOrderId,
          originalProviderOrderId: gateway.providerOrderId,
          amountPaise: refund.amountPaise,
        });
        return await this.storeAnswer(refund, answer);
      } catch (err) {
        return await this.keepRefundError(refund, err, 'refund could not be submitted; it stays pending for a retry');
      }
    } finally {
      await this.db.update(refunds).set({ submittingAt: null }).where(eq(refunds.id, refundId));
    }
  }

  /**
   * Marks a gateway refund the gateway has not accepted yet as being submitted, atomically (a
   * conditional update), unless another submit holds it; the refund, or null when not claimed.
   */
  private async claimSubmit(refundId: string): Promise<RefundRow | null> {
    const [claimed] = await this.db
      .update(refunds)
      .set({ submittingAt: sql`now()` })
      .where(
        and(
          eq(refunds.id, refundId),
          eq(refunds.method, 'gateway'),
          eq(refunds.status, 'pending'),
          isNull(refunds.providerState),
          or(isNull(refunds.submittingAt), lte(refunds.submittingAt, sql`now() - ${SUBMIT_CLAIM_INTERVAL}`)),
        ),
      )
      .returning();
    return claimed ?? null;
  }

  /**
   * Brings one gateway refund up to date: submits it when the gateway has not accepted it yet
   * (as `submit`; after a failed submit, only once a status read shows the gateway does
   * not know it), else reads its state at the gateway and stores it (`refund.changed` is told
   * when it settles). A gateway that cannot be read leaves it pending with the error kept.
   * Settled, gift card and manual refunds are answered as they are. NotFoundError for an
   * unknown refund.
   */
  async refresh(refundId: string): Promise<RefundRow> {
    const refund = await this.refundRow(refundId);
    if (refund.method !== 'gateway' || refund.status !== 'pending') return refund;
    const gateway = await this.gatewayOf(refund);
    if (!gateway) return refund;
    if (!refund.providerState) {
      // A submit that failed may still have reached the gateway (its answer lost): ask before
      // submitting again, so the same refund is never asked for twice.
      if (refund.lastResponse !== null) {
        try {
          return await this.storeAnswer(refund, await this.readRefund(gateway, refund));
        } catch {
          // Unknown there (or unreachable): submit it.
        }
      }
      return this.submit(refund.id);
    }
    try {
      return await this.storeAnswer(refund, await this.readRefund(gateway, refund));
    } catch (err) {
      return this.keepRefundError(refund, err, 'refund status could not be read; it stays pending');
    }
  }

  /**
   * The store's retry of one gateway refund. One the gateway FAILED goes back to pending under
   * a new merchantRefundId (a gateway refuses a reused one; the failed attempt's id is logged
   * beside the new one), and is submitted; the update is conditional on `failed`, so two
   * retries at once ask once. A pending one is brought up to date (`refresh`); any other is
   * answered as it is. NotFoundError for an unknown refund.
   */
  async retry(refundId: string): Promise<RefundRow> {
    const refund = await this.refundRow(refundId);
    if (refund.method !== 'gateway' || refund.status !== 'failed') return this.refresh(refundId);
    const [row] = await this.db
      .update(refunds)
      .set({
        status: 'pending',
        merchantRefundId: newMerchantRefundId(),
        providerRefundId: null,
        providerState: null,
        lastResponse: null,
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'failed')))
      .returning();
    if (!row) return this.refundRow(refund.id);
    this.opts.log.info(
      { refundId: row.id, failedMerchantRefundId: refund.merchantRefundId, merchantRefundId: row.merchantRefundId },
      'failed refund asked for again',
    );
    return this.submit(row.id);
  }

  /**
   * Refreshes every pending gateway refund (`refresh`), oldest first, at most 100 per
   * call; `idleForMs` skips refunds changed more recently than that (the timer leaves a
   * refund just requested to the submit that follows its commit). Returns how many refunds
   * it looked at. Used by the refund timer and the operator's refresh.
   */
  async refreshPending(opts: { idleForMs?: number } = {}): Promise<number> {
    const idleSince = new Date(Date.now() - (opts.idleForMs ?? 0));
    const pending = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.method, 'gateway'), eq(refunds.status, 'pending'), lte(refunds.updatedAt, idleSince)))
      .orderBy(asc(refunds.createdAt))
      .limit(REFRESH_BATCH);
    for (const { id } of pending) await this.refresh(id);
    return pending.length;
  }

  /** Every refund of these orders, oldest first. */
  async of(orderIds: string[]): Promise<RefundRow[]> {
    if (orderIds.length === 0) return [];
    return this.db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));
  }

  private async refundRow(refundId: string): Promise<RefundRow> {
    const [refund] = await this.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund) throw new NotFoundError('Refund not found');
    return refund;
  }

  /** The gateway's state of the refund, told what it may need to find it (its ids of the refund and of the payment). */
  private readRefund(
    gateway: { provider: PaymentProvider; providerOrderId: string | null },
    refund: RefundRow,
  ): Promise<ProviderRefund> {
    const known: KnownRefund = {
      providerRefundId: refund.providerRefundId,
      originalProviderOrderId: gateway.providerOrderId,
    };
    return gateway.provider.fetchRefundStatus(refund.merchantRefundId, known);
  }

  /** The gateway that took the refunded payment, with that payment's ids; null when not configured here. */
  private async gatewayOf(
    refund: RefundRow,
  ): Promise<{ provider: PaymentProvider; merchantOrderId: string; providerOrderId: string | null } | null> {
    if (!refund.paymentId) return null;
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, refund.paymentId));
    const provider = payment && this.opts.providers[payment.provider as GatewayName];
    if (!payment || !provider) {
      this.opts.log.warn({ merchantRefundId: refund.merchantRefundId }, 'refund of a gateway not configured here');
      return null;
    }
    return { provider, merchantOrderId: payment.merchantOrderId, providerOrderId: payment.providerOrderId };
  }

  /** Logs a failed gateway call about a refund and keeps the error on the still pending refund. */
  private async keepRefundError(refund: RefundRow, err: unknown, message: string): Promise<RefundRow> {
    this.opts.log.warn({ err: describeError(err), merchantRefundId: refund.merchantRefundId }, message);
    const [row] = await this.db
      .update(refunds)
      .set({ lastResponse: { error: describeError(err) }, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    return row ?? (await this.refundRow(refund.id));
  }

  /**
   * Stores the gateway's word on a refund while it is pending (a settled refund never moves
   * again: the update is conditional, so concurrent news settles it once) and tells the refund
   * `refund.changed` when this answer settled it. An amount other than ours is logged for a person.
   */
  async storeAnswer(refund: RefundRow, answer: ProviderRefund): Promise<RefundRow> {
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
        await this.opts.events.emit('refund.changed', {
          refundId: row.id,
          orderId: row.orderId,
          status: row.status as 'completed' | 'failed',
          amountPaise: row.amountPaise,
        });
      } catch (err) {
        this.opts.log.error(
          { err: describeError(err), merchantRefundId: row.merchantRefundId },
          'work after a refund settled failed',
        );
      }
    }
    return row;
  }
}
