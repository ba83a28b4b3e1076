import {
  COUPON_MESSAGES,
  type CartItem,
  type CheckoutQuote,
  type CheckoutQuoteBody,
  type PaymentMethod,
} from '@vastra/contracts';
import { CHECKOUT_STORAGE_KEY } from '@/lib/checkout-storage';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { AddressChoice, AddressDraft, Destination } from './address-draft';
import type { BusinessDraft } from './business-draft';

/**
 * The checkout of behaviour.md §4 ("Coupons and gift cards can be applied or removed; checkout
 * state can be reset") as the browser owns it: which address the order goes to
 * and the new address as typed, the business buyer's fields, the coupon and gift card codes
 * applied, the payment method, the idempotency key of the order being placed and the last order
 * placed. Kept in localStorage under CHECKOUT_STORAGE_KEY for the shopper it belongs to, so a
 * reload or a trip to the payment page keeps the shopper's choices and, above all, the key of an
 * attempt whose answer never arrived; it is read before the checkout's controls are enabled
 * (the checkout's island renders only in the browser). What the codes take off, the GST and the
 * amount payable are the checkout quote's (quote-cache.ts); the calls in flight and their
 * errors are transient (CHECKOUT_TRANSIENT_FIELDS). The transitions are `checkoutReducer`'s.
 */

/** The two code fields of the checkout. */
export type CodeKind = 'coupon' | 'giftCard';

export type CheckoutState = {
  addressChoice: AddressChoice | null;
  /** The new-address form as typed; null: not typed yet (the form starts from the account's name and mobile). */
  addressDraft: AddressDraft | null;
  /** The business buyer's GSTIN and name as typed. */
  business: BusinessDraft;
  /** The coupon code applied (the quote says what it takes off), or null. */
  appliedCoupon: string | null;
  /** The gift card code applied on top of the coupon, or null. */
  giftCard: string | null;
  paymentMethod: PaymentMethod | null;
  /** The key of the order attempt under way; kept until that order exists or the API refuses it. */
  idempotencyKey: string | null;
  lastOrderId: string | null;
  couponBusy: boolean;
  couponError: string | null;
  giftCardBusy: boolean;
  giftCardError: string | null;
  placing: boolean;
  orderError: string | null;
};

/** What a reload starts afresh: calls in flight and their outcomes. */
export const CHECKOUT_TRANSIENT_FIELDS = [
  'couponBusy',
  'couponError',
  'giftCardBusy',
  'giftCardError',
  'placing',
  'orderError',
] as const satisfies readonly (keyof CheckoutState)[];

export const initialCheckoutState: CheckoutState = {
  addressChoice: null,
  addressDraft: null,
  business: { gstin: '', businessName: '' },
  appliedCoupon: null,
  giftCard: null,
  paymentMethod: null,
  idempotencyKey: null,
  lastOrderId: null,
  couponBusy: false,
  couponError: null,
  giftCardBusy: false,
  giftCardError: null,
  placing: false,
  orderError: null,
};

/** What happens to the checkout: the shopper's choices, and the calls of applyCode and placeOrder (checkout-actions.ts). */
export type CheckoutAction =
  /** behaviour.md §4: checkout state can be reset (the shopper starts over). */
  | { type: 'reset' }
  | { type: 'addressChosen'; choice: AddressChoice | null }
  | { type: 'addressTyped'; draft: AddressDraft }
  | { type: 'businessTyped'; business: BusinessDraft }
  | { type: 'paymentMethodChosen'; method: PaymentMethod | null }
  /** A code is on its way to the quote. */
  | { type: 'codeApplying'; kind: CodeKind }
  /** The quote took the code. */
  | { type: 'codeApplied'; kind: CodeKind; code: string }
  /** The quote (or the API) refused the code: the one applied before stays, and the field says why. */
  | { type: 'codeFailed'; kind: CodeKind; message: string }
  /** behaviour.md §4: the coupon (or gift card) is removed; the quote follows. */
  | { type: 'codeRemoved'; kind: CodeKind }
  /** The quote refused codes applied before (the cart or the address changed): each goes, and its field says why. */
  | { type: 'codesRefused'; coupon: string | null; giftCard: string | null }
  /** An attempt starts with this key, unless one under way already has a key (kept, so a retry is the same attempt). */
  | { type: 'orderAttemptStarted'; key: string }
  /** The API refused the attempt: no order was made, and the next attempt is a new one. */
  | { type: 'orderAttemptRefused' }
  | { type: 'orderPlacing' }
  /** behaviour.md §4: after an order the checkout starts afresh; only the order placed is remembered. */
  | { type: 'orderPlaced'; orderId: string }
  | { type: 'orderFailed'; message: string };

