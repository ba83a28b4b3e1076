import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  COUPON_MESSAGES,
  ORDER_MESSAGES,
  TAX_MESSAGES,
  idempotencyKeySchema,
  type Address,
  type Cart,
  type CartItem,
  type CheckoutQuote,
  type CheckoutQuoteBody,
  type Order,
} from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import { storefrontApi } from '@/lib/api/browser/api';
import { checkoutApi } from '@/lib/api/browser/checkout';
import type { ApiAnswer, BrowserApi, RequestOptions } from '@/lib/api/browser/client';
import { authReducer, loggedIn, loggedOut } from './auth-slice';
import { cartReducer, cartRestored } from './cart-slice';
import {
  applyCode,
  checkoutReducer,
  couponRemoved,
  giftCardRemoved,
  initialCheckoutState,
  keyForAttempt,
  orderAttemptRefused,
  orderAttemptStarted,
  paymentMethodChosen,
  placeOrder,
  quoteBody,
  quoteSettled,
  resetCheckout,
  type CheckoutState,
} from './checkout-slice';
import type { AppDispatch } from './store';
import { releasedAfterTests } from '@/test-support/api-stores';

function line(variantId: string, price: number, quantity: number, isAvailable = true): CartItem {
  return {
    id: `line-${variantId}`,
    productId: `product-${variantId}`,
    variantId,
    quantity,
    product: {
      id: `product-${variantId}`,
      slug: 'kurta',
      name: 'Cotton kurta',
      brand: 'Vastra',
      isActive: true,
      primaryImage: null,
      images: [],
      variants: [],
    },
    variant: {
      id: variantId,
      sku: `SKU-${variantId}`,
      size: 'M',
      color: 'Blue',
      images: [],
      price,
      mrp: price * 2,
      stock: 10,
      inStock: isAvailable,
    },
    price,
    priceAtAdd: price,
    priceChanged: false,
    lineTotal: price * quantity,
    lineMrpTotal: price * 2 * quantity,
    isAvailable,
    exceedsStock: false,
  };
}

function cartOf(items: CartItem[]): Cart {
  const available = items.filter((i) => i.isAvailable);
  return {
    id: 'cart-1',
    items,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    totalAmount: available.reduce((n, i) => n + i.lineTotal, 0),
    totalMrp: available.reduce((n, i) => n + i.lineMrpTotal, 0),
    isActive: true,
    guestId: null,
    updatedAt: '2026-01-05T10:00:00.000Z',
  };
}

const ADDRESS: Address = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  phone: '9876543210',
};

const DESTINATION = { state: 'Karnataka', postalCode: '560001' };

/** The answer of POST /checkout/quote for a body: what the body's lines cost, and the codes it took. */
function quoteOf(totalAmount: number, overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    lines: [],
    coupon: null,
    additionalCoupon: null,
    subtotal: totalAmount,
    discountAmount: 0,
    shippingAmount: 0,
    codFee: 0,
    charges: [],
    freeDeliveryFrom: null,
    freeDeliveryShortfall: 0,
    taxableAmount: totalAmount,
    totalTax: 0,
    taxes: [],
    totalAmount,
    giftCardAmount: 0,
    amountPayable: totalAmount,
    pricesIncludeTax: true,
    placeOfSupply: '29',
    intraState: true,
    messages: [],
    ...overrides,
  };
}

const couponOf = (code: string, discountAmount: number) => ({
  code,
  description: `${code} off`,
  discountAmount,
  appliedTo: { productIds: [], eligibleSubtotal: 0 },
});

type Call = { path: string; options: RequestOptions };
type Handler = (call: Call) => ApiAnswer<unknown> | Promise<ApiAnswer<unknown>>;
const ok = <T>(data: T, message?: string): ApiAnswer<T> => ({ status: 200, ok: true, message, data });

/**
 * A store of the real auth, cart and checkout slices whose API client records every call and
 * answers with `handler` (or throws what it throws, as the browser client does).
 */
