import {
  COUPON_MESSAGES,
  ORDER_MESSAGES,
  TAX_MESSAGES,
  type Address,
  type Cart,
  type CartItem,
  type PaymentMethod,
  type TaxResult,
} from '@vastra/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import { postCalculateTaxes, postOrder, postValidateCoupon } from '@/lib/api/checkout';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { loggedOut } from './auth-slice';
import type { RootState } from './store';
import { createAppAsyncThunk, errorMessage } from './thunk';

/**
 * The checkout of §4 ("Coupons and gift cards can be applied or removed; checkout state can be
 * reset"): which address the order goes to, the coupon and the gift card applied (with what
 * they take off), the payment method, the idempotency key of the order being placed and the
 * last order placed. Persisted like the other slices, so a reload keeps the shopper's choices
 * and, above all, the key of an attempt whose answer never arrived. The GST quote, the calls in
 * flight and their errors are transient (CHECKOUT_TRANSIENT_FIELDS). Money in rupees.
 */

/** A coupon as applied: its code and saving, and the cart it was quoted for (cartKey). */
export type AppliedCoupon = { code: string; discountAmount: number; description: string; quotedFor: string };
/**
 * A gift card as applied: the amount it pays of this order, its balance now and after the
 * order, and the amount it was quoted against (what was left to pay after the coupon and GST).
 */
export type AppliedGiftCard = {
  code: string;
  amount: number;
  balance: number | null;
  remainingBalance: number | null;
  quotedFor: number;
};
/** One of the address book's addresses, or the new-address form. */
export type AddressChoice = { kind: 'saved'; id: string } | { kind: 'new' };
/** Where the order goes, as far as GST is concerned (§3 Tax result: by state, else by pincode). */
export type Destination = { state: string; postalCode: string } | null;

export type CheckoutState = {
  addressChoice: AddressChoice | null;
  appliedCoupon: AppliedCoupon | null;
  giftCard: AppliedGiftCard | null;
  paymentMethod: PaymentMethod | null;
  /** The key of the order attempt under way; kept until that order exists or the API refuses it. */
  idempotencyKey: string | null;
  lastOrderId: string | null;
  /** The GST quote of the cart as it stands (POST /taxes/calculate), and what it was asked for. */
  taxes: TaxResult | null;
  taxesFor: string | null;
  quoteRequestId: string | null;
  quoting: boolean;
  taxError: string | null;
  couponBusy: boolean;
  couponError: string | null;
  giftCardBusy: boolean;
  giftCardError: string | null;
  placing: boolean;
  orderError: string | null;
};

/** What a reload starts afresh: the quote (asked again), calls in flight and their outcomes. */
export const CHECKOUT_TRANSIENT_FIELDS = [
  'taxes',
  'taxesFor',
  'quoteRequestId',
  'quoting',
  'taxError',
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
  taxes: null,
  taxesFor: null,
  quoteRequestId: null,
  quoting: false,
  taxError: null,
  couponBusy: false,
  couponError: null,
  giftCardBusy: false,
  giftCardError: null,
  placing: false,
  orderError: null,
};

/** The lines an order would hold: those that can be bought now (the cart's total counts only these). */
export function orderableLines(cart: Cart | null): CartItem[] {
  return (cart?.items ?? []).filter((item) => item.isAvailable);
}

/** What a coupon's saving depends on: each line's size, quantity and price. */
export function cartKey(lines: readonly CartItem[]): string {
  return lines
    .map((line) => `${line.variantId}x${line.quantity}@${line.price}`)
    .sort()
    .join(',');
}

const couponItems = (lines: readonly CartItem[]) =>
  lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    price: line.price,
  }));

/** Rupees to paise and back, so that differences of amounts are exact. */
const paise = (rupees: number) => Math.round(rupees * 100);

/** What is left to pay after the gift card: the order's total less what the card covers, never below 0. */
export function amountPayable(total: number, giftCard: Pick<AppliedGiftCard, 'amount'> | null): number {
  return Math.max(0, paise(total) - paise(giftCard?.amount ?? 0)) / 100;
}

/** The key of an attempt: the one already under way, else a new one. */
export function keyForAttempt(current: string | null, makeKey: () => string = newIdempotencyKey): string {
  return current ?? makeKey();
}

