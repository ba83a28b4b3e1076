/**
 * The constants of size exchanges (behaviour.md "Exchanges"): statuses and how they read, the
 * store's steps, the reasons needing a photo, the messages. Without zod, as order-constants.ts:
 * the storefront's exchange page imports them without the schemas of exchanges.ts.
 */
import type { ReturnReason } from './order-constants';

/** An exchange's life: asked for, the store's decision, the pickup, the replacement's journey. */
export const EXCHANGE_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'picked_up',
  'pickup_failed',
  'shipped',
  'delivered',
] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** Statuses of an exchange still holding its replacement's stock. */
export const OPEN_EXCHANGE_STATUSES: readonly ExchangeStatus[] = ['requested', 'approved', 'picked_up'];

export const EXCHANGE_STATUS_LABELS: Record<ExchangeStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  picked_up: 'Picked up',
  pickup_failed: 'Pickup failed',
  shipped: 'Replacement shipped',
  delivered: 'Replacement delivered',
};

/** The store's steps on an exchange: where each starts and where it leads. */
export const EXCHANGE_STEPS = {
  approve: { from: 'requested', to: 'approved' },
  reject: { from: 'requested', to: 'rejected' },
  pickup: { from: 'approved', to: 'picked_up' },
  'pickup-failed': { from: 'approved', to: 'pickup_failed' },
  ship: { from: 'picked_up', to: 'shipped' },
  deliver: { from: 'shipped', to: 'delivered' },
} as const satisfies Record<string, { from: ExchangeStatus; to: ExchangeStatus }>;
export type ExchangeStep = keyof typeof EXCHANGE_STEPS;

/** Reasons whose exchange needs at least one photo of the piece. */
export const EXCHANGE_PHOTO_REASONS: readonly ReturnReason[] = ['damaged', 'not_as_shown'];

export const EXCHANGE_MESSAGES = {
  requested: 'Exchange requested',
  /** The storefront's fallback when the API gives no reason. */
  failed: 'Failed to request exchange',
  notFound: 'Exchange not found',
  sameVariant: 'Choose a different size or colour than the one you have.',
  otherProduct: 'An exchange is for another size or colour of the same product.',
  /** The replacement has no stock: the shopper is offered a return instead. */
  outOfStock: 'This size is out of stock, so it cannot be exchanged. You can return the piece for a refund instead.',
  inProgress: 'This item already has an exchange in progress.',
  alreadyExchanged: 'This item has already been exchanged once. You can return it instead.',
  notExchangeable: 'This item cannot be exchanged.',
  beingReturned: 'This item is being returned or has been returned, so it cannot be exchanged.',
  photoRequired: 'Please add a photo of the piece for this reason.',
  lineUnknown: 'Choose an item of this order.',
  notEnoughCredit: 'Your store credit does not cover the price difference.',
  rejectNoteRequired: 'Say why the exchange is rejected.',
  shipmentRequired: 'A shipment needs a courier and an AWB.',
} as const;

/** How an exchange's price difference was settled. */
