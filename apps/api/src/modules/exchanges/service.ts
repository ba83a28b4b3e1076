/**
 * Size exchanges (behaviour.md "Exchanges"): on a delivered order within the return window the
 * shopper swaps every piece of one line for another size or colour of the same product. The
 * replacement's stock is taken when the exchange is asked for (none left: refused, with a
 * return offered); the store then approves or rejects it, records the pickup (or a failed
 * one), ships the replacement and marks it delivered. A rejection or a failed pickup puts the
 * replacement's stock back and gives back what the shopper paid.
 *
 * Price difference, in paise, fixed when asked for: (replacement's price − the line's list
 * price) × pieces, prices GST included. Above 0 it is paid from the store credit at once
 * (not enough credit: refused); below 0 it is given to the store credit at pickup, once the
 * piece is back. Only when the price differs does the exchange get GST documents from the
 * store's series: a credit note for the piece that came back (at pickup) and an invoice for
 * the replacement (when shipped). At the same price the supply's value is unchanged and the
 * order's invoice still holds.
 *
 * Errors: NotFoundError (not the caller's order or exchange), ValidationError (not delivered,
 * window closed, line unknown or not returnable, same or foreign size, photo missing, store
 * credit short), ConflictError (an open exchange on the line, a return open or made on it, no
 * stock, a step out of order).
 */
import {
  EXCHANGE_MESSAGES,
  EXCHANGE_PHOTO_REASONS,
  EXCHANGE_STEPS,
  ORDER_MESSAGES,
  paiseToRupees,
  restockedByDefault,
  rupeesToPaise,
  transitionNotAllowed,
  WALLET_MESSAGES,
  type ExchangeOption,
  type ExchangeRequest,
  type ExchangeStep,
} from '@vastra/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { presentExchanges } from './presenter';
import { exchangeFiles, exchangeRequests, type ExchangeRequestRow } from './tables';
import type { ExchangeInput, ExchangesDeps } from './types';

/** Statuses whose exchange still holds the line (the unique index of `exchange_requests` says the same). */
const HOLDING = ['requested', 'approved', 'picked_up', 'shipped'] as const;

/** What the store records with a step: a note (a rejection's reason), the shipment, the restock choice. */
export type ExchangeStepInput = {
  note?: string | null;
  courier?: string;
  awb?: string;
  restock?: boolean;
  actor: string;
};

export class ExchangesService {
  constructor(private readonly deps: ExchangesDeps) {}

  /**
   * The sizes and colours the caller's line `orderItemId` may be exchanged for: every other
   * variant of its product with its price difference for the line's pieces, and whether it has
   * stock. NotFoundError for someone else's order, ValidationError for a line not in it.
   */
  async options(userId: string, orderId: string, orderItemId: string): Promise<ExchangeOption[]> {
    await this.deps.db.transaction((tx) => this.deps.orders.ownRowForUpdate(tx, userId, orderId));
    const line = (await this.deps.orders.items(orderId)).find((l) => l.id === orderItemId);
    if (!line) throw new ValidationError(EXCHANGE_MESSAGES.lineUnknown);
    const product = await this.deps.catalog.getProduct(line.productId);
    return product.variants
      .filter((v) => v.id !== line.variantId)
      .map((v) => ({
        variantId: v.id,
        size: v.size,
        color: v.color,
        sku: v.sku,
        unitPrice: v.price,
        inStock: v.inStock && v.stock >= line.quantity,
        priceDifference: paiseToRupees((rupeesToPaise(v.price) - line.unitPricePaise) * line.quantity),
      }));
  }

