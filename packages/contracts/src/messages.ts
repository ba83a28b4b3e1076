/**
 * User-facing messages (behaviour.md §5, §8), word for word. The API answers with these and
 * the storefront shows them; never reword one in place.
 */
import { formatPrice } from './money';
import { CART_MESSAGES } from './cart-messages';
import { CATALOG_MESSAGES } from './catalog-messages';
import { SIZING_MESSAGES } from './sizing-constants';
import { DELIVERY_MESSAGES } from './delivery-messages';
import { GSTIN_MESSAGES } from './gstin-messages';
import { AUTH_MESSAGES } from './auth-messages';
import { WISHLIST_MESSAGES } from './wishlist-messages';
import { REVIEW_MESSAGES } from './review-messages';

// In modules of their own, so a bundle that needs only these (the storefront's every page)
// does not take every message with them.
export * from './cart-messages';
export * from './catalog-messages';
export * from './generic-messages';
export * from './auth-messages';
export * from './wishlist-messages';
export * from './review-messages';

/** Messages for fields that fail validation, shown to the person who typed them. */
export const VALIDATION_MESSAGES = {
  email: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  phone: 'Please enter a valid 10-digit Indian mobile number.',
  name: 'Please enter your name.',
  nameTooLong: 'Names can be at most 100 characters.',
  otp: 'The code is the 6 digits from the email.',
  smsOtp: 'The code is the 6 digits from the SMS.',
  gender: 'Please choose female, male or other.',
  dateOfBirth: 'Please enter a real date of birth (YYYY-MM-DD).',
  street: 'Please enter the street address (up to 300 characters).',
  city: 'Please enter the city.',
  state: 'Please enter the state.',
  postalCode: DELIVERY_MESSAGES.pincode,
  country: 'We ship within India only.',
  addresses: 'You can save at most 10 addresses.',
  googleToken: 'The Google credential is missing.',
  currentPassword: 'Please enter your current password.',
  locale: 'Please choose English (en) or Hindi (hi) as the language.',
} as const;

/** 413 for a photo of more than `maxMegapixels` million pixels (decoding it would take gigabytes of memory). */
export function photoTooManyPixels(maxMegapixels: number): string {
  return `This photo is too large (over ${maxMegapixels} megapixels). Please send a smaller one.`;
}

/** 413 when an upload would take one account's files (photos, videos) past its quota of `quotaMb` MB. */
export function uploadQuotaExceeded(quotaMb: number): string {
  return `Your account has reached its upload limit of ${quotaMb} MB. Please send fewer or smaller files.`;
}

/** Coupons (behaviour.md §8 Coupons and taxes) and the API's own coupon answers. Amounts in rupees. */
export const COUPON_MESSAGES = {
  apply: 'Failed to apply coupon',
  notFound: 'Coupon not found',
  codeRequired: 'Please enter a coupon code.',
  oneAtATime: 'Only one coupon can be used at a time.',
  notStarted: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been fully redeemed.',
  alreadyUsed: 'You have already used this coupon.',
  firstOrderOnly: 'This coupon is only for your first order.',
  notEligible: 'This coupon does not apply to the items in your cart.',
  loginRequired: 'Please log in to use this coupon.',
  giftCardApply: 'Failed to apply gift card',
  giftCardNotFound: 'Gift card not found',
  giftCardExpired: 'This gift card has expired.',
  giftCardEmpty: 'This gift card has no balance left.',
  giftCardNothingToPay: 'There is nothing left to pay with a gift card.',
  giftCardNotCoupon: 'This is a gift card code. Please enter it in the gift card field.',
  couponNotGiftCard: 'This is a coupon code. Please enter it in the coupon field.',
  itemsRequired: 'Please add items to apply a coupon.',
  applied: 'Coupon applied',
  giftCardApplied: 'Gift card applied',
} as const;

/** Taxes (behaviour.md §5, §8 Coupons and taxes). */
export const TAX_MESSAGES = {
  validSubtotal: 'Valid subtotal is required',
  calculate: 'Failed to calculate taxes',
  countryNotSupported: 'We ship within India only.',
  unknownState: 'Please choose a valid Indian state.',
} as const;