const CODE_FIELDS = {
  coupon: { code: 'appliedCoupon', busy: 'couponBusy', error: 'couponError' },
  giftCard: { code: 'giftCard', busy: 'giftCardBusy', error: 'giftCardError' },
} as const;

const sameChoice = (a: AddressChoice | null, b: AddressChoice | null) =>
  a === b ||
  (a !== null && b !== null && a.kind === b.kind && (a.kind === 'new' || (b.kind === 'saved' && a.id === b.id)));

/** The key of an attempt: the one already under way, else a new one. */
export function keyForAttempt(current: string | null, makeKey: () => string = newIdempotencyKey): string {
  return current ?? makeKey();
}

/** The checkout's transitions (behaviour.md §4). */
export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'reset':
      return initialCheckoutState;
    case 'addressChosen':
      return sameChoice(state.addressChoice, action.choice) ? state : { ...state, addressChoice: action.choice };
    case 'addressTyped':
      return { ...state, addressDraft: action.draft };
    case 'businessTyped':
      return { ...state, business: action.business };
    case 'paymentMethodChosen':
      return { ...state, paymentMethod: action.method, orderError: null };
    case 'codeApplying': {
      const field = CODE_FIELDS[action.kind];
      return { ...state, [field.busy]: true, [field.error]: null };
    }
    case 'codeApplied': {
      const field = CODE_FIELDS[action.kind];
      return { ...state, [field.busy]: false, [field.code]: action.code };
    }
    case 'codeFailed': {
      const field = CODE_FIELDS[action.kind];
      return { ...state, [field.busy]: false, [field.error]: action.message };
    }
    case 'codeRemoved': {
      const field = CODE_FIELDS[action.kind];
      return { ...state, [field.code]: null, [field.error]: null };
    }
    case 'codesRefused': {
      let next = state;
      if (action.coupon) next = { ...next, appliedCoupon: null, couponError: action.coupon };
      if (action.giftCard) next = { ...next, giftCard: null, giftCardError: action.giftCard };
      return next;
    }
    case 'orderAttemptStarted':
      return { ...state, idempotencyKey: keyForAttempt(state.idempotencyKey, () => action.key) };
    case 'orderAttemptRefused':
      return { ...state, idempotencyKey: null };
    case 'orderPlacing':
      return { ...state, placing: true, orderError: null };
    case 'orderPlaced':
      return { ...initialCheckoutState, lastOrderId: action.orderId };
    case 'orderFailed':
      return { ...state, placing: false, orderError: action.message };
  }
}

/**
 * What is asked for a quote: the lines that can be bought, the two codes, the ship-to state and
 * pincode and the payment method chosen (the COD fee applies only to cash on delivery).
 */
export type QuoteInput = {
  lines: readonly CartItem[];
  couponCode: string | null;
  giftCardCode: string | null;
  destination: Destination;
  paymentMethod?: PaymentMethod | null;
};

/**
 * The body of POST /checkout/quote, and with it the key of the kept quote: the same lines,
 * codes and destination give the same body, so nothing is asked twice.
 */
export function quoteBody({
  lines,
  couponCode,
  giftCardCode,
  destination,
  paymentMethod,
}: QuoteInput): CheckoutQuoteBody {
  return {
    // Only cash on delivery changes the quote (its fee): other choices share one kept quote.
    ...(paymentMethod === 'cod' ? { paymentMethod } : {}),
    items: lines.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity })),
    coupon: couponCode,
    additionalCoupon: giftCardCode,
    stateCode: destination?.state || null,
    zipCode: destination?.postalCode || null,
  };
}

/** The quote field of each code, as its messages name it. */
const QUOTE_FIELD = { coupon: 'coupon', giftCard: 'additionalCoupon' } as const;

/** Why the quote left a code out (behaviour.md §8: the reason to show under its field), or null. */
export function refusalOf(quote: CheckoutQuote, kind: CodeKind): string | null {
  return quote.messages.find((message) => message.field === QUOTE_FIELD[kind])?.message ?? null;
}

