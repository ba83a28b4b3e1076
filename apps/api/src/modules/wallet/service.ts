/**
 * Store credit (behaviour.md "Store credit"): each shopper's wallet is an append-only ledger in
 * paise and its balance is the ledger's sum, never a stored number. Every write first locks the
 * shopper's `wallets` row (`FOR UPDATE`, inside the caller's transaction), so two orders
 * spending one balance at once take turns and the second sees what the first took: the balance
 * never goes below 0. Promotional credit expires after the store's setting (an `expiry` entry,
 * written by the `wallet-expire` job or before any spend); refund credit never expires.
 *
 * Errors: ValidationError(WALLET_MESSAGES.notEnough) for a staff debit above the balance;
 * NotFoundError for a customer who does not exist (the caller checks).
 */
import { paiseToRupees, WALLET_MESSAGES, type Wallet, type WalletEntrySource } from '@vastra/contracts';
import { and, asc, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { giveBackParts, replay, type LedgerEntry } from './ledger';
import { walletEntries, wallets, type WalletEntryRow } from './tables';

export type WalletDeps = {
  db: Db;
  /** Days promotional credit lasts (the store setting), or null: it never expires. Read at each credit. */
  promotionalExpiryDays: () => Promise<number | null>;
};

/** A credit to write: money into the wallet, with why and what it links. */
export type CreditInput = {
  userId: string;
  amountPaise: number;
  source: Extract<WalletEntrySource, 'refund' | 'promotion'>;
  reason: string;
  orderId?: string | null;
  orderNumber?: string | null;
  returnRequestId?: string | null;
  staffId?: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export class WalletService {
  constructor(private readonly deps: WalletDeps) {}

  /**
   * The shopper's balance and ledger, newest first, in rupees (GET /wallet and the admin's
   * customer page). Promotional credit past its expiry is written off first.
   */
  async view(userId: string): Promise<Wallet> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      await this.lock(tx, userId);
      await this.expireDue(tx, userId, new Date());
    });
    const rows = await db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.seq));
    return {
      balance: paiseToRupees(rows.reduce((s, r) => s + r.amountPaise, 0)),
      entries: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        source: r.source,
        amount: paiseToRupees(r.amountPaise),
        reason: r.reason,
        orderId: r.orderId,
        orderNumber: r.orderNumber,
        returnRequestId: r.returnRequestId,
        expiresAt: r.expiresAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Inside the order's transaction `db`: locks the shopper's wallet until the commit, writes off
   * expired promotional credit, and answers the balance in paise. The order then records what
   * it takes with `debitOrder` in the same transaction.
   */
  async lockForSpend(db: Db, userId: string): Promise<number> {
    await this.lock(db, userId);
    await this.expireDue(db, userId, new Date());
    return this.balance(db, userId);
  }

  /**
   * Records `amountPaise` (above 0) taken for an order, in the transaction that called
   * `lockForSpend`. ValidationError(notEnough) if the balance no longer covers it.
   */
  async debitOrder(
    db: Db,
    input: { userId: string; orderId: string; orderNumber: string; amountPaise: number },
  ): Promise<void> {
    await this.lock(db, input.userId);
    if ((await this.balance(db, input.userId)) < input.amountPaise)
      throw new ValidationError(WALLET_MESSAGES.notEnough);
    await db.insert(walletEntries).values({
      userId: input.userId,
      kind: 'debit',
      source: 'order',
      amountPaise: -input.amountPaise,
      reason: `Paid for order ${input.orderNumber}`,
      orderId: input.orderId,
      orderNumber: input.orderNumber,
    });
  }

  /**
   * Takes `amountPaise` (above 0) for something bought after an order (an exchange's higher
   * price, behaviour.md "Exchanges"), inside the caller's transaction `db`: linked to the order
   * by its number only, so the order's own store credit part (`debitOf`) stays what it paid.
   * ValidationError(notEnough) when the balance does not cover it.
   */
  async debitFor(db: Db, input: { userId: string; orderNumber: string; amountPaise: number; reason: string }) {
    const balance = await this.lockForSpend(db, input.userId);
    if (balance < input.amountPaise) throw new ValidationError(WALLET_MESSAGES.notEnough);
    await db.insert(walletEntries).values({
      userId: input.userId,
      kind: 'debit',
      source: 'order',
      amountPaise: -input.amountPaise,
      reason: input.reason,
      orderNumber: input.orderNumber,
    });
  }

  /**
   * The order was cancelled or never paid: gives back what it took and was not given back yet,
   * as `reversal` entries keeping the expiry of the credit they came from. Once: a second call
   * gives back 0. Returns the paise given back (0 for an order paid without store credit).
   */
  async reverseOrder(db: Db, orderId: string): Promise<number> {
    const debit = await this.debitOf(db, orderId);
    if (!debit) return 0;
    return this.giveBack(db, debit, -debit.amountPaise, {
      kind: 'reversal',
      source: 'order',
      reason: `Order ${debit.orderNumber ?? debit.orderId} cancelled: store credit given back`,
      returnRequestId: null,
    });
  }

  /**
   * A return's share of what the order paid with store credit goes back to it (a `refund`
   * credit, keeping the expiry of the credit it came from). Returns the paise credited: at most
   * what the order took less what was given back before.
   */
  async refundOrderPart(
    db: Db,
    input: { orderId: string; returnRequestId: string; amountPaise: number; reason: string },
  ): Promise<number> {
    const debit = await this.debitOf(db, input.orderId);
    if (!debit || input.amountPaise <= 0) return 0;
    return this.giveBack(db, debit, input.amountPaise, {
      kind: 'credit',
      source: 'refund',
      reason: input.reason,
      returnRequestId: input.returnRequestId,
    });
  }

  /**
   * Credits the wallet inside `db`: a refund (never expires) or promotional credit (expires after
   * the store's setting, if any). Returns the entry.
   */
  async credit(db: Db, input: CreditInput): Promise<WalletEntryRow> {
    await this.lock(db, input.userId);
    const days = input.source === 'promotion' ? await this.deps.promotionalExpiryDays() : null;
    const [row] = await db
      .insert(walletEntries)
      .values({
        userId: input.userId,
        kind: 'credit',
        source: input.source,
        amountPaise: input.amountPaise,
        reason: input.reason,
        orderId: input.orderId ?? null,
        orderNumber: input.orderNumber ?? null,
        returnRequestId: input.returnRequestId ?? null,
        staffId: input.staffId ?? null,
        expiresAt: days ? new Date(Date.now() + days * DAY_MS) : null,
      })
      .returning();
    return row!;
  }

  /**
   * The owner's hand: a promotional credit, or a debit of at most the balance, with the reason
   * and the staff member recorded on the entry (the route is audited too). Returns the wallet.
   * ValidationError(notEnough) for a debit above the balance.
   */
  async adjust(
    userId: string,
    staffId: string | null,
    input: { direction: 'credit' | 'debit'; amountPaise: number; reason: string },
  ): Promise<Wallet> {
    await this.deps.db.transaction(async (tx) => {
      if (input.direction === 'credit') {
        await this.credit(tx, {
          userId,
          amountPaise: input.amountPaise,
          source: 'promotion',
          reason: input.reason,
          staffId,
        });
        return;
      }
      const balance = await this.lockForSpend(tx, userId);
      if (balance < input.amountPaise) throw new ValidationError(WALLET_MESSAGES.notEnough);
      await tx.insert(walletEntries).values({
        userId,
        kind: 'debit',
        source: 'staff',
        amountPaise: -input.amountPaise,
        reason: input.reason,
        staffId,
      });
    });
    return this.view(userId);
  }

  /**
   * The `wallet-expire` job: writes an `expiry` entry for what is left of every promotional
   * credit whose expiry has passed, one wallet at a time under its lock. Returns how many
   * wallets had credit expire.
   */
  async expireAll(now = new Date()): Promise<number> {
    const due = await this.deps.db
      .selectDistinct({ userId: walletEntries.userId })
      .from(walletEntries)
      .where(
        and(isNotNull(walletEntries.expiresAt), lte(walletEntries.expiresAt, now), gt(walletEntries.amountPaise, 0)),
      );
    let expired = 0;
    for (const { userId } of due) {
      const wrote = await this.deps.db.transaction(async (tx) => {
        await this.lock(tx, userId);
        return this.expireDue(tx, userId, now);
      });
      if (wrote > 0) expired += 1;
    }
    return expired;
  }

  // -------------------------------------------------------------------------------------

  /** Makes the shopper's wallet row if needed and locks it for the rest of the transaction. */
  private async lock(db: Db, userId: string): Promise<void> {
    await db.insert(wallets).values({ userId }).onConflictDoNothing();
    await db.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  }

  /** The ledger's sum, in paise. */
  private async balance(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${walletEntries.amountPaise}), 0)::int` })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId));
    return Number(row?.total ?? 0);
  }

  private ledger(db: Db, userId: string): Promise<(LedgerEntry & WalletEntryRow)[]> {
    return db.select().from(walletEntries).where(eq(walletEntries.userId, userId)).orderBy(asc(walletEntries.seq));
  }

  /** Under the wallet's lock: an expiry entry for each lot past its expiry with money left. Returns the paise written off. */
  private async expireDue(db: Db, userId: string, now: Date): Promise<number> {
    const { lots } = replay(await this.ledger(db, userId));
    let total = 0;
    for (const lot of lots) {
      if (!lot.expiresAt || lot.expiresAt > now) continue;
      await db.insert(walletEntries).values({
        userId,
        kind: 'expiry',
        source: 'promotion',
        amountPaise: -lot.leftPaise,
        reason: 'Promotional credit expired',
        relatedEntryId: lot.entryId,
      });
      total += lot.leftPaise;
    }
    return total;
  }

  private async debitOf(db: Db, orderId: string): Promise<WalletEntryRow | undefined> {
    const [debit] = await db
      .select()
      .from(walletEntries)
      .where(
        and(eq(walletEntries.orderId, orderId), eq(walletEntries.kind, 'debit'), eq(walletEntries.source, 'order')),
      );
    return debit;
  }

  /** Gives back up to `amountPaise` of an order's debit, split over the credit it came from. */
  private async giveBack(
    db: Db,
    debit: WalletEntryRow,
    amountPaise: number,
    entry: { kind: 'credit' | 'reversal'; source: WalletEntrySource; reason: string; returnRequestId: string | null },
  ): Promise<number> {
    await this.lock(db, debit.userId);
    const ledger = await this.ledger(db, debit.userId);
    const already = ledger
      .filter((e) => e.relatedEntryId === debit.id && e.amountPaise > 0)
      .reduce((s, e) => s + e.amountPaise, 0);
    const open = Math.min(amountPaise, -debit.amountPaise - already);
    if (open <= 0) return 0;
    const parts = giveBackParts(replay(ledger).taken.get(debit.id) ?? [], already, open);
    for (const part of parts) {
      await db.insert(walletEntries).values({
        userId: debit.userId,
        kind: entry.kind,
        source: entry.source,
        amountPaise: part.amountPaise,
        reason: entry.reason,
        orderId: debit.orderId,
        orderNumber: debit.orderNumber,
        returnRequestId: entry.returnRequestId,
        expiresAt: part.expiresAt,
        relatedEntryId: debit.id,
      });
    }
    return parts.reduce((s, p) => s + p.amountPaise, 0);
  }
}