/** Shipping addresses and the address book (behaviour.md §3 Order.shippingAddress). */
export const ADDRESS_MESSAGES = {
  pincodeUnknown: 'We could not find this pincode. Please check it.',
  notFound: 'Address not found',
  limit: 'You can save at most 10 addresses.',
  saved: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  defaultSet: 'Default address updated',
} as const;

/** 400 when the pincode belongs to another state than the one given. */
export function pincodeStateMismatch(pincode: string, pincodeState: string): string {
  return `Pincode ${pincode} is in ${pincodeState}. Please check the state or the pincode.`;
}

/** Orders and payments (behaviour.md §5, §8 Orders). */
export const ORDER_MESSAGES = {
  create: 'Failed to create order',
  fetch: 'Failed to fetch orders',
  cancel: 'Failed to cancel order',
  requestReturn: 'Failed to request return',
  requestPartialReturn: 'Failed to request partial return',
  invoice: 'Failed to generate invoice',
  track: 'Failed to track order',
  details: 'Failed to fetch order details',
  invalidResponse: 'Invalid response format from server',
  delete: 'Failed to delete order',
  confirmation: 'Failed to send order confirmation',
  status: 'Failed to fetch order status',
  paymentMethodRequired: 'Payment method is required',
  notFound: 'Order not found',
  itemsRequired: 'Your cart is empty. Add something to place an order.',
  tooManyLines: 'An order can hold at most 50 different items.',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  gatewayUnavailable: 'This payment method is not available right now. Please choose another.',
  paymentStartFailed: 'We could not start the payment. Please try again.',
  created: 'Order placed',
  paymentNotFound: 'Payment not found',
  cancelled: 'Order cancelled',
  cancelReasonRequired: 'Please tell us why you are cancelling.',
  returnReasonRequired: 'Please choose a reason for the return.',
  returnItemsRequired: 'Choose at least one item to return.',
  alreadyCancelled: 'This order is already cancelled.',
  cancelTooLate: 'This order has shipped and can no longer be cancelled. You can return it once it is delivered.',
  cancelNotAllowed: 'This order can no longer be cancelled.',
  deleted: 'Order removed from your list',
  deleteNotAllowed: 'Only orders that were never paid, or were cancelled, can be removed.',
  returnRequested: 'Return requested',
  returnNotDelivered: 'A return can be requested once the order is delivered.',
  returnInProgress: 'This order already has a return in progress.',
  returnNothingLeft: 'Everything returnable in this order has already been returned.',
  returnFileType: 'Photos must be JPEG, PNG or WebP and videos MP4 or WebM.',
  returnFileTooLarge: 'Each photo or video must be 5 MB or smaller.',
  returnTooManyFiles: 'Add at most 5 photos or videos.',
  returnNotFound: 'Return request not found',
  returnItemUnknown: 'Choose only items that are in this return.',
  invoiceNotPaid: 'The invoice is available once the order is paid.',
  invoiceNotPacked: 'The invoice of a cash on delivery order is available once it is packed.',
  codOnly: 'Only a cash on delivery order has cash to collect.',
  codNotOut: 'Cash is collected at the door: mark it once the order has shipped.',
  codAlreadyCollected: 'The cash of this order is already recorded as collected.',
  codRefusedReason: 'Refused at delivery: the cash was not collected.',
  codCollected: 'Cash recorded as collected',
  creditNoteNotReady: 'The credit note is available once the return is refunded.',
  trackingUnavailable: 'Tracking is not available right now. Please try again later.',
  trackingUrlInvalid: 'The tracking link must be an http:// or https:// address.',
  tooManyAttempts: 'You have tried to place many orders in a short time. Please wait a while and try again.',
} as const;

/** 409 when a shopper already holds `max` online orders waiting for payment (each holds stock). */
export function unpaidOrdersLimit(max: number): string {
  return max === 1
    ? 'You have an order waiting for payment. Pay for or cancel it before placing another.'
    : `You have ${max} orders waiting for payment. Pay for or cancel one of them before placing another.`;
}

