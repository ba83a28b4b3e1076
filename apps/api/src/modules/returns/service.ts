/**
 * Returns (behaviour.md §3 Order returnRequest, §7 POST /orders/{id}/return and /partial-return, GET
 * /orders/returns, /orders/returns/all): a shopper returns all or part of a delivered order
 * within the return window, with photos or a video; the operator approves or rejects it,
 * records the pickup and refunds it.
 *
 * Refund arithmetic, in paise, fixed when the return is asked for: each returned piece gets
 * its line's share of what was paid for the line (price after the line's coupon share, plus
 * its GST), `round(line × q / bought)`, and the return that takes the last pieces of a line
 * gets what is left, so all returns of a line add up to the line exactly (the same for the
 * taxable value and each GST part). The gift card's share of the return is its share of the
 * order, worked out on the running total of the order's returns (so the last return leaves
 * nothing over or under); so is the store credit's share (what the order paid with store
 * credit). The rest goes back through the gateway (by hand for COD), or onto the store credit
 * when the shopper chose it, the default for COD (behaviour.md "Store credit").
 * The delivery charge and COD fee are kept by a partial return and given back, with their GST,
 * by the return that brings the whole order back (`wholeOrderCharges`).
 *
 * Order rows are read and moved through the orders module (OrdersPort); this module writes
 * only its own tables, the refunds (PaymentService), the gift card ledger and the store credit.
 */
import {
  CHARGE_LABELS,
  ORDER_MESSAGES,
  restockedByDefault,
  transitionNotAllowed,
  type Order,
  type OrderStatus,
  type ReturnRequest,
  type ReturnStatus,
} from '@vastra/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { OrderRow } from '../orders';
import { presentReturns } from './presenter';
import { lineShare, returnedOf, splitRefund, wantedPieces, wholeOrderCharges } from './amounts';
import { returnFiles, returnItems, returnRequests, type ReturnRequestRow } from './tables';
import { OPEN } from './summaries';
import type { CreditNoteLine, ReturnInput, ReturnsDeps } from './types';

/** The operator's steps: the return status each needs, the one it gives, and the order's mirror status. */
const STEPS = {
  approve: { from: 'requested', to: 'approved', order: 'return_approved' },
  reject: { from: 'requested', to: 'rejected', order: 'return_rejected' },
  pickup: { from: 'approved', to: 'picked_up', order: 'picked_up' },
  refund: { from: 'picked_up', to: 'refunded', order: 'refunded' },
} as const satisfies Record<string, { from: ReturnStatus; to: ReturnStatus; order: OrderStatus }>;
export type ReturnStep = keyof typeof STEPS;

export class ReturnsService {
  constructor(private readonly deps: ReturnsDeps) {}