/** The message of a failed coupon or gift card call: the server's, else §8's for a 404 or any other failure. */
function codeError(error: unknown, notFound: string, failed: string): string {
  return errorMessage(error, error instanceof ApiError && error.status === 404 ? notFound : failed);
}

/**
 * POST /coupons/validate for the cart's lines. One coupon at a time: the one applied before is
 * sent as `prevoiusCode` and replaced. §8: the API's reason, else 'Coupon not found' (404) or
 * 'Failed to apply coupon'.
 */
export const applyCoupon = createAppAsyncThunk(
  'checkout/applyCoupon',
  async (rawCode: string, { getState, extra, rejectWithValue }) => {
    const code = rawCode.trim();
    if (!code) return rejectWithValue(COUPON_MESSAGES.codeRequired);
    const state = getState();
    const lines = orderableLines(state.cart.cart);
    if (lines.length === 0) return rejectWithValue(COUPON_MESSAGES.itemsRequired);
    try {
      const answer = await postValidateCoupon(extra.api, {
        code,
        items: couponItems(lines),
        subtotal: state.cart.cart?.totalAmount,
        prevoiusCode: state.checkout.appliedCoupon?.code ?? null,
        isGiftCard: false,
      });
      if (!answer.data) return rejectWithValue(COUPON_MESSAGES.apply);
      const coupon: AppliedCoupon = {
        code: answer.data.code,
        discountAmount: answer.data.discountAmount,
        description: answer.data.description,
        quotedFor: cartKey(lines),
      };
      return { coupon, message: answer.message ?? COUPON_MESSAGES.applied };
    } catch (error) {
      return rejectWithValue(codeError(error, COUPON_MESSAGES.notFound, COUPON_MESSAGES.apply));
    }
  },
);

/**
 * POST /coupons/validate with `isGiftCard`: how much of what is left to pay (the GST quote's
 * total) the card covers. Needs the quote first. §8: the API's reason, else 'Failed to apply gift card'.
 */
export const applyGiftCard = createAppAsyncThunk(
  'checkout/applyGiftCard',
  async (rawCode: string, { getState, extra, rejectWithValue }) => {
    const code = rawCode.trim();
    if (!code) return rejectWithValue(COUPON_MESSAGES.codeRequired);
    const { checkout } = getState();
    const toPay = checkout.taxes?.totalAmount;
    if (!toPay) return rejectWithValue(COUPON_MESSAGES.giftCardApply);
    try {
      const answer = await postValidateCoupon(extra.api, {
        code,
        isGiftCard: true,
        preDiscountAmount: toPay,
      });
      if (!answer.data) return rejectWithValue(COUPON_MESSAGES.giftCardApply);
      const giftCard: AppliedGiftCard = {
        code: answer.data.code,
        amount: answer.data.discountAmount,
        balance: answer.data.balance,
        remainingBalance: answer.data.remainingBalance,
        quotedFor: toPay,
      };
      return { giftCard, message: answer.message ?? COUPON_MESSAGES.giftCardApplied };
    } catch (error) {
      return rejectWithValue(codeError(error, COUPON_MESSAGES.giftCardNotFound, COUPON_MESSAGES.giftCardApply));
    }
  },
);

/** The outcome of a re-quote; coupon and gift card results name their code, so a newer choice is never overwritten. */
export type QuoteResult = {
  taxes: TaxResult | null;
  taxesFor: string | null;
  taxError: string | null;
  coupon: { code: string; applied: AppliedCoupon | null; error: string | null } | null;
  giftCard: { code: string; applied: AppliedGiftCard | null; error: string | null } | null;
};

/**
 * Re-quotes the order after the cart, the destination, the coupon or the gift card changed: the
 * coupon is checked again when the lines changed (it may no longer apply: it is removed with the
 * API's reason), GST is asked for the destination's state (POST /taxes/calculate; 'Failed to
 * calculate taxes'), and the gift card again when the amount left to pay changed. Each call is
 * made only when what it depends on changed. Only the newest re-quote is applied.
 */
