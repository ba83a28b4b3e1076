import {
  COUPON_MESSAGES,
  ORDER_MESSAGES,
  type Address,
  type CartItem,
  type CheckoutQuote,
  type CheckoutQuoteBody,
  type PaymentMethod,
} from '@vastra/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { asFailure } from '@/lib/api/browser/api';
import { checkoutApi } from '@/lib/api/browser/checkout';
import { orderableLines } from '@/lib/cart-lines';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { loggedOut } from './auth-slice';
import { createAppAsyncThunk, errorMessage } from './thunk';

/**
 * The checkout of behaviour.md §4 ("Coupons and gift cards can be applied or removed; checkout
 * state can be reset") as the browser owns it: which address the order goes to, the coupon and
 * gift card codes the shopper applied, the payment method, the idempotency key of the order
 * being placed and the last order placed. Persisted like the other slices, so a reload keeps the
 * shopper's choices and, above all, the key of an attempt whose answer never arrived. What the
 * codes take off, the GST and the amount payable are the checkout quote's (one POST
 * /checkout/quote per change, cached by RTK Query); the calls in flight and their errors are
 * transient (CHECKOUT_TRANSIENT_FIELDS).
 */

/** One of the address book's addresses, or the new-address form. */
export type AddressChoice = { kind: 'saved'; id: string } | { kind: 'new' };
/** Where the order goes, as far as GST is concerned (behaviour.md §3 Tax result: by state, else by pincode). */
export type Destination = { state: string; postalCode: string } | null;
/** The two code fields of the checkout. */
export type CodeKind = 'coupon' | 'giftCard';

export type CheckoutState = {
  addressChoice: AddressChoice | null;
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

// Where the checkout's views (rendered before the store is there) find it too.
export { orderableLines };

/**
 * What a quote is asked for: the lines that can be bought, the two codes, the ship-to state and
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
 * The body of POST /checkout/quote, and with it the key of the cached quote: the same lines,
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
    // Only cash on delivery changes the quote (its fee): other choices share one cached quote.
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

/** The fallbacks of behaviour.md §8 for a code that could not be applied, per field. */
const CODE_MESSAGES = {
  coupon: { failed: COUPON_MESSAGES.apply, applied: COUPON_MESSAGES.applied },
  giftCard: { failed: COUPON_MESSAGES.giftCardApply, applied: COUPON_MESSAGES.giftCardApplied },
} as const;

/**
 * Applies a coupon or a gift card: one POST /checkout/quote with the new code in its field
 * (a new coupon replaces the one applied before). The code is kept when the quote took it;
 * otherwise the field says the quote's reason, else 'Failed to apply coupon' / 'Failed to
 * apply gift card' (behaviour.md §8), and the code applied before stays. The quote asked is the
 * one the page shows next, from the cache.
 */
export const applyCode = createAppAsyncThunk(
  'checkout/applyCode',
  async (
    { kind, code: rawCode, destination }: { kind: CodeKind; code: string; destination: Destination },
    { getState, dispatch, rejectWithValue },
  ) => {
    const code = rawCode.trim();
    if (!code) return rejectWithValue(COUPON_MESSAGES.codeRequired);
    const { cart, checkout } = getState();
    const lines = orderableLines(cart.cart);
    if (lines.length === 0) return rejectWithValue(COUPON_MESSAGES.itemsRequired);
    const body = quoteBody({
      lines,
      couponCode: kind === 'coupon' ? code : checkout.appliedCoupon,
      giftCardCode: kind === 'giftCard' ? code : checkout.giftCard,
      destination,
    });
    const request = dispatch(checkoutApi.endpoints.checkoutQuote.initiate(body));
    try {
      const quote = await request.unwrap();
      const applied = kind === 'coupon' ? quote.coupon?.code : quote.additionalCoupon?.code;
      if (!applied) return rejectWithValue(refusalOf(quote, kind) ?? CODE_MESSAGES[kind].failed);
      return { code: applied, message: CODE_MESSAGES[kind].applied };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CODE_MESSAGES[kind].failed));
    } finally {
      request.unsubscribe();
    }
  },
);

/**
 * After a change of the cart or the destination the quote may refuse a code applied before (a
 * coupon whose minimum is no longer met): the code goes, its field says why, and the quote
 * without it, which is this same quote, is cached under the new choices so it is not asked again.
 */
export const quoteSettled = createAppAsyncThunk(
  'checkout/quoteSettled',
  async ({ body, quote }: { body: CheckoutQuoteBody; quote: CheckoutQuote }, { dispatch }) => {
    const coupon = body.coupon ? refusalOf(quote, 'coupon') : null;
    const giftCard = body.additionalCoupon ? refusalOf(quote, 'giftCard') : null;
    if (!coupon && !giftCard) return;
    const settled: CheckoutQuoteBody = {
      ...body,
      coupon: coupon ? null : body.coupon,
      additionalCoupon: giftCard ? null : body.additionalCoupon,
    };
    const messages = quote.messages.filter((message) => message.field === 'items');
    dispatch(
      checkoutApi.util.upsertQueryEntries([
        { endpointName: 'checkoutQuote', arg: settled, value: { ...quote, messages } },
      ]),
    );
    dispatch(codesRefused({ coupon, giftCard }));
  },
);

/** The key of an attempt: the one already under way, else a new one. */
export function keyForAttempt(current: string | null, makeKey: () => string = newIdempotencyKey): string {
  return current ?? makeKey();
}

/** What the order is placed with besides the slice's choices: a business buyer's GSTIN and name, or neither. */
export type PlaceOrderInput = {
  shippingAddress: Address;
  saveAddress: boolean;
  buyerGstin?: string | null;
  buyerBusinessName?: string | null;
};

