/**
 * Size exchanges (behaviour.md "Exchanges"): a delivered line swapped for another size or colour
 * of the same product. Shapes shared by the API, the storefront and the admin; amounts in rupees
 * at this edge (paise inside the API).
 */
import { z } from 'zod';
import { RETURN_REASONS, type ReturnReason } from './order-constants';

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
export const EXCHANGE_SETTLEMENTS = ['none', 'wallet_debit', 'wallet_credit'] as const;
export type ExchangeSettlement = (typeof EXCHANGE_SETTLEMENTS)[number];

/** POST /orders/{id}/exchange fields (multipart, with `files`). */
export const exchangeFieldsSchema = z.object({
  orderItemId: z.uuid(EXCHANGE_MESSAGES.lineUnknown),
  variantId: z.uuid(EXCHANGE_MESSAGES.otherProduct),
  reason: z.enum(RETURN_REASONS, 'Please choose a reason for the exchange.'),
  comment: z.string().trim().max(1000).optional(),
});

const exchangeSideSchema = z.object({
  variantId: z.string(),
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  /** Price of one piece, GST included, in rupees. */
  unitPrice: z.number(),
});

export const exchangeRequestSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  orderItemId: z.string(),
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  status: z.enum(EXCHANGE_STATUSES),
  statusLabel: z.string(),
  reason: z.enum(RETURN_REASONS),
  comment: z.string().nullable(),
  from: exchangeSideSchema,
  to: exchangeSideSchema,
  /** What the shopper pays (above 0) or gets back (below 0) for the difference, in rupees. */
  priceDifference: z.number(),
  settlement: z.enum(EXCHANGE_SETTLEMENTS),
  decisionNote: z.string().nullable(),
  courier: z.string().nullable(),
  awb: z.string().nullable(),
  /** The returned piece went back in stock at pickup; null before it. */
  restocked: z.boolean().nullable(),
  /** GST document numbers: issued only when the price differs. */
  creditNoteNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  files: z.array(z.object({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExchangeRequest = z.infer<typeof exchangeRequestSchema>;

/** One size or colour the shopper may exchange a line for (GET /orders/{id}/exchange-options). */
export const exchangeOptionSchema = z.object({
  variantId: z.string(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  unitPrice: z.number(),
  inStock: z.boolean(),
  /** What choosing it would cost (above 0) or give back (below 0), in rupees. */
  priceDifference: z.number(),
});
export type ExchangeOption = z.infer<typeof exchangeOptionSchema>;