export const refreshQuote = createAppAsyncThunk(
  'checkout/refreshQuote',
  async (destination: Destination, { getState, extra }): Promise<QuoteResult> => {
    const state = getState();
    const { appliedCoupon, giftCard, taxes, taxesFor } = state.checkout;
    const lines = orderableLines(state.cart.cart);
    const result: QuoteResult = { taxes: null, taxesFor: null, taxError: null, coupon: null, giftCard: null };
    if (lines.length === 0) return result;
    const key = cartKey(lines);

    let discount = appliedCoupon?.discountAmount ?? 0;
    if (appliedCoupon && appliedCoupon.quotedFor !== key) {
      try {
        const answer = await postValidateCoupon(extra.api, {
          code: appliedCoupon.code,
          items: couponItems(lines),
          subtotal: state.cart.cart?.totalAmount,
          isGiftCard: false,
        });
        if (!answer.data) throw new ApiError(500, COUPON_MESSAGES.apply, true);
        const applied = { ...appliedCoupon, discountAmount: answer.data.discountAmount, quotedFor: key };
        result.coupon = { code: appliedCoupon.code, applied, error: null };
        discount = applied.discountAmount;
      } catch (error) {
        result.coupon = {
          code: appliedCoupon.code,
          applied: null,
          error: codeError(error, COUPON_MESSAGES.notFound, COUPON_MESSAGES.apply),
        };
        discount = 0;
      }
    }

    const subtotal = state.cart.cart?.totalAmount ?? 0;
    const wanted = JSON.stringify([key, discount, destination?.state ?? '', destination?.postalCode ?? '']);
    let quote = taxesFor === wanted ? taxes : null;
    if (!quote) {
      try {
        const answer = await postCalculateTaxes(extra.api, {
          subtotal,
          discountAmount: discount,
          countryCode: 'IN',
          stateCode: destination?.state || null,
          zipCode: destination?.postalCode || null,
          items: lines.map((line) => ({ price: line.price, quantity: line.quantity, productId: line.productId })),
        });
        quote = answer.data ?? null;
        if (!quote) result.taxError = TAX_MESSAGES.calculate;
      } catch (error) {
        result.taxError = errorMessage(error, TAX_MESSAGES.calculate);
      }
    }
    result.taxes = quote;
    result.taxesFor = quote ? wanted : null;

    if (giftCard && quote && giftCard.quotedFor !== quote.totalAmount) {
      try {
        const answer = await postValidateCoupon(extra.api, {
          code: giftCard.code,
          isGiftCard: true,
          preDiscountAmount: quote.totalAmount,
        });
        if (!answer.data) throw new ApiError(500, COUPON_MESSAGES.giftCardApply, true);
        const applied: AppliedGiftCard = {
          ...giftCard,
          amount: answer.data.discountAmount,
          balance: answer.data.balance,
          remainingBalance: answer.data.remainingBalance,
          quotedFor: quote.totalAmount,
        };
        result.giftCard = { code: giftCard.code, applied, error: null };
      } catch (error) {
        result.giftCard = {
          code: giftCard.code,
          applied: null,
          error: codeError(error, COUPON_MESSAGES.giftCardNotFound, COUPON_MESSAGES.giftCardApply),
        };
      }
    }
    return result;
  },
);

/** What the order is placed with besides the slice's choices. */
export type PlaceOrderInput = { shippingAddress: Address; saveAddress: boolean };

/**
 * POST /orders from the shopper's cart with the chosen address, payment method, coupon and gift
 * card (the API prices everything again itself). §5: no request without a payment method
 * ('Payment method is required'). One call at a time (a second click while one is in flight
 * does nothing), under one Idempotency-Key per attempt: a retry after an answer that never
 * came sends the same key and gets the same order; a refusal (4xx: no order was made) lets the
 * next attempt start with a new one. §8: the API's message, else 'Failed to create order'.
 */
