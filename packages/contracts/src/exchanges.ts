/**
 * Size exchanges (behaviour.md "Exchanges"): a delivered line swapped for another size or colour
 * of the same product. Shapes shared by the API, the storefront and the admin; amounts in rupees
 * at this edge (paise inside the API).
 */
import { z } from 'zod';
import { EXCHANGE_MESSAGES, EXCHANGE_STATUSES } from './exchange-constants';
import { RETURN_REASONS } from './order-constants';

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