  /**
   * Asks to exchange every piece of the caller's line for `input.variantId`. Stores the photos
   * under `exchanges/<orderId>/`, then in one transaction: checks the order, the window and the
   * line, takes the replacement's stock (an `ordered` stock movement), pays a higher price from
   * the store credit, and records the exchange. Errors as the module says.
   */
  async request(userId: string, orderId: string, input: ExchangeInput): Promise<ExchangeRequest> {
    const { db, uploads } = this.deps;
    // Read before the transaction: the settings and the catalogue's categories come from outside it
    // (on PGlite's one connection a read outside an open transaction would wait for it forever).
    const windowDays = await this.deps.summaries.windowDays();
    const lines = await this.deps.orders.items(orderId);
    const returnable = await this.deps.summaries.returnableFlags(lines);
    // What a return holds or took (the owner is checked in the transaction; an unknown order is its 404).
    const known = await this.deps.orders.findRef(orderId).catch(() => null);
    const summary = known ? (await this.deps.summaries.summariesOf([known], lines)).get(orderId) : undefined;
    const stored = await uploads.save(userId, `exchanges/${orderId}`, input.files, {
      invalidImage: ORDER_MESSAGES.returnFileType,
    });
    let id: string;
    try {
      id = await db.transaction(async (tx) => {
        const order = await this.deps.orders.ownRowForUpdate(tx, userId, orderId);
        this.deps.summaries.checkWindow(order, windowDays);
        const line = (await this.deps.orders.items(orderId, tx)).find((l) => l.id === input.orderItemId);
        if (!line) throw new ValidationError(EXCHANGE_MESSAGES.lineUnknown);
        if (!returnable.get(line.id)) throw new ValidationError(EXCHANGE_MESSAGES.notExchangeable);
        const earlier = await tx
          .select({ status: exchangeRequests.status })
          .from(exchangeRequests)
          .where(eq(exchangeRequests.orderItemId, line.id));
        if (earlier.some((e) => HOLDING.includes(e.status as (typeof HOLDING)[number]))) {
          throw new ConflictError(EXCHANGE_MESSAGES.inProgress);
        }
        // The line still names the size bought: a second swap would be priced and restocked against the wrong one.
        if (earlier.some((e) => e.status === 'delivered')) throw new ConflictError(EXCHANGE_MESSAGES.alreadyExchanged);
        // A piece under an open return, or returned, is not the shopper's to swap (an exchanged line reads as
        // not returnable either, so the exchanges are told apart first).
        if ((summary?.items.get(line.id)?.returnableQuantity ?? 0) < line.quantity) {
          throw new ConflictError(EXCHANGE_MESSAGES.beingReturned);
        }
        if (input.variantId === line.variantId) throw new ValidationError(EXCHANGE_MESSAGES.sameVariant);
        if (EXCHANGE_PHOTO_REASONS.includes(input.reason) && input.files.length === 0) {
          throw new ValidationError(EXCHANGE_MESSAGES.photoRequired);
        }

        const [replacement] = await this.deps.inventory
          .reserve(tx, [{ productId: line.productId, variantId: input.variantId, quantity: line.quantity }])
          .catch((err: unknown) => {
            if (err instanceof NotFoundError) throw new ValidationError(EXCHANGE_MESSAGES.otherProduct);
            // Not enough stock, or the product was withdrawn: either way a return is what is left.
            if (err instanceof ConflictError) throw new ConflictError(EXCHANGE_MESSAGES.outOfStock);
            throw err;
          });
        const differencePaise = (replacement!.unitPricePaise - line.unitPricePaise) * line.quantity;
        const [row] = await tx
          .insert(exchangeRequests)
          .values({
            orderId,
            userId,
            orderItemId: line.id,
            productId: line.productId,
            quantity: line.quantity,
            reason: input.reason,
            comment: input.comment?.trim() || null,
            newVariantId: replacement!.variantId,
            newSku: replacement!.sku,
            newSize: replacement!.size,
            newColor: replacement!.color,
            oldUnitPaise: line.unitPricePaise,
            newUnitPaise: replacement!.unitPricePaise,
            differencePaise,
            settlement: differencePaise > 0 ? 'wallet_debit' : differencePaise < 0 ? 'wallet_credit' : 'none',
          })
          .returning({ id: exchangeRequests.id });
        await this.deps.inventory.recordOrdered(tx, [replacement!], {
          actor: 'shopper',
          reference: order.orderNumber,
        });
        if (differencePaise > 0) {
          await this.deps.wallet
            .debitFor(tx, {
              userId,
              orderNumber: order.orderNumber,
              amountPaise: differencePaise,
              reason: `Exchange on order ${order.orderNumber}: price difference`,
            })
            .catch((err: unknown) => {
              if (err instanceof AppError && err.message === WALLET_MESSAGES.notEnough) {
                throw new ValidationError(EXCHANGE_MESSAGES.notEnoughCredit);
              }
              throw err;
            });
        }
        if (stored.length > 0) {
          await tx.insert(exchangeFiles).values(
            stored.map((f, i) => ({
              exchangeRequestId: row!.id,
              key: f.key,
              contentType: f.mime,
              sizeBytes: f.sizeBytes,
              position: i,
            })),
          );
        }
        return row!.id;
      });
    } catch (err) {
      await uploads.remove(stored.map((f) => f.key));
      throw err;
    }
    return this.getById(id);
  }

