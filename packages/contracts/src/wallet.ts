/**
 * Store credit (behaviour.md "Store credit"): each shopper's wallet, an append-only ledger in
 * paise whose sum is the balance. Entries are credits (a refund, or promotional credit given by
 * the store), debits (an order paid with it, or taken off by the store), expiries of
 * promotional credit and reversals (a cancelled or unpaid order's part given back). Rupees at
 * the JSON edge; the shapes below are what the storefront and the admin read and send.
 */
import { z } from 'zod';

export const WALLET_ENTRY_KINDS = ['credit', 'debit', 'expiry', 'reversal'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** Why an entry was made: a refund (never expires), a promotion (may expire), an order, or a staff action. */
export const WALLET_ENTRY_SOURCES = ['refund', 'promotion', 'order', 'staff'] as const;
export type WalletEntrySource = (typeof WALLET_ENTRY_SOURCES)[number];

/** Where a return's or a cancellation's money goes: the store credit, or the way the order was paid. */
export const REFUND_DESTINATIONS = ['wallet', 'original'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** The largest single credit or debit the store may write by hand, in rupees. */
export const WALLET_ADJUSTMENT_MAX_RUPEES = 1_00_000;

export const WALLET_MESSAGES = {
  reasonRequired: 'Say why the store credit changes.',
  amountInvalid: 'Enter an amount in rupees above 0, with at most two decimals, up to ₹1,00,000.',
  notEnough: 'The store credit is smaller than this debit.',
} as const;

/** One ledger entry as the shopper and the admin see it; `amount` in rupees, negative when money left the wallet. */
export const walletEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  source: z.enum(WALLET_ENTRY_SOURCES),
  amount: z.number(),
  reason: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  returnRequestId: z.string().nullable(),
  /** When promotional credit runs out (ISO), or null: refund credit never does. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** GET /wallet and the admin's customer wallet: the balance (the ledger's sum) and the entries, newest first. */
export const walletSchema = z.object({
  balance: z.number(),
  entries: z.array(walletEntrySchema),
});
export type Wallet = z.infer<typeof walletSchema>;

/** POST /admin/api/customers/{id}/wallet: the owner credits (promotional) or debits store credit, with a reason. */
export const walletAdjustmentBodySchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z
    .number()
    .positive(WALLET_MESSAGES.amountInvalid)
    .max(WALLET_ADJUSTMENT_MAX_RUPEES, WALLET_MESSAGES.amountInvalid)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, WALLET_MESSAGES.amountInvalid),
  reason: z.string().trim().min(1, WALLET_MESSAGES.reasonRequired).max(200),
});
export type WalletAdjustmentBody = z.infer<typeof walletAdjustmentBodySchema>;
