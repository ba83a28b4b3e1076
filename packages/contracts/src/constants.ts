/**
 * Business constants (behaviour.md §9), shared by the API and the storefront.
 * Durations are in milliseconds unless the name says otherwise.
 */
export const SHOP_PAGE_SIZE = 15;
export const COLLECTIONS_PAGE_SIZE = 10;
export const REVIEWS_DEFAULT_PAGE = 1;
export const REVIEWS_DEFAULT_LIMIT = 10;
/** A review's limits (behaviour.md §3 Review): characters, photos, bytes and MIME types. */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 5;
/** Answers to "How was the fit?" (docs/shopper-features.md "Size charts and fit"). */
export const REVIEW_FITS = ['small', 'true_to_size', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];
/** Largest review photo, in bytes. */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const RELATED_PRODUCTS_LIMIT = 10;
export const RELATED_PRODUCTS_TIMEOUT_MS = 8000;
export const COMMERCE_PRODUCT_PAGE_SIZE = 12;
export const WISHLIST_PAGE_SIZE = 10;
export const PRODUCT_FETCH_THROTTLE_MS = 500;
/** Default price filter range in rupees until the data's own range is known (behaviour.md §9). */
export const DEFAULT_PRICE_RANGE = { min: 0, max: 1000 } as const;
export const GUEST_ID_PREFIX = 'guest_';
export const GUEST_ID_RANDOM_LENGTH = 25;
/** `guest_` plus 25 lowercase letters or digits (behaviour.md §4, §9). */
export const GUEST_ID_PATTERN = new RegExp(`^${GUEST_ID_PREFIX}[a-z0-9]{${GUEST_ID_RANDOM_LENGTH}}$`);
/** Whether `value` is a guest id of that form. */
export function isGuestId(value: unknown): value is string {
  return typeof value === 'string' && GUEST_ID_PATTERN.test(value);
}
export const COUNTRY = { name: 'India', code: 'IN' } as const;
export const CURRENCY_CODE = 'INR';
/** GST rate of the India region, in percent (behaviour.md §3, §9). */
export const TAX_RATE_PERCENT = 18;
export const AUTH_TOKEN_STORAGE_NAME = 'auth_token';
export const GOOGLE_LOGIN_REDIRECT_MS = 500;
export const PERSISTENCE_TIMEOUT_MS = 5000;
export const UNAUTHORIZED_DEBOUNCE_MS = 3000;
export const RECENTLY_VIEWED = { maxEntries: 10, maxAgeDays: 7 } as const;
export const VISITED_PRODUCTS = { maxEntries: 20, maxAgeDays: 30 } as const;
export const TOAST = { successMs: 2000, errorMs: 4000, widthPx: 320, position: 'top-center' } as const;
/** Largest page a list endpoint serves; larger requests are clamped to it. */
export const MAX_PAGE_LIMIT = 100;
/** File extensions that mark a media URL as a video (behaviour.md §9). */
export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;

export const REGION = {
  id: 'india_region',
  name: 'India',
  currency_code: 'inr',
  tax_rate: TAX_RATE_PERCENT,
  countries: [{ iso_2: 'in', display_name: 'India' }],
} as const;
/**
 * Most of one size a single cart line may hold, whatever the stock. Here, beside the other
 * plain values, so the storefront's product page can read it without the cart's schemas.
 */
export const MAX_LINE_QUANTITY = 20;

/**
 * Most addresses in a shopper's address book. Here, beside the other plain values, so the
 * storefront's checkout can render its address form without the checkout's schemas.
 */
export const MAX_SAVED_ADDRESSES = 10;