function checkoutStore(handler: Handler, { cart = cartOf([line('v1', 1000, 2)]) }: { cart?: Cart } = {}) {
  const calls: Call[] = [];
  const api: BrowserApi = {
    request: async <T>(path: string, options: RequestOptions = {}) => {
      const call = { path, options };
      calls.push(call);
      return (await handler(call)) as ApiAnswer<T>;
    },
    upload: async (path) => {
      throw new Error(`unexpected upload ${path}`);
    },
    download: async (path) => {
      throw new Error(`unexpected download ${path}`);
    },
  };
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      cart: cartReducer,
      checkout: checkoutReducer,
      [storefrontApi.reducerPath]: storefrontApi.reducer,
    }),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }).concat(storefrontApi.middleware),
  });
  releasedAfterTests(store);
  store.dispatch(loggedIn({ id: 'u', email: 'asha@example.com' } as never));
  store.dispatch(cartRestored(cart));
  // The thunks read only these slices.
  return { store, dispatch: store.dispatch as unknown as AppDispatch, calls };
}

const state = (overrides: Partial<CheckoutState> = {}): CheckoutState => ({ ...initialCheckoutState, ...overrides });

describe('checkout reducers (behaviour.md §4: coupons and gift cards applied or removed, checkout reset)', () => {
  const coupon = { kind: 'coupon' as const, code: 'WELCOME10', destination: null };
  const giftCard = { kind: 'giftCard' as const, code: 'GIFT', destination: null };

  it('a coupon applied is kept with its saving; removing it clears it and its error', () => {
    let s = checkoutReducer(state({ couponError: 'old' }), applyCode.pending('r', coupon));
    assert.equal(s.couponBusy, true);
    assert.equal(s.couponError, null);
    s = checkoutReducer(s, applyCode.fulfilled({ code: 'WELCOME10', message: COUPON_MESSAGES.applied }, 'r', coupon));
    assert.equal(s.appliedCoupon, 'WELCOME10');
    assert.equal(s.couponBusy, false);
    s = checkoutReducer({ ...s, couponError: 'x' }, couponRemoved());
    assert.equal(s.appliedCoupon, null);
    assert.equal(s.couponError, null);
  });

  it('a refused coupon keeps the one applied before and says why', () => {
    const s = checkoutReducer(
      state({ appliedCoupon: 'WELCOME10' }),
      applyCode.rejected(null, 'r', { ...coupon, code: 'NOPE' }, COUPON_MESSAGES.notFound),
    );
    assert.equal(s.appliedCoupon, 'WELCOME10');
    assert.equal(s.couponError, COUPON_MESSAGES.notFound);
  });

  it('a gift card applied is kept with what it pays; removing it clears it', () => {
    let s = checkoutReducer(
      state(),
      applyCode.fulfilled({ code: 'GIFT', message: COUPON_MESSAGES.giftCardApplied }, 'r', giftCard),
    );
    assert.equal(s.giftCard, 'GIFT');
    s = checkoutReducer(s, giftCardRemoved());
    assert.equal(s.giftCard, null);
  });

  it('resetCheckout and logout start the checkout afresh', () => {
    const busy = state({
      appliedCoupon: 'WELCOME10',
      giftCard: 'GIFT',
      paymentMethod: 'cod',
      addressChoice: { kind: 'new' },
      idempotencyKey: 'order_abcdefgh',
      lastOrderId: 'o1',
    });
    assert.deepEqual(checkoutReducer(busy, resetCheckout()), initialCheckoutState);
    assert.deepEqual(checkoutReducer(busy, loggedOut()), initialCheckoutState);
  });

  it('a placed order resets the checkout and remembers the order', () => {
    const order = { id: 'order-1' } as Order;
    const s = checkoutReducer(
      state({
        appliedCoupon: 'WELCOME10',
        giftCard: 'GIFT',
        paymentMethod: 'sandbox',
        idempotencyKey: 'order_k',
        placing: true,
      }),
      placeOrder.fulfilled({ order, message: ORDER_MESSAGES.created }, 'r', {
        shippingAddress: ADDRESS,
        saveAddress: false,
      }),
    );
    assert.deepEqual(s, { ...initialCheckoutState, lastOrderId: 'order-1' });
  });

  it('an attempt keeps the key of the attempt under way; a refusal lets the next one start anew', () => {
    let s = checkoutReducer(state(), orderAttemptStarted('order_first000'));
    assert.equal(s.idempotencyKey, 'order_first000');
    s = checkoutReducer(s, orderAttemptStarted('order_second00'));
    assert.equal(s.idempotencyKey, 'order_first000');
    s = checkoutReducer(s, orderAttemptRefused());
    assert.equal(s.idempotencyKey, null);
    assert.equal(
      keyForAttempt('kept', () => 'new'),
      'kept',
    );
    assert.equal(
      keyForAttempt(null, () => 'new'),
      'new',
    );
  });

  it('choosing a payment method clears the order error', () => {
    const s = checkoutReducer(state({ orderError: ORDER_MESSAGES.paymentMethodRequired }), paymentMethodChosen('cod'));
    assert.equal(s.paymentMethod, 'cod');
    assert.equal(s.orderError, null);
  });
});