/** 400 when a return is asked for after its window closed (`until`: the last day, as shown). */
export function returnWindowClosed(until: string): string {
  return `The return window for this order closed on ${until}.`;
}

/** 400 when an item of a non-returnable category (innerwear and the like) is in a return. */
export function itemNotReturnable(name: string): string {
  return `${name} cannot be returned.`;
}

/** 400 when a return asks for more pieces than were bought less those already returned. */
export function returnQuantityExceeded(name: string, available: number): string {
  return available <= 0 ? `${name} has already been returned.` : `You can return at most ${available} of ${name}.`;
}

/** 409 when the operator asks for a change the order's lifecycle does not allow. */
export function transitionNotAllowed(from: string, to: string): string {
  return `An order that is ${from.replace(/_/g, ' ')} cannot become ${to.replace(/_/g, ' ')}.`;
}

/** 409 when an order line asks for more than is in stock. */
export function orderOutOfStock(name: string, size: string, available: number): string {
  return available <= 0
    ? `${name} (size ${size}) is out of stock.`
    : `Only ${available} left of ${name} (size ${size}).`;
}

/** 400 when cash on delivery is chosen above its limit. */
export function codLimitExceeded(maxAmount: number): string {
  return `Cash on delivery is available for orders up to ${formatPrice(maxAmount)}. Please pay online.`;
}

/** 400 when a coupon's minimum order is not reached yet. */
export function couponMinimumOrder(minOrder: number): string {
  return `Add items worth ${formatPrice(minOrder)} or more to use this coupon.`;
}

/** The commerce backend (behaviour.md §5 region, §7 Commerce backend, §8 Commerce SDK errors). */
export const COMMERCE_MESSAGES = {
  regionNotSet: 'Region is not set',
  regionNotFound: 'Region not found',
  /** Medusa's own texts for a missing and an unknown publishable key. */
  publishableKeyRequired: 'Publishable API key required in the request header: x-publishable-api-key.',
  publishableKeyInvalid: 'A valid publishable key is required to proceed with the request',
} as const;

/** 400 when `fields` names fields the answer does not have (Medusa's text). */
export function commerceFieldsNotValid(fields: readonly string[]): string {
  return `Requested fields [${fields.join(', ')}] are not valid`;
}

/**
 * Every message above that a validation failure may carry. The API's error handler answers
 * these as they are, without the field path it adds to generic validation messages.
 */
export const PERSON_FACING_VALIDATION_MESSAGES: ReadonlySet<string> = new Set([
  ...Object.values(VALIDATION_MESSAGES),
  AUTH_MESSAGES.fillAllFields,
  CART_MESSAGES.invalidGuestId,
  CART_MESSAGES.productRequired,
  CART_MESSAGES.variantRequired,
  CART_MESSAGES.quantity,
  CART_MESSAGES.quantityTooLarge,
  WISHLIST_MESSAGES.productRequired,
  WISHLIST_MESSAGES.variantInvalid,
  WISHLIST_MESSAGES.invalidId,
  REVIEW_MESSAGES.productRequired,
  REVIEW_MESSAGES.rating,
  REVIEW_MESSAGES.title,
  REVIEW_MESSAGES.body,
  SIZING_MESSAGES.fit,
  CATALOG_MESSAGES.invalidCategoryId,
  COUPON_MESSAGES.codeRequired,
  COUPON_MESSAGES.notFound,
  COUPON_MESSAGES.itemsRequired,
  TAX_MESSAGES.validSubtotal,
  TAX_MESSAGES.countryNotSupported,
  TAX_MESSAGES.unknownState,
  ORDER_MESSAGES.paymentMethodRequired,
  ORDER_MESSAGES.itemsRequired,
  ORDER_MESSAGES.tooManyLines,
  ORDER_MESSAGES.invalidIdempotencyKey,
  ORDER_MESSAGES.cancelReasonRequired,
  ORDER_MESSAGES.returnReasonRequired,
  ORDER_MESSAGES.returnItemsRequired,
  GSTIN_MESSAGES.format,
  GSTIN_MESSAGES.checksum,
  GSTIN_MESSAGES.businessNameTooLong,
]);
