/**
 * Shapes of a product's photos in the admin (docs/admin.md "Product images"): upload, order,
 * primary and removal. The API re-encodes each upload into PRODUCT_IMAGE_WIDTHS in WebP and
 * JPEG; the storefront reads only `{ url, isPrimary }` (imageSchema).
 */
import { z } from 'zod';

/** Widths in pixels the API derives from an upload (never wider than the upload itself). */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** Largest upload, in bytes. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Shortest side an upload may have, in pixels: smaller looks blurred on the product page. */
export const PRODUCT_IMAGE_MIN_SIDE_PX = 400;
/** Photos one product may have. */
export const PRODUCT_IMAGES_MAX = 12;
/** Files one upload request may carry; the admin sends one per request to show each one's progress. */
export const PRODUCT_IMAGE_FILES_PER_REQUEST = 10;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PRODUCT_IMAGE_MESSAGES = {
  type: 'A product photo must be a JPEG, PNG or WebP image.',
  tooLarge: `A product photo may be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  tooSmall: `A product photo must be at least ${PRODUCT_IMAGE_MIN_SIDE_PX} pixels on its shorter side.`,
  unreadable: 'This photo could not be read. Save it again as JPEG, PNG or WebP.',
  noFile: 'Choose a photo to upload.',
  tooManyFiles: `Send at most ${PRODUCT_IMAGE_FILES_PER_REQUEST} photos at once.`,
  tooMany: `A product may have at most ${PRODUCT_IMAGES_MAX} photos.`,
  duplicate: 'This photo is already on the product.',
  notFound: 'This photo is not on the product.',
  order: 'List every photo of the product once, in the new order.',
  lastPhotoOnSale: 'A product on sale needs a photo. Add another photo or take it off sale first.',
} as const;

/** A derived file: its width in pixels, its format and its URL. */
export const productImageVariantSchema = z.object({
  width: z.number().int(),
  format: z.enum(['webp', 'jpeg']),
  url: z.string(),
});

/**
 * A product photo as the admin shows it: `id` names it in the routes, `url` is what the
 * storefront shows (the widest JPEG of an upload); photos of the seeded catalogue or the CSV
 * import have no size nor variants.
 */
export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  isPrimary: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(productImageVariantSchema),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** PUT /admin/api/products/:id/images/order: every photo's id, in the new order. */
export const productImageOrderBodySchema = z.object({
  ids: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(PRODUCT_IMAGES_MAX * 10),
});
export type ProductImageOrderBody = z.infer<typeof productImageOrderBodySchema>;