describe('checkout helpers', () => {
  it('the quote body holds the lines that can be bought, the codes and the destination', () => {
    assert.deepEqual(
      quoteBody({
        lines: [line('a', 100, 1), line('b', 200, 2)],
        couponCode: 'WELCOME10',
        giftCardCode: null,
        destination: DESTINATION,
      }),
      {
        items: [
          { productId: 'product-a', variantId: 'a', quantity: 1 },
          { productId: 'product-b', variantId: 'b', quantity: 2 },
        ],
        coupon: 'WELCOME10',
        additionalCoupon: null,
        stateCode: 'Karnataka',
        zipCode: '560001',
      },
    );
    const nowhere = quoteBody({ lines: [], couponCode: null, giftCardCode: null, destination: null });
    assert.equal(nowhere.stateCode, null);
    assert.equal(nowhere.zipCode, null);
  });

  it('the quote is asked with cash on delivery when it is chosen, for its COD fee', () => {
    const ask = (paymentMethod: 'cod' | 'sandbox' | null) =>
      quoteBody({ lines: [], couponCode: null, giftCardCode: null, destination: null, paymentMethod }).paymentMethod;
    assert.equal(ask('cod'), 'cod');
    assert.equal(ask('sandbox'), undefined, 'an online choice shares the quote of no choice');
    assert.equal(ask(null), undefined);
  });
});

describe('placeOrder (behaviour.md §5, Idempotency-Key)', () => {
  const input = { shippingAddress: ADDRESS, saveAddress: true };
  const order = { id: 'order-1', paymentUrl: 'http://localhost:9000/payments/sandbox/m1' } as Order;
  const keyOf = (call: Call) => call.options.headers?.['Idempotency-Key'];

  it("without a payment method: 'Payment method is required', and no request", async () => {
    const { store, dispatch, calls } = checkoutStore(() => ok({ order }));
    const result = await dispatch(placeOrder(input));
    assert.equal(result.payload, ORDER_MESSAGES.paymentMethodRequired);
    assert.equal(store.getState().checkout.orderError, ORDER_MESSAGES.paymentMethodRequired);
    assert.deepEqual(calls, []);
  });

  it('sends the choices with a key, and a second click while it is on its way sends nothing', async () => {
    let answer!: (value: ApiAnswer<unknown>) => void;
    const { store, dispatch, calls } = checkoutStore(() => new Promise((resolve) => (answer = resolve)));
    dispatch(paymentMethodChosen('sandbox'));
    store.dispatch(
      applyCode.fulfilled({ code: 'WELCOME10', message: COUPON_MESSAGES.applied }, 'r', {
        kind: 'coupon',
        code: 'WELCOME10',
        destination: null,
      }),
    );
    const first = dispatch(placeOrder(input));
    const second = dispatch(placeOrder(input));
    assert.equal(store.getState().checkout.placing, true);
    assert.equal(calls.length, 1);
    const [call] = calls;
    assert.equal(call!.path, '/orders');
    assert.equal(call!.options.method, 'POST');
    assert.deepEqual(call!.options.json, {
      shippingAddress: ADDRESS,
      paymentMethod: 'sandbox',
      coupon: 'WELCOME10',
      additionalCoupon: null,
      saveAddress: true,
    });
    assert.ok(idempotencyKeySchema.safeParse(keyOf(call!)).success, 'the key is one the API accepts');
    answer(ok({ order }));
    const [done, skipped] = await Promise.all([first, second]);
    assert.equal(done.type, placeOrder.fulfilled.type);
    assert.ok(placeOrder.rejected.match(skipped) && skipped.meta.condition, 'the second click was not sent');
    assert.equal(calls.length, 1);
    assert.equal(store.getState().checkout.lastOrderId, 'order-1');
    assert.equal(store.getState().checkout.idempotencyKey, null);
  });

  it('a retry after an answer that never came sends the same key; after a refusal the next attempt has a new one', async () => {
    const answers: (() => ApiAnswer<unknown>)[] = [
      () => {
        throw new ApiError(0, 'The connection timed out. Please try again.');
      },
      () => {
        throw new ApiError(409, 'Only 1 left of Cotton kurta (size M).');
      },
      () => ok({ order }),
    ];
    const { store, dispatch, calls } = checkoutStore(() => answers.shift()!());
    dispatch(paymentMethodChosen('cod'));

    const timedOut = await dispatch(placeOrder(input));
    assert.equal(
      timedOut.payload,
      'Failed to create order',
      "placing an order has its own text (behaviour.md §8), not the login's",
    );
    const kept = store.getState().checkout.idempotencyKey;
    assert.ok(kept);

    const refused = await dispatch(placeOrder(input));
    assert.equal(refused.payload, 'Only 1 left of Cotton kurta (size M).');
    assert.equal(store.getState().checkout.orderError, 'Only 1 left of Cotton kurta (size M).');
    assert.equal(keyOf(calls[1]!), kept, 'the retry is the same attempt');
    assert.equal(store.getState().checkout.idempotencyKey, null);

    const placed = await dispatch(placeOrder(input));
    assert.equal(placed.type, placeOrder.fulfilled.type);
    assert.notEqual(keyOf(calls[2]!), kept, 'after a refusal the next attempt is a new one');
  });

  it("a failure without the server's words is 'Failed to create order' (behaviour.md §8)", async () => {
    const { dispatch } = checkoutStore(() => {
      throw new ApiError(500, 'Something went wrong. Please try again later.', true);
    });
    dispatch(paymentMethodChosen('sandbox'));
    const result = await dispatch(placeOrder(input));
    assert.equal(result.payload, ORDER_MESSAGES.create);
  });
});

