/**
 * Shapes of the cart API (behaviour.md §3 Cart, §7 Cart). Money in rupees; the API converts from paise at
 * its edge. A cart belongs to a logged-in user or to a guest id (behaviour.md §4 Guest cart).
 */
import { z } from 'zod';
import { GUEST_ID_PATTERN, MAX_LINE_QUANTITY } from './constants';
import { imageSchema } from './catalog';
import { CART_MESSAGES } from './messages';

export const guestIdSchema = z.string({ message: CART_MESSAGES.invalidGuestId }).regex(GUEST_ID_PATTERN, {
  message: CART_MESSAGES.invalidGuestId,
});

/** Guest carts nobody has touched for this long are removed (behaviour.md §4 Guest cart). */
export const GUEST_CART_TTL_DAYS = 30;

export const quantitySchema = z
  .number({ message: CART_MESSAGES.quantity })
  .int({ message: CART_MESSAGES.quantity })
  .min(1, { message: CART_MESSAGES.quantity })
  .max(MAX_LINE_QUANTITY, { message: CART_MESSAGES.quantityTooLarge });

const uuidOf = (message: string) => z.uuid({ message });

/** POST /cart/add. `guestId` is needed only when nobody is logged in. */
export const addToCartBodySchema = z.object({
  productId: uuidOf(CART_MESSAGES.productRequired),
  variantId: uuidOf(CART_MESSAGES.variantRequired),
  quantity: quantitySchema.default(1),
  guestId: guestIdSchema.optional(),
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/** PUT /cart/items/{id}. A `userId` in the body is ignored: the session says who is calling. */
export const updateCartItemBodySchema = z.object({
  quantity: quantitySchema,
  guestId: guestIdSchema.optional(),
  userId: z.string().optional(),
});
export type UpdateCartItemBody = z.infer<typeof updateCartItemBodySchema>;

/** Bodies (or queries) that only say whose cart: DELETE /cart/items/{id}, DELETE /cart/clear, GET /cart. */
export const cartOwnerSchema = z.object({ guestId: guestIdSchema.optional() });

/** POST /cart/merge. */
export const mergeCartBodySchema = z.object({ guestId: guestIdSchema });

export const cartVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  images: z.array(imageSchema),
  price: z.number(),
  mrp: z.number(),
  stock: z.number().int(),
  inStock: z.boolean(),
});
export type CartVariant = z.infer<typeof cartVariantSchema>;

export const cartProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  isActive: z.boolean(),
  primaryImage: imageSchema.nullable(),
  images: z.array(imageSchema),
  variants: z.array(cartVariantSchema.omit({ images: true })),
});

export const cartItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  quantity: z.number().int(),
  product: cartProductSchema,
  variant: cartVariantSchema,
  /** Unit price now, and when the line was added; `priceChanged` when they differ. */
  price: z.number(),
  priceAtAdd: z.number(),
  priceChanged: z.boolean(),
  /** price × quantity, and MRP × quantity. */
  lineTotal: z.number(),
  lineMrpTotal: z.number(),
  /** False when the product was withdrawn or the size sold out; such lines are not counted in totals. */
  isAvailable: z.boolean(),
  /** True when fewer than `quantity` are left; checkout will refuse until it is lowered. */
  exceedsStock: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  /** Null until the first item is added: an empty cart is not stored. */
  id: z.string().nullable(),
  items: z.array(cartItemSchema),
  /** Pieces in the cart (quantities summed), as the header badge shows. */
  itemCount: z.number().int(),
  /** Sum of the available lines' totals, in rupees, before coupons and GST. */
  totalAmount: z.number(),
  totalMrp: z.number(),
  /**
   * Delivery as the cart stands (behaviour.md §4 Delivery charge and COD fee), rupees: the charge
   * (0 = free), the threshold of free delivery (null = none) and how much more would reach it.
   * Counted on totalAmount, before coupons: the checkout's quote has the final word. Absent in a
   * cart an older browser kept.
   */
  delivery: z.object({ charge: z.number(), freeFrom: z.number().nullable(), shortfall: z.number() }).optional(),
  isActive: z.boolean(),
  guestId: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;