export const placeOrder = createAppAsyncThunk(
  'checkout/placeOrder',
  async (input: PlaceOrderInput, { getState, dispatch, extra, rejectWithValue }) => {
    const { checkout } = getState();
    if (!checkout.paymentMethod) return rejectWithValue(ORDER_MESSAGES.paymentMethodRequired);
    const idempotencyKey = keyForAttempt(checkout.idempotencyKey);
    dispatch(orderAttemptStarted(idempotencyKey));
    try {
      const answer = await postOrder(
        extra.api,
        {
          shippingAddress: input.shippingAddress,
          paymentMethod: checkout.paymentMethod,
          coupon: checkout.appliedCoupon?.code ?? null,
          additionalCoupon: checkout.giftCard?.code ?? null,
          saveAddress: input.saveAddress,
        },
        idempotencyKey,
      );
      if (!answer.data?.order) return rejectWithValue(ORDER_MESSAGES.invalidResponse);
      return { order: answer.data.order, message: answer.message ?? ORDER_MESSAGES.created };
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) dispatch(orderAttemptRefused());
      return rejectWithValue(errorMessage(error, ORDER_MESSAGES.create));
    }
  },
  { condition: (_, { getState }) => !getState().checkout.placing },
);

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** §4: checkout state can be reset (after an order, or when the shopper starts over). */
    resetCheckout: () => initialCheckoutState,
    addressChosen: (state, action: PayloadAction<AddressChoice | null>) => {
      state.addressChoice = action.payload;
    },
    paymentMethodChosen: (state, action: PayloadAction<PaymentMethod | null>) => {
      state.paymentMethod = action.payload;
      state.orderError = null;
    },
    /** §4: the coupon is removed; the quote follows. */
    couponRemoved: (state) => {
      state.appliedCoupon = null;
      state.couponError = null;
    },
    giftCardRemoved: (state) => {
      state.giftCard = null;
      state.giftCardError = null;
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
      .addCase(applyCoupon.pending, (state) => {
        state.couponBusy = true;
        state.couponError = null;
      })
      .addCase(applyCoupon.fulfilled, (state, { payload }) => {
        state.couponBusy = false;
        state.appliedCoupon = payload.coupon;
      })
      .addCase(applyCoupon.rejected, (state, action) => {
        state.couponBusy = false;
        state.couponError = action.payload ?? COUPON_MESSAGES.apply;
      })
      .addCase(applyGiftCard.pending, (state) => {
        state.giftCardBusy = true;
        state.giftCardError = null;
      })
      .addCase(applyGiftCard.fulfilled, (state, { payload }) => {
        state.giftCardBusy = false;
        state.giftCard = payload.giftCard;
      })
      .addCase(applyGiftCard.rejected, (state, action) => {
        state.giftCardBusy = false;
        state.giftCardError = action.payload ?? COUPON_MESSAGES.giftCardApply;
      })
      .addCase(refreshQuote.pending, (state, action) => {
        state.quoteRequestId = action.meta.requestId;
        state.quoting = true;
      })
      .addCase(refreshQuote.fulfilled, (state, action) => {
        // An older re-quote answering late would describe a cart or choice that is gone.
        if (action.meta.requestId !== state.quoteRequestId) return;
        const { taxes, taxesFor, taxError, coupon, giftCard } = action.payload;
        state.quoting = false;
        state.taxes = taxes;
        state.taxesFor = taxesFor;
        state.taxError = taxError;
        if (coupon && state.appliedCoupon?.code === coupon.code) {
          state.appliedCoupon = coupon.applied;
          state.couponError = coupon.error;
        }
        if (giftCard && state.giftCard?.code === giftCard.code) {
          state.giftCard = giftCard.applied;
          state.giftCardError = giftCard.error;
        }
      })
      .addCase(refreshQuote.rejected, (state, action) => {
        if (action.meta.requestId !== state.quoteRequestId) return;
        state.quoting = false;
        state.taxError = TAX_MESSAGES.calculate;
      })
      .addCase(placeOrder.pending, (state) => {
        state.placing = true;
        state.orderError = null;
      })
      // §4: after an order the checkout starts afresh; only the order placed is remembered.
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
  orderAttemptStarted,
  orderAttemptRefused,
} = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

/** The checkout's figures as the summary shows them, from the quote (null until there is one). */
export function selectCheckoutTotals(state: RootState) {
  const { taxes, giftCard } = state.checkout;
  if (!taxes) return null;
  return {
    total: taxes.totalAmount,
    giftCard: giftCard?.amount ?? 0,
    payable: amountPayable(taxes.totalAmount, giftCard),
  };
}