  /**
   * A store step on the exchange `exchangeId` (EXCHANGE_STEPS): approve; reject (with a note);
   * pickup (the returned piece back in stock unless `restock` says no, by default not when
   * damaged; a lower price given to the store credit; the credit note when the price differs);
   * pickup-failed; ship (courier and AWB; the replacement's invoice when the price differs);
   * deliver. A rejection or failed pickup puts the replacement back in stock and gives back a
   * higher price paid. NotFoundError (unknown), ConflictError(transitionNotAllowed) out of order.
   */
  async step(exchangeId: string, step: ExchangeStep, input: ExchangeStepInput): Promise<ExchangeRequest> {
    const { from, to } = EXCHANGE_STEPS[step];
    const [known] = await this.deps.db
      .select({ orderId: exchangeRequests.orderId })
      .from(exchangeRequests)
      .where(eq(exchangeRequests.id, exchangeId));
    if (!known) throw new NotFoundError(EXCHANGE_MESSAGES.notFound);
    const reference = (await this.deps.orders.orderNumbers([known.orderId])).get(known.orderId) ?? known.orderId;
    const row = await this.deps.db.transaction(async (tx) => {
      const [open] = await tx.select().from(exchangeRequests).where(eq(exchangeRequests.id, exchangeId)).for('update');
      if (!open) throw new NotFoundError(EXCHANGE_MESSAGES.notFound);
      if (open.status !== from) throw new ConflictError(transitionNotAllowed(open.status, to));
      const changes: Partial<ExchangeRequestRow> = { status: to, updatedAt: new Date() };
      if (input.note) changes.decisionNote = input.note;
      if (step === 'reject' || step === 'pickup-failed') {
        await this.deps.inventory.release(
          tx,
          [{ productId: open.productId, variantId: open.newVariantId, quantity: open.quantity }],
          { reason: 'released', actor: input.actor, reference },
        );
        if (open.differencePaise > 0) {
          await this.deps.wallet.credit(tx, {
            userId: open.userId,
            amountPaise: open.differencePaise,
            source: 'refund',
            reason: `Exchange on order ${reference} not made: price difference given back`,
            orderNumber: reference,
          });
        }
      }
      if (step === 'pickup') {
        const line = (await this.deps.orders.items(open.orderId, tx)).find((l) => l.id === open.orderItemId);
        const back = input.restock ?? restockedByDefault(open.reason);
        changes.restocked = back;
        if (back && line) {
          await this.deps.inventory.release(
            tx,
            [{ productId: line.productId, variantId: line.variantId, quantity: open.quantity }],
            { reason: 'returned', actor: input.actor, reference },
          );
        }
        if (open.differencePaise < 0) {
          await this.deps.wallet.credit(tx, {
            userId: open.userId,
            amountPaise: -open.differencePaise,
            source: 'refund',
            reason: `Exchange on order ${reference}: price difference`,
            orderNumber: reference,
          });
        }
      }
      if (step === 'ship') {
        changes.courier = input.courier ?? null;
        changes.awb = input.awb ?? null;
      }
      const [moved] = await tx
        .update(exchangeRequests)
        .set(changes)
        .where(eq(exchangeRequests.id, open.id))
        .returning();
      return moved!;
    });
    await this.issueDocuments(row, step);
    return this.getById(row.id);
  }

  /**
   * The GST documents an exchange whose price differs is due after `step`: the credit note of
   * the piece that came back once picked up, the replacement's invoice once shipped. Numbers
   * come from the invoices' series and are kept on the exchange; issuing twice returns the same.
   */
  private async issueDocuments(row: ExchangeRequestRow, step: ExchangeStep): Promise<void> {
    if (row.differencePaise === 0) return;
    const kind = step === 'pickup' ? 'credit_note' : step === 'ship' ? 'invoice' : null;
    if (!kind) return;
    const doc = await this.deps.invoices.issue(kind, row.orderId, null, row.id);
    await this.deps.db
      .update(exchangeRequests)
      .set(kind === 'credit_note' ? { creditNoteNumber: doc.number } : { invoiceNumber: doc.number })
      .where(eq(exchangeRequests.id, row.id));
  }

  /** An exchange by id, without an owner check (the store's steps); NotFoundError otherwise. */
  async getById(exchangeId: string): Promise<ExchangeRequest> {
    const [row] = await this.deps.db.select().from(exchangeRequests).where(eq(exchangeRequests.id, exchangeId));
    if (!row) throw new NotFoundError(EXCHANGE_MESSAGES.notFound);
    const [view] = await presentExchanges(this.deps, [row]);
    return view!;
  }

  /** The caller's exchanges on their order `orderId`, newest first; NotFoundError for someone else's order. */
  async ofOrder(userId: string, orderId: string): Promise<ExchangeRequest[]> {
    await this.deps.db.transaction((tx) => this.deps.orders.ownRowForUpdate(tx, userId, orderId));
    const rows = await this.deps.db
      .select()
      .from(exchangeRequests)
      .where(and(eq(exchangeRequests.orderId, orderId), eq(exchangeRequests.userId, userId)))
      .orderBy(desc(exchangeRequests.createdAt));
    return presentExchanges(this.deps, rows);
  }

  /** A photo of the caller's exchange (bytes and type); NotFoundError for anyone else's. */
  async file(userId: string | null, fileId: string): Promise<{ body: Buffer; contentType: string }> {
    const [row] = await this.deps.db
      .select({ key: exchangeFiles.key, contentType: exchangeFiles.contentType, userId: exchangeRequests.userId })
      .from(exchangeFiles)
      .innerJoin(exchangeRequests, eq(exchangeRequests.id, exchangeFiles.exchangeRequestId))
      .where(eq(exchangeFiles.id, fileId));
    const stored = row && (userId === null || row.userId === userId) && (await this.deps.files.get(row.key));
    if (!row || !stored) throw new NotFoundError(EXCHANGE_MESSAGES.notFound);
    return { body: stored.body, contentType: row.contentType };
  }
}
