/**
 * The payments module's shapes (behaviour.md §4 paymentStatus, §12 gateways): its options, the
 * listener the orders module registers, what the sandbox page shows, and a gateway event as
 * it is stored and applied. Money in integer paise.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentStatus } from '@vastra/contracts';
import type { Db } from '../../db/client';
import type { GatewayName, PaymentProvider } from './provider';
import type { PaymentRow } from './tables';

/**
 * Told inside the transaction that applies it each time a gateway's news changes a payment's
 * behaviour.md §4 status (pending → completed or failed), with the executor of that transaction. `source`
 * says what brought the news: create, status, webhook, callback or sandbox. It may return
 * work to run once that transaction has committed (e.g. the confirmation mail).
 */
export type PaymentStatusListener = (
  db: Db,
  orderId: string,
  status: PaymentStatus,
  source: string,
) => Promise<void | (() => Promise<void>)>;

export type PaymentServiceOptions = {
  providers: Partial<Record<GatewayName, PaymentProvider>>;
  /** The API's public address, for the gateway's return URL. */
  publicUrl: string;
  /** The storefront's address, for the order confirmation page. */
  storefrontUrl: string;
  log: FastifyBaseLogger;
  /** Counts payments reaching each status, once committed (modules/metrics). */
  metrics: { paymentStatus(status: PaymentStatus, count?: number): void };
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

export type EventInput = {
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

export type Applied = {
  stored: boolean;
  changed: boolean;
  status: PaymentStatus;
  /** The listener's work for after the commit, if any. */
  afterCommit?: () => Promise<void>;
};
