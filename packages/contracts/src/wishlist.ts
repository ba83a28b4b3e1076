/**
 * Shapes of the wishlist API (behaviour.md §3 Wishlist entry, §7 Wishlist). Money in rupees.
 */
import { z } from 'zod';
import { WISHLIST_PAGE_SIZE } from './constants';
import { imageSchema, pageQuerySchema } from './catalog';
import { WISHLIST_MESSAGES } from './messages';

/** Most entries one wishlist keeps. */
export const WISHLIST_MAX_ITEMS = 200;

export const wishlistQuerySchema = pageQuerySchema(WISHLIST_PAGE_SIZE);

/** POST /wishlist/add. Without a variant (a heart on a card) the product's first size in stock is kept. */
export const addToWishlistBodySchema = z.object({
  productId: z.uuid({ message: WISHLIST_MESSAGES.productRequired }),
  variantId: z.uuid({ message: WISHLIST_MESSAGES.variantInvalid }).optional(),
});
export type AddToWishlistBody = z.infer<typeof addToWishlistBodySchema>;

export const wishlistEntrySchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  createdAt: z.string(),
  product: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    brand: z.string(),
    isActive: z.boolean(),
    primaryImage: imageSchema.nullable(),
  }),
  variant: z.object({
    id: z.string(),
    sku: z.string(),
    size: z.string(),
    color: z.string(),
    price: z.number(),
    mrp: z.number(),
    inStock: z.boolean(),
    images: z.array(imageSchema),
  }),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** behaviour.md §3 wishlist meta. */
export const wishlistMetaSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  limit: z.number().int(),
});

export const wishlistPageSchema = z.object({
  wishlist: z.array(wishlistEntrySchema),
  /** Entries in the whole wishlist, not only this page. */
  count: z.number().int(),
  meta: wishlistMetaSchema,
});
export type WishlistPage = z.infer<typeof wishlistPageSchema>;

/** GET /wishlist/ids: which products and sizes are wishlisted, for the hearts on cards. */
export const wishlistIdsSchema = z.object({
  entries: z.array(z.object({ id: z.string(), productId: z.string(), variantId: z.string() })),
});