/**
 * After a change of the cart or the destination the quote may refuse a code applied before (a
 * coupon whose minimum is no longer met): which codes go with the reason to show, and the quote
 * without them, which is this same quote, to keep under the body without them so it is not asked
 * again. Null when the quote refused nothing it was asked with.
 */
export function settleQuote(
  body: CheckoutQuoteBody,
  quote: CheckoutQuote,
): {
  refused: { coupon: string | null; giftCard: string | null };
  body: CheckoutQuoteBody;
  quote: CheckoutQuote;
} | null {
  const coupon = body.coupon ? refusalOf(quote, 'coupon') : null;
  const giftCard = body.additionalCoupon ? refusalOf(quote, 'giftCard') : null;
  if (!coupon && !giftCard) return null;
  return {
    refused: { coupon, giftCard },
    body: { ...body, coupon: coupon ? null : body.coupon, additionalCoupon: giftCard ? null : body.additionalCoupon },
    quote: { ...quote, messages: quote.messages.filter((message) => message.field === 'items') },
  };
}

/** The behaviour.md §8 fallbacks of a code that could not be applied, and the toast of one that was, per field. */
export const CODE_MESSAGES = {
  coupon: { failed: COUPON_MESSAGES.apply, applied: COUPON_MESSAGES.applied },
  giftCard: { failed: COUPON_MESSAGES.giftCardApply, applied: COUPON_MESSAGES.giftCardApplied },
} as const;

/** What is stored: the state without its transient fields, and whose checkout it is. */
type StoredCheckout = Omit<CheckoutState, (typeof CHECKOUT_TRANSIENT_FIELDS)[number]> & { userId: string };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function choiceOf(value: unknown): AddressChoice | null {
  if (!isObject(value)) return null;
  if (value.kind === 'new') return { kind: 'new' };
  return value.kind === 'saved' && typeof value.id === 'string' ? { kind: 'saved', id: value.id } : null;
}

function fieldsOf<T extends Record<string, string>>(value: unknown, empty: T): T | null {
  if (!isObject(value)) return null;
  const fields = Object.keys(empty).map((key) => [key, text(value[key])] as const);
  return fields.every(([, field]) => field !== null) ? (Object.fromEntries(fields) as T) : null;
}

/** Every payment method, checked against the contracts' list by the compiler (no zod is loaded for it). */
const METHODS: Record<PaymentMethod, true> = { sandbox: true, phonepe: true, razorpay: true, cod: true };
const isMethod = (value: string | null): value is PaymentMethod => value !== null && Object.hasOwn(METHODS, value);

const EMPTY_DRAFT: AddressDraft = {
  firstName: '',
  lastName: '',
  street: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
};

/**
 * The checkout `userId` left in `storage`, or the initial state when none is stored, it is
 * another shopper's (a logout or a login in between: one shopper's choices are not the next
 * one's) or it cannot be read. Each field is taken only when it has its shape.
 */
export function loadCheckout(storage: Storage, userId: string): CheckoutState {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(CHECKOUT_STORAGE_KEY) ?? 'null');
  } catch {
    return initialCheckoutState;
  }
  if (!isObject(stored) || stored.userId !== userId) return initialCheckoutState;
  const method = text(stored.paymentMethod);
  return {
    ...initialCheckoutState,
    addressChoice: choiceOf(stored.addressChoice),
    addressDraft: fieldsOf(stored.addressDraft, EMPTY_DRAFT),
    business: fieldsOf(stored.business, initialCheckoutState.business) ?? initialCheckoutState.business,
    appliedCoupon: text(stored.appliedCoupon),
    giftCard: text(stored.giftCard),
    paymentMethod: isMethod(method) ? method : null,
    idempotencyKey: text(stored.idempotencyKey),
    lastOrderId: text(stored.lastOrderId),
  };
}

/** Keeps `state` (without its transient fields) as `userId`'s checkout in `storage`. */
export function saveCheckout(storage: Storage, userId: string, state: CheckoutState): void {
  const kept: Record<string, unknown> = { ...state, userId } satisfies StoredCheckout & Partial<CheckoutState>;
  for (const field of CHECKOUT_TRANSIENT_FIELDS) delete kept[field];
  try {
    storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(kept));
  } catch (error) {
    // A full or blocked storage costs the kept choices, not the checkout.
    console.error('The checkout could not be kept in browser storage', error);
  }
}
