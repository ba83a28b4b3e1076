/**
 * The payments module's shapes (behaviour.md §4 paymentStatus, §12 gateways): its options, the
 * what the sandbox page shows, and a gateway event as
 * it is stored and applied. Money in integer paise.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentStatus } from '@vastra/contracts';
import type { DomainEventBus } from '../../lib/events';
import type { HealthStore } from './gateway-health';
import type { GatewayName, PaymentProvider } from './provider';
import type { PaymentRow } from './tables';

export type PaymentServiceOptions = {
  providers: Partial<Record<GatewayName, PaymentProvider>>;
  /** The API's public address, for the gateway's return URL. */
  publicUrl: string;
  /** The storefront's address, for the order confirmation page. */
  storefrontUrl: string;
  log: FastifyBaseLogger;
  /** Where a settled payment (`payment.settled`, in its transaction) and refund (`refund.changed`) are told. */
  events: DomainEventBus;
  /** Where which gateway is failing is remembered for every instance (the admin_settings store; gateway-health.ts). */
  healthStore: HealthStore;
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
  /** Whether `payment.settled` is told of a change (not when the orders module made it itself); default true. */
  notify?: boolean;
};

export type Applied = {
  stored: boolean;
  changed: boolean;
  status: PaymentStatus;
  /** The `payment.settled` subscribers' work for after the commit, if any. */
  afterCommit?: () => Promise<void>;
};
