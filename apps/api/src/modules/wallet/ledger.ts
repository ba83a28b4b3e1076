/**
 * Reading a wallet's ledger back (behaviour.md "Store credit"): which credit each paisa of the
 * balance still belongs to. Entries are replayed in the order they were written. A credit or a
 * reversal opens a lot (its amount, its expiry or none); a debit takes from the lots that
 * expire first (promotional credit before refund credit, which never expires); an expiry ends
 * what is left of the one lot it names. Pure: no database. Money in integer paise.
 */
import type { WalletEntryKind } from '@vastra/contracts';

/** What the replay needs of an entry. */
export type LedgerEntry = {
  id: string;
  kind: WalletEntryKind;
  amountPaise: number;
  expiresAt: Date | null;
  relatedEntryId: string | null;
};

/** Credit still in the wallet from one entry. */
export type Lot = { entryId: string; leftPaise: number; expiresAt: Date | null };

/** Part of a debit taken from one lot. */
export type Taken = { lotEntryId: string; amountPaise: number; expiresAt: Date | null };

/** Lots with money left, and for each debit the lots it took from, in the order it took them. */
export type Replay = { lots: Lot[]; taken: Map<string, Taken[]> };

/** Sooner expiry first; credit that never expires last; then the order written. */
function spendOrder(a: Lot & { at: number }, b: Lot & { at: number }): number {
  const ea = a.expiresAt?.getTime() ?? Infinity;
  const eb = b.expiresAt?.getTime() ?? Infinity;
  return ea === eb ? a.at - b.at : ea - eb;
}

/** Replays `entries`, given in the order they were written. */
export function replay(entries: readonly LedgerEntry[]): Replay {
  const lots: (Lot & { at: number })[] = [];
  const taken = new Map<string, Taken[]>();
  entries.forEach((entry, at) => {
    if (entry.amountPaise > 0) {
      lots.push({ entryId: entry.id, leftPaise: entry.amountPaise, expiresAt: entry.expiresAt, at });
      return;
    }
    if (entry.kind === 'expiry') {
      const lot = lots.find((l) => l.entryId === entry.relatedEntryId);
      if (lot) lot.leftPaise = Math.max(0, lot.leftPaise + entry.amountPaise);
      return;
    }
    let owed = -entry.amountPaise;
    const parts: Taken[] = [];
    for (const lot of [...lots].sort(spendOrder)) {
      if (owed === 0) break;
      const amount = Math.min(owed, lot.leftPaise);
      if (amount === 0) continue;
      lot.leftPaise -= amount;
      owed -= amount;
      parts.push({ lotEntryId: lot.entryId, amountPaise: amount, expiresAt: lot.expiresAt });
    }
    taken.set(entry.id, parts);
  });
  return {
    lots: lots
      .filter((l) => l.leftPaise > 0)
      .map(({ entryId, leftPaise, expiresAt }) => ({ entryId, leftPaise, expiresAt })),
    taken,
  };
}

/**
 * `amountPaise` of a debit given back, after `alreadyPaise` given back before: split over the
 * lots the debit took from, in the order it took them, each part keeping its lot's expiry (so
 * promotional credit spent and given back still expires when it would have).
 */
export function giveBackParts(parts: readonly Taken[], alreadyPaise: number, amountPaise: number): Taken[] {
  let skip = alreadyPaise;
  let left = amountPaise;
  const out: Taken[] = [];
  for (const part of parts) {
    const open = Math.max(0, part.amountPaise - skip);
    skip = Math.max(0, skip - part.amountPaise);
    const amount = Math.min(open, left);
    if (amount > 0) out.push({ ...part, amountPaise: amount });
    left -= amount;
    if (left === 0) break;
  }
  return out;
}