describe('coupons and gift cards (behaviour.md §7 POST /checkout/quote, §8)', () => {
  const coupon = (code: string) => applyCode({ kind: 'coupon', code, destination: DESTINATION });
  const giftCard = (code: string) => applyCode({ kind: 'giftCard', code, destination: DESTINATION });

  it('applying a coupon asks one quote with the cart lines; a new coupon replaces the one applied', async () => {
    const { store, dispatch, calls } = checkoutStore(({ options }) => {
      const body = options.json as CheckoutQuoteBody;
      return ok(quoteOf(1800, { coupon: couponOf(body.coupon!, body.coupon === 'WELCOME10' ? 200 : 300) }));
    });
    await dispatch(coupon(' welcome10 '.toUpperCase()));
    await dispatch(coupon('FESTIVE300'));
    assert.equal(calls[0]!.path, '/checkout/quote');
    assert.equal(calls[0]!.options.method, 'POST');
    assert.deepEqual(calls[0]!.options.json, {
      items: [{ productId: 'product-v1', variantId: 'v1', quantity: 2 }],
      coupon: 'WELCOME10',
      additionalCoupon: null,
      stateCode: 'Karnataka',
      zipCode: '560001',
    });
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).coupon, 'FESTIVE300');
    assert.equal(calls.length, 2);
    assert.equal(store.getState().checkout.appliedCoupon, 'FESTIVE300');
  });

  it("the quote's reason is shown; without one, or with no answer, 'Failed to apply coupon'", async () => {
    const answers: (() => ApiAnswer<unknown>)[] = [
      () => ok(quoteOf(2000, { messages: [{ field: 'coupon', message: 'This coupon has expired.' }] })),
      () => ok(quoteOf(2000, { messages: [{ field: 'coupon', message: COUPON_MESSAGES.notFound }] })),
      () => {
        throw new ApiError(500, 'Something went wrong. Please try again later.', true);
      },
      () => {
        throw new ApiError(0, 'Unable to connect to our servers. Please check your internet connection.');
      },
    ];
    const { store, dispatch } = checkoutStore(() => answers.shift()!());
    assert.equal((await dispatch(coupon('OLD'))).payload, 'This coupon has expired.');
    assert.equal((await dispatch(coupon('NOPE'))).payload, COUPON_MESSAGES.notFound);
    assert.equal((await dispatch(coupon('WELCOME10'))).payload, COUPON_MESSAGES.apply);
    assert.equal(
      (await dispatch(coupon('WELCOME10'))).payload,
      COUPON_MESSAGES.apply,
      'no answer: the coupon text, not the login one',
    );
    assert.equal(store.getState().checkout.couponError, COUPON_MESSAGES.apply);
    assert.equal(store.getState().checkout.appliedCoupon, null);
  });

  it('an empty code is refused without a request', async () => {
    const { dispatch, calls } = checkoutStore(() => ok(null));
    assert.equal((await dispatch(coupon('   '))).payload, COUPON_MESSAGES.codeRequired);
    assert.deepEqual(calls, []);
  });

  it("a gift card is quoted with the coupon applied; its failure falls back to 'Failed to apply gift card'", async () => {
    const answers: (() => ApiAnswer<unknown>)[] = [
      () => ok(quoteOf(1800, { coupon: couponOf('WELCOME10', 200) })),
      () =>
        ok(
          quoteOf(1800, {
            coupon: couponOf('WELCOME10', 200),
            additionalCoupon: { code: 'GIFT-500', amount: 500, balance: 500, remainingBalance: 0 },
            giftCardAmount: 500,
            amountPayable: 1300,
          }),
        ),
      () => {
        throw new ApiError(500, 'Something went wrong. Please try again later.', true);
      },
    ];
    const { store, dispatch, calls } = checkoutStore(() => answers.shift()!());
    await dispatch(coupon('WELCOME10'));
    await dispatch(giftCard('GIFT-500'));
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).coupon, 'WELCOME10');
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).additionalCoupon, 'GIFT-500');
    assert.equal(store.getState().checkout.giftCard, 'GIFT-500');
    const failed = await dispatch(giftCard('GIFT-OTHER'));
    assert.equal(failed.payload, COUPON_MESSAGES.giftCardApply);
    assert.equal(store.getState().checkout.giftCard, 'GIFT-500');
  });
});