  /**
   * Asks to return `input.items` of the caller's order (all returnable pieces left when
   * absent). Stores the files under `returns/<orderId>/` (UploadService: photos re-encoded,
   * videos as sent, within the upload quota: PayloadTooLargeError), then the request with each
   * item's refund and moves the order to return_requested, in one transaction; mails after commit.
   * Throws NotFoundError (not the caller's order), ValidationError (not delivered, window
   * closed, item not returnable, quantity exceeded, nothing left), ConflictError (a return
   * is open).
   */
  async request(userId: string, orderId: string, input: ReturnInput): Promise<ReturnRequest> {
    const { db, uploads } = this.deps;
    const lines = await this.deps.orders.items(orderId);
    const returnable = await this.deps.summaries.returnableFlags(lines);
    // Read before the transaction: the settings come from outside it.
    const windowDays = await this.deps.summaries.windowDays();
    const stored = await uploads.save(userId, `returns/${orderId}`, input.files, {
      invalidImage: ORDER_MESSAGES.returnFileType,
    });
    let id: string;
    try {
      id = await db.transaction(async (tx) => {
        const order = await this.deps.orders.ownRowForUpdate(tx, userId, orderId);
        this.deps.summaries.checkWindow(order, windowDays);
        const earlier = await tx.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));
        if (earlier.some((r) => OPEN.has(r.status))) throw new ConflictError(ORDER_MESSAGES.returnInProgress);
        const returned = await returnedOf(tx, [orderId]);
        // A line exchanged or being exchanged is the exchange's: returning it too would pay twice.
        for (const line of await this.deps.summaries.exchangedLines(tx, [orderId])) returnable.set(line, false);
        const wanted = wantedPieces(lines, returnable, returned, input.items);
        const items = wanted.map(({ line, quantity }) => ({
          orderItemId: line.id,
          quantity,
          ...lineShare(line, quantity, returned.get(line.id)),
        }));
        const charges = wholeOrderCharges(order, lines, returned, items);
        const refundPaise =
          items.reduce((s, i) => s + i.refundPaise, 0) + charges.reduce((s, c) => s + c.totalPaise, 0);
        const split = splitRefund(order, earlier, refundPaise);
        const [row] = await tx
          .insert(returnRequests)
          .values({
            orderId,
            userId,
            kind: input.items ? 'partial' : 'full',
            reason: input.reason,
            comment: input.comment?.trim() || null,
            refundPaise,
            charges,
            giftCardRefundPaise: split.giftCardPaise,
            walletRefundPaise: split.walletPaise,
            gatewayRefundPaise: split.gatewayPaise,
            // Cash on delivery has no way back but by hand: store credit unless the shopper asks otherwise.
            refundTo: input.refundTo ?? (order.paymentGateway === 'cod' ? 'wallet' : 'original'),
          })
          .returning({ id: returnRequests.id });
        await tx.insert(returnItems).values(items.map((i) => ({ ...i, returnRequestId: row!.id })));
        if (stored.length > 0) {
          await tx.insert(returnFiles).values(
            stored.map((f, i) => ({
              returnRequestId: row!.id,
              key: f.key,
              contentType: f.mime,
              sizeBytes: f.sizeBytes,
              position: i,
            })),
          );
        }
        await this.deps.orders.transition(tx, orderId, 'return_requested', {
          actor: 'shopper',
          note: input.comment?.trim() || null,
        });
        return row!.id;
      });
    } catch (err) {
      await uploads.remove(stored.map((f) => f.key));
      throw err;
    }
    await this.deps.orders.notify(orderId, 'return_requested');
    return this.getById(id);
  }

  /**
   * An operator step on the open return of the order `ref` (UUID or order number): approve,
   * reject (with `note`), pickup, refund. Refund gives the gift card its share back and
   * records the refunds (gateway, or manual for COD) in the same transaction; after commit it
   * mails the shopper, then submits the gateway refund. A pickup puts each returned line back
   * in stock or not (a stock movement each, by `actor`) and records the choice: the line's
   * entry in `restockLines` (order item id → yes/no), else `restock` for every line, else the
   * reason's default (restockedByDefault: a damaged piece is not restocked). NotFoundError (no
   * order, no open return), ConflictError(transitionNotAllowed) for a step out of order,
   * ValidationError(returnItemUnknown) for a restock line not in the return.
   */
  async step(
    ref: string,
    step: ReturnStep,
    opts: { note?: string | null; restock?: boolean; restockLines?: Record<string, boolean>; actor?: string } = {},
  ): Promise<{ returnRequest: ReturnRequest; order: Order }> {
    const note = opts.note ?? null;
    const order = await this.deps.orders.findRef(ref);
    const { from, to, order: orderStatus } = STEPS[step];
    const gatewayRefundId = await this.deps.db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.orderId, order.id), inArray(returnRequests.status, [...OPEN])))
        .for('update');
      if (!open) throw new NotFoundError(ORDER_MESSAGES.returnNotFound);
      if (open.status !== from) throw new ConflictError(transitionNotAllowed(open.status, to));
      const moved = await this.deps.orders.transition(tx, order.id, orderStatus, {
        actor: 'operator',
        note: note ?? null,
      });
      await tx
        .update(returnRequests)
        .set({ status: to, updatedAt: new Date(), ...(note ? { decisionNote: note } : {}) })
        .where(eq(returnRequests.id, open.id));
      if (step === 'pickup') {
        const choose = (orderItemId: string) =>
          opts.restockLines?.[orderItemId] ?? opts.restock ?? restockedByDefault(open.reason);
        await this.restock(tx, open.id, order, choose, Object.keys(opts.restockLines ?? {}), opts.actor ?? 'operator');
      }
      return step === 'refund' ? this.refund(tx, moved, open) : null;
    });
    // The step's mail is queued first: a gateway that settles at once (sandbox) queues the
    // refund-completed mail from submitRefund, which must not arrive before "on its way".
    await this.deps.orders.notify(order.id, orderStatus);
    if (gatewayRefundId) {
      await this.deps.payments.submitRefund(gatewayRefundId).catch((err: unknown) => {
        this.deps.log.warn({ err, orderId: order.id }, 'return refund could not be submitted; it stays pending');
      });
    }
    await this.deps.orders.storeStepDone(order.id, orderStatus);
    const [latest] = await this.deps.db
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id))
      .orderBy(desc(returnRequests.createdAt))
      .limit(1);
    return { returnRequest: await this.getById(latest!.id), order: await this.deps.orders.getById(order.id) };
  }

  /**
   * Records for each line of the return whether it goes back in stock (`choose`), and puts
   * those pieces back, recorded as stock movements (reason `returned`). ValidationError when
   * `named` holds an order item that is not in the return.
   */
  private async restock(
    db: Db,
    returnId: string,
    order: OrderRow,
    choose: (orderItemId: string) => boolean,
    named: string[],
    actor: string,
  ): Promise<void> {
    const items = await db
      .select({ id: returnItems.id, orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
      .from(returnItems)
      .where(eq(returnItems.returnRequestId, returnId));
    if (named.some((id) => !items.some((i) => i.orderItemId === id))) {
      throw new ValidationError(ORDER_MESSAGES.returnItemUnknown);
    }
    const lines = await this.deps.orders.items(order.id, db);
    const pieces = [];
    for (const item of items) {
      const back = choose(item.orderItemId);
      await db.update(returnItems).set({ restocked: back }).where(eq(returnItems.id, item.id));
      const line = lines.find((l) => l.id === item.orderItemId);
      if (back && line) pieces.push({ productId: line.productId, variantId: line.variantId, quantity: item.quantity });
    }
    await this.deps.inventory.release(db, pieces, { reason: 'returned', actor, reference: order.orderNumber });
  }

  /** A return request by id, without an owner check (operator, credit note); NotFoundError otherwise. */
  async getById(returnId: string): Promise<ReturnRequest> {
    const [row] = await this.deps.db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.returnNotFound);
    const [view] = await presentReturns(this.deps, [row]);
    return view!;
  }

  /** The caller's return request; NotFoundError for anyone else's. */
  async getOwn(userId: string, returnId: string): Promise<ReturnRequest> {
    const row = await this.ownRequest(userId, returnId);
    const [view] = await presentReturns(this.deps, [row]);
    return view!;
  }

  /** The caller's return with its lines in paise, for the credit note (§ invoices); NotFoundError for anyone else's. */
  async creditNoteLines(
    userId: string,
    returnId: string,
  ): Promise<{ returnRequest: ReturnRequest; lines: CreditNoteLine[] }> {
    const row = await this.ownRequest(userId, returnId);
    const [returnRequest] = await presentReturns(this.deps, [row]);
    const items = await this.deps.db.select().from(returnItems).where(eq(returnItems.returnRequestId, row.id));
    const lines = await this.deps.orders.items(row.orderId);
    const charges = row.charges.map((c) => ({
      name: CHARGE_LABELS[c.kind],
      hsnCode: c.hsnCode,
      quantity: 1,
      taxablePaise: c.taxablePaise,
      cgstPaise: c.cgstPaise,
      sgstPaise: c.sgstPaise,
      igstPaise: c.igstPaise,
      refundPaise: c.totalPaise,
      taxRateBasisPoints: c.rateBasisPoints,
      charge: true as const,
    }));
    return {
      returnRequest: returnRequest!,
      lines: lines
        .flatMap((line) => {
          const item = items.find((i) => i.orderItemId === line.id);
          if (!item) return [];
          return [
            {
              name: line.name,
              hsnCode: line.hsnCode,
              quantity: item.quantity,
              taxablePaise: item.taxablePaise,
              cgstPaise: item.cgstPaise,
              sgstPaise: item.sgstPaise,
              igstPaise: item.igstPaise,
              refundPaise: item.refundPaise,
              taxRateBasisPoints: line.taxRateBasisPoints,
            },
          ];
        })
        .concat(charges),
    };
  }

  /** A page of the caller's return requests, newest first, with items and files. */
  async listOwn(userId: string, page: number, limit: number) {
    const where = eq(returnRequests.userId, userId);
    const [rows, [counted]] = await Promise.all([
      this.deps.db
        .select()
        .from(returnRequests)
        .where(where)
        .orderBy(desc(returnRequests.createdAt))
        .limit(limit)
        .offset((page - 1) * limit),
      this.deps.db.select({ total: count() }).from(returnRequests).where(where),
    ]);
    return { returns: await presentReturns(this.deps, rows), meta: pageMeta(page, limit, counted?.total ?? 0) };
  }

  /** A page of the caller's orders that have return requests, latest return first (orderPage shape). */
  async ordersWithReturns(userId: string, page: number, limit: number) {
    const latest = sql<Date>`max(${returnRequests.createdAt})`;
    const where = eq(returnRequests.userId, userId);
    const [rows, [counted]] = await Promise.all([
      this.deps.db
        .select({ orderId: returnRequests.orderId, latest })
        .from(returnRequests)
        .where(where)
        .groupBy(returnRequests.orderId)
        .orderBy(desc(latest))
        .limit(limit)
        .offset((page - 1) * limit),
      this.deps.db
        .select({ total: sql<number>`count(DISTINCT ${returnRequests.orderId})::int` })
        .from(returnRequests)
        .where(where),
    ]);
    const orders: Order[] = [];
    for (const r of rows) orders.push(await this.deps.orders.getById(r.orderId));
    return { orders, meta: pageMeta(page, limit, counted?.total ?? 0) };
  }

  /** An uploaded file of the caller's return (bytes and type); NotFoundError for anyone else's. */
  async file(userId: string, fileId: string): Promise<{ body: Buffer; contentType: string }> {
    const [row] = await this.deps.db
      .select({ key: returnFiles.key, contentType: returnFiles.contentType })
      .from(returnFiles)
      .innerJoin(returnRequests, eq(returnRequests.id, returnFiles.returnRequestId))
      .where(and(eq(returnFiles.id, fileId), eq(returnRequests.userId, userId)));
    const stored = row && (await this.deps.files.get(row.key));
    if (!row || !stored) throw new NotFoundError(ORDER_MESSAGES.returnNotFound);
    return { body: stored.body, contentType: row.contentType };
  }

  // -------------------------------------------------------------------------------------

  private async ownRequest(userId: string, returnId: string): Promise<ReturnRequestRow> {
    const [row] = await this.deps.db
      .select()
      .from(returnRequests)
      .where(and(eq(returnRequests.id, returnId), eq(returnRequests.userId, userId)));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.returnNotFound);
    return row;
  }

  /**
   * The refund step's money: the card's share back, the store credit's share back, the rest to
   * the store credit when the shopper chose it (at once) or else through the gateway (by hand
   * for COD); the refund rows. Returns the gateway refund to submit.
   */
  private async refund(tx: Db, order: OrderRow, request: ReturnRequestRow): Promise<string | null> {
    const reason = `Return of order ${order.orderNumber}`;
    let toWallet = 0;
    if (request.walletRefundPaise > 0) {
      toWallet += await this.deps.wallet.refundOrderPart(tx, {
        orderId: order.id,
        returnRequestId: request.id,
        amountPaise: request.walletRefundPaise,
        reason,
      });
    }
    if (request.refundTo === 'wallet' && request.gatewayRefundPaise > 0) {
      await this.deps.wallet.credit(tx, {
        userId: order.userId,
        amountPaise: request.gatewayRefundPaise,
        source: 'refund',
        reason,
        orderId: order.id,
        orderNumber: order.orderNumber,
        returnRequestId: request.id,
      });
      toWallet += request.gatewayRefundPaise;
    }
    if (toWallet > 0) {
      await this.deps.payments.requestRefund(tx, {
        orderId: order.id,
        returnRequestId: request.id,
        method: 'wallet',
        amountPaise: toWallet,
        reason,
      });
    }
    if (request.giftCardRefundPaise > 0) {
      const credited = await this.deps.giftCards.refund(tx, order.id, request.giftCardRefundPaise);
      await this.deps.payments.requestRefund(tx, {
        orderId: order.id,
        returnRequestId: request.id,
        method: 'gift_card',
        amountPaise: credited,
        reason,
      });
    }
    if (request.gatewayRefundPaise <= 0 || request.refundTo === 'wallet') return null;
    const refund = await this.deps.payments.requestRefund(tx, {
      orderId: order.id,
      returnRequestId: request.id,
      // Cash on delivery was paid to the courier: the store pays it back by hand.
      method: order.paymentGateway === 'cod' ? 'manual' : 'gateway',
      amountPaise: request.gatewayRefundPaise,
      reason,
    });
    return refund?.method === 'gateway' ? refund.id : null;
  }
}

function pageMeta(page: number, limit: number, total: number) {
  return { currentPage: page, totalPages: Math.ceil(total / limit), limit, total };
}