/**
 * POST /orders from the shopper's cart with the chosen address, payment method, coupon and gift
 * card (the API prices everything again itself). behaviour.md §5: no request without a payment method
 * ('Payment method is required'). One call at a time (a second click while one is in flight
 * does nothing), under one Idempotency-Key per attempt: a retry after an answer that never
 * came sends the same key and gets the same order; a refusal (4xx: no order was made) lets the
 * next attempt start with a new one. behaviour.md §8: the API's message, else 'Failed to create order'.
 */
export const placeOrder = createAppAsyncThunk(
  'checkout/placeOrder',
  async (input: PlaceOrderInput, { getState, dispatch, rejectWithValue }) => {
    const { checkout } = getState();
    if (!checkout.paymentMethod) return rejectWithValue(ORDER_MESSAGES.paymentMethodRequired);
    const idempotencyKey = keyForAttempt(checkout.idempotencyKey);
    dispatch(orderAttemptStarted(idempotencyKey));
    try {
      const answer = await dispatch(
        checkoutApi.endpoints.placeOrder.initiate({
          body: {
            shippingAddress: input.shippingAddress,
            paymentMethod: checkout.paymentMethod,
            coupon: checkout.appliedCoupon,
            additionalCoupon: checkout.giftCard,
            saveAddress: input.saveAddress,
            // Only a business buyer's order carries them.
            ...(input.buyerGstin ? { buyerGstin: input.buyerGstin, buyerBusinessName: input.buyerBusinessName } : {}),
          },
          idempotencyKey,
        }),
      );
      if (answer.error) {
        const failure = asFailure(answer.error);
        if (failure && failure.status >= 400 && failure.status < 500) dispatch(orderAttemptRefused());
        return rejectWithValue(errorMessage(answer.error, ORDER_MESSAGES.create));
      }
      if (!answer.data.order) return rejectWithValue(ORDER_MESSAGES.invalidResponse);
      return { order: answer.data.order, message: answer.data.message ?? ORDER_MESSAGES.created };
    } catch (error) {
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.create));
    }
  },
  { condition: (_, { getState }) => !getState().checkout.placing },
);

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** behaviour.md §4: checkout state can be reset (after an order, or when the shopper starts over). */
    resetCheckout: () => initialCheckoutState,
    addressChosen: (state, action: PayloadAction<AddressChoice | null>) => {
      state.addressChoice = action.payload;
    },
    paymentMethodChosen: (state, action: PayloadAction<PaymentMethod | null>) => {
      state.paymentMethod = action.payload;
      state.orderError = null;
    },
    /** behaviour.md §4: the coupon is removed; the quote follows. */
    couponRemoved: (state) => {
      state.appliedCoupon = null;
      state.couponError = null;
    },
    giftCardRemoved: (state) => {
      state.giftCard = null;
      state.giftCardError = null;
    },
    /** The quote refused codes applied before: each goes, and its field says why. */
    codesRefused: (state, { payload }: PayloadAction<{ coupon: string | null; giftCard: string | null }>) => {
      if (payload.coupon) {
        state.appliedCoupon = null;
        state.couponError = payload.coupon;
      }
      if (payload.giftCard) {
        state.giftCard = null;
        state.giftCardError = payload.giftCard;
      }
    },
    /** An attempt starts with this key, unless one under way already has a key (kept, so a retry is the same attempt). */
    orderAttemptStarted: (state, action: PayloadAction<string>) => {
      state.idempotencyKey = keyForAttempt(state.idempotencyKey, () => action.payload);
    },
    /** The API refused the attempt: no order was made, and the next attempt is a new one. */
    orderAttemptRefused: (state) => {
      state.idempotencyKey = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // A logged-out shopper's choices are not the next one's.
      .addCase(loggedOut, () => initialCheckoutState)
      .addCase(applyCode.pending, (state, { meta }) => {
        if (meta.arg.kind === 'coupon') {
          state.couponBusy = true;
          state.couponError = null;
        } else {
          state.giftCardBusy = true;
          state.giftCardError = null;
        }
      })
      .addCase(applyCode.fulfilled, (state, { payload, meta }) => {
        if (meta.arg.kind === 'coupon') {
          state.couponBusy = false;
          state.appliedCoupon = payload.code;
        } else {
          state.giftCardBusy = false;
          state.giftCard = payload.code;
        }
      })
      .addCase(applyCode.rejected, (state, { payload, meta }) => {
        if (meta.arg.kind === 'coupon') {
          state.couponBusy = false;
          state.couponError = payload ?? COUPON_MESSAGES.apply;
        } else {
          state.giftCardBusy = false;
          state.giftCardError = payload ?? COUPON_MESSAGES.giftCardApply;
        }
      })
      .addCase(placeOrder.pending, (state) => {
        state.placing = true;
        state.orderError = null;
      })
      // behaviour.md §4: after an order the checkout starts afresh; only the order placed is remembered.
      .addCase(placeOrder.fulfilled, (_, { payload }) => ({ ...initialCheckoutState, lastOrderId: payload.order.id }))
      .addCase(placeOrder.rejected, (state, action) => {
        // A click ignored because an attempt is under way leaves that attempt alone.
        if (action.meta.condition) return;
        state.placing = false;
        state.orderError = action.payload ?? ORDER_MESSAGES.create;
      });
  },
});

export const {
  resetCheckout,
  addressChosen,
  paymentMethodChosen,
  couponRemoved,
  giftCardRemoved,
  codesRefused,
  orderAttemptStarted,
  orderAttemptRefused,
} = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;
