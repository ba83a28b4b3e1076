/**
 * Shapes of checkout (behaviour.md §3 Order, Coupon, Tax result; §4 paymentStatus; §5; §7 Orders, Coupons
 * and taxes): addresses, coupon and gift card quotes, the tax calculation, order creation and
 * the order as answered. Money in rupees (at most two decimals); the API works in paise and
 * converts at its edge. Figures a client sends (prices, subtotals) are only ever used for
 * quotes: the API recomputes everything it charges.
 */
import { z } from 'zod';
import { addressSchema, savedAddressSchema, shopperLocaleSchema } from './auth';
import { SHOPPER_LOCALES } from './auth-constants';
import { MAX_LINE_QUANTITY } from './constants';
import { businessNameSchema, gstinSchema } from './gstin';
import { COUPON_MESSAGES, ORDER_MESSAGES, TAX_MESSAGES } from './messages';
import { ORDER_STATUSES, orderEventSchema, refundSchema, returnRequestSchema, shipmentSchema } from './orders';

/** GST of the India region (behaviour.md §1, §3 Region, §9), percent. */
export const DEFAULT_GST_RATE = 18;
/** Payment gateways a shopper can choose; `sandbox` stands in for a real gateway offline. */
export const PAYMENT_METHODS = ['sandbox', 'phonepe', 'razorpay', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** behaviour.md §4 Order paymentStatus. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Most different items one order may hold. */
export const MAX_ORDER_LINES = 50;

/**
 * Maps a payment provider's state to behaviour.md §4 paymentStatus: completed, success or captured
 * (Razorpay) → completed;
 * failed or an error code → failed; pending → pending. Anything else is still pending.
 */
export function toPaymentStatus(providerState: string | null | undefined, errorCode?: string | null): PaymentStatus {
  if (errorCode) return 'failed';
  const state = (providerState ?? '').trim().toLowerCase();
  if (state === 'completed' || state === 'success' || state === 'captured') return 'completed';
  if (state === 'failed') return 'failed';
  return 'pending';
}

const rupees = z.number().nonnegative().max(100_000_000);
const uuid = (message: string) => z.uuid({ message });
const codeSchema = z
  .string({ message: COUPON_MESSAGES.codeRequired })
  .trim()
  .min(1, COUPON_MESSAGES.codeRequired)
  .max(40, COUPON_MESSAGES.notFound);

// ---------------------------------------------------------------------------------------
// Addresses

/** GET /addresses/pincode/{pincode}: what the India Post directory knows of a pincode. */
export const pincodeInfoSchema = z.object({
  pincode: z.string(),
  /** The district, offered as the city. */
  city: z.string(),
  /** The state the most post offices of the pincode are in (title case, e.g. "Karnataka"). */
  state: z.string(),
  /** Its GST state code, e.g. "29". */
  stateCode: z.string(),
  /** Every state the pincode's post offices are in (a few pincodes cross a border). */
  states: z.array(z.string()),
});
export type PincodeInfo = z.infer<typeof pincodeInfoSchema>;

/** POST/PUT /addresses: an address of the book, optionally made the default. */
export const addressBookBodySchema = addressSchema.extend({ isDefault: z.boolean().optional() });
export type AddressBookBody = z.input<typeof addressBookBodySchema>;

export const addressBookEntrySchema = savedAddressSchema.extend({
  id: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

/** A GST state (GET /addresses/states): code and name. */
export const gstStateSchema = z.object({ code: z.string(), name: z.string() });
export type GstState = z.infer<typeof gstStateSchema>;

// ---------------------------------------------------------------------------------------
// Coupons and gift cards

/** A line a coupon is quoted for; the API reads the live price itself. */
export const couponItemSchema = z.object({
  productId: uuid('Please choose a product.'),
  variantId: uuid('Please select a size.').optional(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  /** Ignored: the API prices the line from the catalogue. */
  price: z.number().optional(),
});

/**
 * POST /coupons/validate (behaviour.md §7). One coupon at a time: a new code replaces `prevoiusCode` (spelled
 * so in the API contract). With `isGiftCard`, `code` is a gift card and the answer is how much of
 * `preDiscountAmount` (what is left to pay after the coupon and GST, in rupees) it covers.
 */
export const validateCouponBodySchema = z.object({
  code: codeSchema,
  items: z.array(couponItemSchema).max(MAX_ORDER_LINES).default([]),
  subtotal: rupees.optional(),
  prevoiusCode: z.string().trim().max(40).nullish(),
  isGiftCard: z.boolean().default(false),
  preDiscountAmount: rupees.optional(),
});
export type ValidateCouponBody = z.input<typeof validateCouponBodySchema>;

export const couponQuoteSchema = z.object({
  code: z.string(),
  discountAmount: z.number(),
  isGiftCard: z.boolean(),
  description: z.string(),
  /** The code this one replaced (the request's `prevoiusCode`), if any. */
  replacedCode: z.string().nullable(),
  /** What the discount was counted on: the eligible products and their subtotal (rupees). */
  appliedTo: z.object({ productIds: z.array(z.string()), eligibleSubtotal: z.number() }),
  /** Gift cards only: the balance now and what would be left after this order (rupees). */
  balance: z.number().nullable(),
  remainingBalance: z.number().nullable(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;

/** A coupon as GET /coupons/code/{code} and GET /coupons/category/{id} show it. */
export const publicCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  discountType: z.enum(['percentage', 'fixed']),
  /** Percent for `percentage`, rupees for `fixed`. */
  discountValue: z.number(),
  maxDiscount: z.number().nullable(),
  minOrderValue: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  firstOrderOnly: z.boolean(),
  categoryIds: z.array(z.string()),
  productIds: z.array(z.string()),
});
export type PublicCoupon = z.infer<typeof publicCouponSchema>;

// ---------------------------------------------------------------------------------------
// Taxes

/** One tax component of a result: CGST and SGST (same state) or IGST (another state). */
export const taxComponentSchema = z.object({
  name: z.enum(['CGST', 'SGST', 'IGST']),
  /** Percent. */
  rate: z.number(),
  amount: z.number(),
});
export type TaxComponent = z.infer<typeof taxComponentSchema>;

const validSubtotal = z
  .number({ message: TAX_MESSAGES.validSubtotal })
  .refine((n) => Number.isFinite(n) && n > 0, TAX_MESSAGES.validSubtotal);

/** POST /taxes/calculate (behaviour.md §7). `stateCode` is a GST state code ("29") or a state name; a pincode can stand in. */
export const calculateTaxBodySchema = z.object({
  subtotal: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), validSubtotal),
  discountAmount: rupees.default(0),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .default('IN')
    .refine((c) => c === 'IN', TAX_MESSAGES.countryNotSupported),
  stateCode: z.string().trim().max(60).nullish(),
  zipCode: z.string().trim().max(10).nullish(),
  items: z
    .array(
      z.object({
        price: rupees,
        quantity: z.number().int().min(1).max(1000),
        productId: z.uuid().optional(),
        hsnCode: z.string().trim().max(10).optional(),
      }),
    )
    .max(MAX_ORDER_LINES)
    .optional(),
});
export type CalculateTaxBody = z.input<typeof calculateTaxBodySchema>;

/** behaviour.md §3 Tax result, plus how it was worked out. */
export const taxResultSchema = z.object({
  totalTax: z.number(),
  taxes: z.array(taxComponentSchema),
  totalAmount: z.number(),
  /** The value GST was counted on (after discount, without GST). */
  taxableAmount: z.number(),
  /** True when catalogue prices already include GST (the default in India): totalAmount is then subtotal − discount. */
  pricesIncludeTax: z.boolean(),
  /** GST state code of the ship-to state, or null when unknown (then IGST is assumed). */
  placeOfSupply: z.string().nullable(),
  intraState: z.boolean(),
});
export type TaxResult = z.infer<typeof taxResultSchema>;

/** The lines of an order or a quote: line prices a client adds are ignored. */
const createOrderItemsSchema = z
  .array(
    z.object({
      productId: uuid('Please choose a product.'),
      variantId: uuid('Please select a size.'),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      price: z.number().optional(),
    }),
  )
  .min(1, ORDER_MESSAGES.itemsRequired)
  .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines);

// ---------------------------------------------------------------------------------------
// Checkout quote: the one priced answer the checkout shows (docs/behaviour.md, Checkout)

/** POST /checkout/quote. `items` omitted = the caller's cart; codes and destination optional. */
export const checkoutQuoteBodySchema = z.object({
  items: createOrderItemsSchema.optional(),
  /** The coupon code, or null. */
  coupon: z.string().trim().max(40).nullish(),
  /** A gift card code on top of the coupon, or null. */
  additionalCoupon: z.string().trim().max(40).nullish(),
  /** GST state code ("29") or state name of the ship-to address; unknown → IGST. */
  stateCode: z.string().trim().max(60).nullish(),
  /** The ship-to pincode: stands in for the state when no state is given. */
  zipCode: z.string().trim().max(10).nullish(),
  /** The payment method chosen so far: the COD fee applies only to `cod` (behaviour.md §4 Delivery charge and COD fee). */
  paymentMethod: z.enum(PAYMENT_METHODS).nullish(),
});
export type CheckoutQuoteBody = z.input<typeof checkoutQuoteBodySchema>;

/** One priced line of a quote (rupees). */
export const quoteLineSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  /** unitPrice × quantity. */
  lineSubtotal: z.number(),
  /** This line's share of the coupon discount. */
  discount: z.number(),
  taxableValue: z.number(),
  /** Percent. */
  taxRate: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  tax: z.number(),
  /** What the shopper pays for the line (before any gift card). */
  total: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** A message about one part of the quote: the coupon, the gift card or a line. */
export const quoteMessageSchema = z.object({
  field: z.enum(['coupon', 'additionalCoupon', 'items']),
  message: z.string(),
});
export type QuoteMessage = z.infer<typeof quoteMessageSchema>;

/** Charges an order may carry besides its lines (behaviour.md §4 Delivery charge and COD fee). */
export const CHARGE_KINDS = ['delivery', 'cod_fee'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
/** How a charge is named on the checkout, the order page and the invoice. */
export const CHARGE_LABELS: Record<ChargeKind, string> = { delivery: 'Delivery charge', cod_fee: 'COD fee' };

/**
 * A delivery charge or COD fee as charged (rupees): taxed at the rate of the order's principal
 * goods and shown under their HSN code (behaviour.md §4 Delivery charge and COD fee).
 */
export const chargeSchema = z.object({
  kind: z.enum(CHARGE_KINDS),
  label: z.string(),
  hsnCode: z.string(),
  taxableValue: z.number(),
  /** Percent. */
  taxRate: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  tax: z.number(),
  /** What the shopper pays for it, GST included. */
  total: z.number(),
});
export type Charge = z.infer<typeof chargeSchema>;

/** The money a quote and the order it becomes both show, rupees: the order's figures are the quote's. */
const totalsFields = {
  subtotal: z.number(),
  discountAmount: z.number(),
  /** The delivery charge with its GST; 0 = free delivery. */
  shippingAmount: z.number(),
  /** The COD fee with its GST; 0 unless paid by cash on delivery and the store charges one. */
  codFee: z.number(),
  /** The delivery charge and COD fee rows with their GST (only those above 0). */
  charges: z.array(chargeSchema),
  /** Lines and charges together, as are totalTax and taxes. */
  taxableAmount: z.number(),
  totalTax: z.number(),
  taxes: z.array(taxComponentSchema),
};

/** The answer of POST /checkout/quote: what POST /orders would charge now, to the paisa. */
export const checkoutQuoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  /** The coupon as applied, or null (not given, or refused: see messages). */
  coupon: z
    .object({
      code: z.string(),
      description: z.string(),
      discountAmount: z.number(),
      appliedTo: z.object({ productIds: z.array(z.string()), eligibleSubtotal: z.number() }),
    })
    .nullable(),
  /** The gift card as applied, or null. */
  additionalCoupon: z
    .object({ code: z.string(), amount: z.number(), balance: z.number(), remainingBalance: z.number() })
    .nullable(),
  ...totalsFields,
  /** The lines' value (after the discount, before the gift card) from which delivery is free; null = no threshold. */
  freeDeliveryFrom: z.number().nullable(),
  /** How much more of lines would make delivery free; 0 when it is free or there is no threshold. */
  freeDeliveryShortfall: z.number(),
  /** subtotal − discount (+ GST when prices exclude it) + shipping + COD fee. */
  totalAmount: z.number(),
  giftCardAmount: z.number(),
  /** What is left to pay after the gift card. */
  amountPayable: z.number(),
  pricesIncludeTax: z.boolean(),
  placeOfSupply: z.string().nullable(),
  intraState: z.boolean(),
  /** Every message that applies (a refused coupon or gift card, a line that cannot be bought). */
  messages: z.array(quoteMessageSchema),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

// ---------------------------------------------------------------------------------------
// Orders

/** Idempotency-Key header of POST /orders: a retry with the same key answers the first order. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, ORDER_MESSAGES.invalidIdempotencyKey);

/** An optional text field: an empty or blank value is the same as none. */
function emptyAsNull<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .pipe(schema.nullable())
    .nullish();
}

/** POST /orders. Line prices a client adds are ignored; `items` omitted = the caller's cart. */
export const createOrderBodySchema = z.object({
  items: createOrderItemsSchema.optional(),
  shippingAddress: addressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, ORDER_MESSAGES.paymentMethodRequired),
  /** The coupon code (one at a time), or null. */
  coupon: z.string().trim().max(40).nullish(),
  /** A gift card code on top of the coupon (behaviour.md §3 additionalCoupon), or null. */
  additionalCoupon: z.string().trim().max(40).nullish(),
  /** Keep the address in the address book. */
  saveAddress: z.boolean().default(false),
  /** A business buyer's GSTIN, of the ship-to state, with `buyerBusinessName`: both or neither (behaviour.md §10). */
  buyerGstin: emptyAsNull(gstinSchema),
  buyerBusinessName: emptyAsNull(businessNameSchema),
  /** The language the order is placed in (the checkout page's), kept on the order. Default 'en'. */
  locale: shopperLocaleSchema.optional(),
  /** Pay what the gift card leaves with the shopper's store credit, as far as it goes (behaviour.md "Store credit"). */
  useStoreCredit: z.boolean().default(false),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

/** A line of an order: the quote's line with what was bought (a snapshot) and what may be returned. */
export const orderLineSchema = quoteLineSchema.extend({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  hsnCode: z.string(),
  image: z.string().nullable(),
  mrp: z.number(),
  /** Whether the line's category may be returned at all (innerwear and the like may not). */
  returnable: z.boolean(),
  /** How many pieces may still be returned now (0 outside the return window). */
  returnableQuantity: z.number(),
  /** How many pieces were returned and refunded (refunded returns only). */
  returnedQuantity: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The status in words (orderStatusText): "Partly returned and refunded" when only some pieces were. */
  statusLabel: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentGateway: z.enum(PAYMENT_METHODS),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(orderLineSchema),
  shippingAddress: savedAddressSchema,
  coupon: z.object({ code: z.string(), discountAmount: z.number() }).nullable(),
  additionalCoupon: z.object({ code: z.string(), amount: z.number() }).nullable(),
  ...totalsFields,
  /** GST state code of the ship-to state, as taxed when the order was placed. */
  placeOfSupply: z.string(),
  /** Whether the order was taxed as an inter-state supply (IGST) rather than CGST + SGST. */
  interState: z.boolean(),
  /** A business buyer's GSTIN and name (a B2B supply), or null for a consumer. */
  buyerGstin: z.string().nullable(),
  buyerBusinessName: z.string().nullable(),
  pricesIncludeTax: z.boolean(),
  /** The language the order was placed in. */
  locale: z.enum(SHOPPER_LOCALES),
  /** subtotal − discount (+ GST when prices exclude it) + shipping + COD fee. */
  totalAmount: z.number(),
  giftCardAmount: z.number(),
  /** Paid with store credit (behaviour.md "Store credit"). */
  walletAmount: z.number(),
  /** What is left to pay through the gateway (or on delivery) after the gift card and the store credit. */
  amountPayable: z.number(),
  /** When the payment completed (ISO): online when the gateway confirmed it, cash on delivery when the cash was collected; else null. */
  paidAt: z.string().nullable(),
  /** Where to send the shopper to pay, while the payment is pending; otherwise null. */
  paymentUrl: z.string().nullable(),
  /** When an unpaid online order expires (ISO), or null. */
  paymentExpiresAt: z.string().nullable(),
  /** Every status change, oldest first. */
  timeline: z.array(orderEventSchema),
  shipment: shipmentSchema.nullable(),
  cancelReason: z.string().nullable(),
  /** The latest return request (behaviour.md §3 returnRequest.status), or null. */
  returnRequest: returnRequestSchema.nullable(),
  refunds: z.array(refundSchema),
  /** Sum of the completed refunds (gateway, gift card, by hand). */
  refundedAmount: z.number(),
  /** What the shopper may do now. */
  canCancel: z.boolean(),
  canReturn: z.boolean(),
  /** Whether the order may be hidden from the list (never paid, or cancelled). */
  canDelete: z.boolean(),
  /** End of the return window (ISO) once delivered, else null. */
  returnableUntil: z.string().nullable(),
  invoiceAvailable: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /orders/{id}/payment-status. */
export const paymentStatusResultSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentGateway: z.enum(PAYMENT_METHODS),
  paymentUrl: z.string().nullable(),
});
export type PaymentStatusResult = z.infer<typeof paymentStatusResultSchema>;

/** GET /orders/checkout-options: what the checkout may offer right now. */
export const checkoutOptionsSchema = z.object({
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** Largest amount payable by cash on delivery (rupees); null when COD is off. */
  codMaxAmount: z.number().nullable(),
  pricesIncludeTax: z.boolean(),
  /** GST state code of the store: ship-to addresses in this state pay CGST + SGST. */
  storeState: z.string(),
  /** Minutes an online payment may take before the order is released. */
  paymentTimeoutMinutes: z.number(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/** A short page of the shopper's orders (GET /orders/my-orders). */
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  meta: z.object({ currentPage: z.number(), totalPages: z.number(), limit: z.number(), total: z.number() }),
});