describe('the checkout quote (one POST /checkout/quote per change)', () => {
  const bodyFor = (cart: Cart, couponCode: string | null, destination = DESTINATION) =>
    quoteBody({ lines: cart.items, couponCode, giftCardCode: null, destination });

  it('the same choices are asked once; a new destination once more; never /taxes/calculate or /coupons/validate', async () => {
    const { store, dispatch, calls } = checkoutStore(() => ok(quoteOf(2000)));
    const cart = store.getState().cart.cart!;
    const first = await dispatch(checkoutApi.endpoints.checkoutQuote.initiate(bodyFor(cart, null)));
    assert.equal(first.data?.totalAmount, 2000);
    await dispatch(checkoutApi.endpoints.checkoutQuote.initiate(bodyFor(cart, null)));
    assert.equal(calls.length, 1);
    await dispatch(
      checkoutApi.endpoints.checkoutQuote.initiate(bodyFor(cart, null, { state: 'Delhi', postalCode: '110001' })),
    );
    assert.equal(calls.length, 2);
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).stateCode, 'Delhi');
    assert.deepEqual(new Set(calls.map((c) => c.path)), new Set(['/checkout/quote']));
  });

  it("a coupon the quote refuses after the cart changed goes with the quote's reason, and is not asked again", async () => {
    const reason = 'Add items worth ₹ 1,999 or more to use this coupon.';
    const { store, dispatch, calls } = checkoutStore(({ options }) => {
      const body = options.json as CheckoutQuoteBody;
      if (body.items![0]!.quantity === 1) return ok(quoteOf(500, { messages: [{ field: 'coupon', message: reason }] }));
      return ok(quoteOf(1700, { coupon: couponOf('FESTIVE300', 300) }));
    });
    await dispatch(applyCode({ kind: 'coupon', code: 'FESTIVE300', destination: DESTINATION }));
    const smaller = cartOf([line('v1', 500, 1)]);
    store.dispatch(cartRestored(smaller));
    const body = bodyFor(smaller, 'FESTIVE300');
    const refused = await dispatch(checkoutApi.endpoints.checkoutQuote.initiate(body));
    await dispatch(quoteSettled({ body, quote: refused.data! }));
    const { checkout } = store.getState();
    assert.equal(checkout.appliedCoupon, null);
    assert.equal(checkout.couponError, reason);
    const settled = await dispatch(checkoutApi.endpoints.checkoutQuote.initiate(bodyFor(smaller, null)));
    assert.equal(settled.data?.totalAmount, 500);
    assert.equal(calls.length, 2, 'the quote without the coupon is the one already answered');
  });

  it("a failed quote says 'Failed to calculate taxes' (behaviour.md §8)", async () => {
    const { store, dispatch } = checkoutStore(() => {
      throw new ApiError(500, 'Something went wrong. Please try again later.', true);
    });
    const result = await dispatch(
      checkoutApi.endpoints.checkoutQuote.initiate(bodyFor(store.getState().cart.cart!, null)),
    );
    assert.equal(result.error && 'message' in result.error ? result.error.message : null, TAX_MESSAGES.calculate);
  });
});
