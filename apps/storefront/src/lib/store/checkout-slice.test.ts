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
  type CouponQuote,
  type Order,
  type TaxResult,
} from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import type { ApiAnswer, BrowserApi, RequestOptions } from '@/lib/api/browser-client';
import { authReducer, loggedOut, loginUser } from './auth-slice';
import { cartReducer, cartRestored } from './cart-slice';
import {
  amountPayable,
  applyCoupon,
  applyGiftCard,
  cartKey,
  checkoutReducer,
  couponRemoved,
  giftCardRemoved,
  initialCheckoutState,
  keyForAttempt,
  orderAttemptRefused,
  orderAttemptStarted,
  paymentMethodChosen,
  placeOrder,
  refreshQuote,
  resetCheckout,
  type CheckoutState,
} from './checkout-slice';
import type { AppDispatch } from './store';

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

function taxResult(totalAmount: number, overrides: Partial<TaxResult> = {}): TaxResult {
  return {
    totalTax: 0,
    taxes: [],
    totalAmount,
    taxableAmount: totalAmount,
    pricesIncludeTax: true,
    placeOfSupply: '29',
    intraState: true,
    ...overrides,
  };
}

function couponQuote(code: string, discountAmount: number, extra: Partial<CouponQuote> = {}): CouponQuote {
  return {
    code,
    discountAmount,
    isGiftCard: false,
    description: `${code} off`,
    replacedCode: null,
    appliedTo: { productIds: [], eligibleSubtotal: 0 },
    balance: null,
    remainingBalance: null,
    ...extra,
  };
}

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
    reducer: combineReducers({ auth: authReducer, cart: cartReducer, checkout: checkoutReducer }),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }),
  });
  store.dispatch(
    loginUser.fulfilled({ token: 't', user: { id: 'u', email: 'asha@example.com' } } as never, 'request', {
      email: 'asha@example.com',
      password: 'x',
    }),
  );
  store.dispatch(cartRestored(cart));
  // The thunks read only these slices.
  return { store, dispatch: store.dispatch as unknown as AppDispatch, calls };
}

const state = (overrides: Partial<CheckoutState> = {}): CheckoutState => ({ ...initialCheckoutState, ...overrides });

describe('checkout reducers (§4: coupons and gift cards applied or removed, checkout reset)', () => {
  const coupon = { code: 'WELCOME10', discountAmount: 200, description: '10% off', quotedFor: 'k' };
  const giftCard = { code: 'GIFT', amount: 500, balance: 500, remainingBalance: 0, quotedFor: 1800 };

  it('a coupon applied is kept with its saving; removing it clears it and its error', () => {
    let s = checkoutReducer(state({ couponError: 'old' }), applyCoupon.pending('r', 'WELCOME10'));
    assert.equal(s.couponBusy, true);
    assert.equal(s.couponError, null);
    s = checkoutReducer(s, applyCoupon.fulfilled({ coupon, message: COUPON_MESSAGES.applied }, 'r', 'WELCOME10'));
    assert.deepEqual(s.appliedCoupon, coupon);
    assert.equal(s.couponBusy, false);
    s = checkoutReducer({ ...s, couponError: 'x' }, couponRemoved());
    assert.equal(s.appliedCoupon, null);
    assert.equal(s.couponError, null);
  });

  it('a refused coupon keeps the one applied before and says why', () => {
    const s = checkoutReducer(
      state({ appliedCoupon: coupon }),
      applyCoupon.rejected(null, 'r', 'NOPE', COUPON_MESSAGES.notFound),
    );
    assert.deepEqual(s.appliedCoupon, coupon);
    assert.equal(s.couponError, COUPON_MESSAGES.notFound);
  });

  it('a gift card applied is kept with what it pays; removing it clears it', () => {
    let s = checkoutReducer(
      state(),
      applyGiftCard.fulfilled({ giftCard, message: COUPON_MESSAGES.giftCardApplied }, 'r', 'GIFT'),
    );
    assert.deepEqual(s.giftCard, giftCard);
    s = checkoutReducer(s, giftCardRemoved());
    assert.equal(s.giftCard, null);
  });

  it('resetCheckout and logout start the checkout afresh', () => {
    const busy = state({
      appliedCoupon: coupon,
      giftCard,
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
      state({ appliedCoupon: coupon, giftCard, paymentMethod: 'sandbox', idempotencyKey: 'order_k', placing: true }),
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

  it('only the newest re-quote is applied, and never over a coupon chosen meanwhile', () => {
    let s = checkoutReducer(state({ appliedCoupon: coupon }), refreshQuote.pending('old', null));
    s = checkoutReducer(s, refreshQuote.pending('new', null));
    const stale = {
      taxes: taxResult(1),
      taxesFor: 'a',
      taxError: null,
      coupon: { code: 'WELCOME10', applied: null, error: 'gone' },
      giftCard: null,
    };
    s = checkoutReducer(s, refreshQuote.fulfilled(stale, 'old', null));
    assert.equal(s.taxes, null);
    assert.deepEqual(s.appliedCoupon, coupon);

    const other = { ...stale, coupon: { code: 'FESTIVE300', applied: null, error: 'gone' } };
    s = checkoutReducer(s, refreshQuote.fulfilled(other, 'new', null));
    assert.deepEqual(s.taxes, taxResult(1));
    assert.deepEqual(s.appliedCoupon, coupon, 'a result about another code leaves the applied coupon alone');
    assert.equal(s.quoting, false);
  });

  it('choosing a payment method clears the order error', () => {
    const s = checkoutReducer(state({ orderError: ORDER_MESSAGES.paymentMethodRequired }), paymentMethodChosen('cod'));
    assert.equal(s.paymentMethod, 'cod');
    assert.equal(s.orderError, null);
  });
});

describe('checkout helpers', () => {
  it('the amount payable is the total less the gift card, exact to the paisa and never below 0', () => {
    assert.equal(amountPayable(1000.1, { amount: 500 }), 500.1);
    assert.equal(amountPayable(0.3, { amount: 0.1 }), 0.2);
    assert.equal(amountPayable(300, { amount: 500 }), 0);
    assert.equal(amountPayable(1299, null), 1299);
  });

  it('the cart key follows sizes, quantities and prices, not the order of lines', () => {
    const a = line('a', 100, 1);
    const b = line('b', 200, 2);
    assert.equal(cartKey([a, b]), cartKey([b, a]));
    assert.notEqual(cartKey([a, b]), cartKey([a, line('b', 200, 3)]));
    assert.notEqual(cartKey([a, b]), cartKey([a, line('b', 199, 2)]));
  });
});

describe('placeOrder (§5, Idempotency-Key)', () => {
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
      applyCoupon.fulfilled(
        {
          coupon: { code: 'WELCOME10', discountAmount: 200, description: '', quotedFor: '' },
          message: '',
        },
        'r',
        'WELCOME10',
      ),
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
    assert.equal(timedOut.payload, 'The connection timed out. Please try again.');
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

  it("a failure without the server's words is 'Failed to create order' (§8)", async () => {
    const { dispatch } = checkoutStore(() => {
      throw new ApiError(500, 'Something went wrong. Please try again later.', true);
    });
    dispatch(paymentMethodChosen('sandbox'));
    const result = await dispatch(placeOrder(input));
    assert.equal(result.payload, ORDER_MESSAGES.create);
  });
});

describe('coupons and gift cards (§7 POST /coupons/validate, §8)', () => {
  it('applying a coupon sends the cart lines and names the coupon it replaces (prevoiusCode)', async () => {
    const { store, dispatch, calls } = checkoutStore(({ options }) => {
      const body = options.json as { code: string };
      return ok(couponQuote(body.code, body.code === 'WELCOME10' ? 200 : 300), COUPON_MESSAGES.applied);
    });
    await dispatch(applyCoupon(' welcome10 '.toUpperCase()));
    await dispatch(applyCoupon('FESTIVE300'));
    assert.equal(calls[0]!.path, '/coupons/validate');
    assert.deepEqual(calls[0]!.options.json, {
      code: 'WELCOME10',
      items: [{ productId: 'product-v1', variantId: 'v1', quantity: 2, price: 1000 }],
      subtotal: 2000,
      prevoiusCode: null,
      isGiftCard: false,
    });
    assert.equal((calls[1]!.options.json as { prevoiusCode: string }).prevoiusCode, 'WELCOME10');
    const applied = store.getState().checkout.appliedCoupon;
    assert.equal(applied?.code, 'FESTIVE300');
    assert.equal(applied?.discountAmount, 300);
  });

  it("the API's reason is shown; without one, 'Coupon not found' for a 404 and 'Failed to apply coupon' otherwise", async () => {
    const failures = [
      new ApiError(400, 'This coupon has expired.'),
      new ApiError(404, 'Something went wrong. Please try again later.', true),
      new ApiError(500, 'Something went wrong. Please try again later.', true),
    ];
    const { dispatch } = checkoutStore(() => {
      throw failures.shift();
    });
    assert.equal((await dispatch(applyCoupon('OLD'))).payload, 'This coupon has expired.');
    assert.equal((await dispatch(applyCoupon('NOPE'))).payload, COUPON_MESSAGES.notFound);
    assert.equal((await dispatch(applyCoupon('WELCOME10'))).payload, COUPON_MESSAGES.apply);
  });

  it('an empty code is refused without a request', async () => {
    const { dispatch, calls } = checkoutStore(() => ok(null));
    assert.equal((await dispatch(applyCoupon('   '))).payload, COUPON_MESSAGES.codeRequired);
    assert.deepEqual(calls, []);
  });

  it("a gift card is quoted against what is left to pay; its failure falls back to 'Failed to apply gift card'", async () => {
    const answers: (() => ApiAnswer<unknown>)[] = [
      () => ok(taxResult(1800)),
      () => ok(couponQuote('GIFT-500', 500, { isGiftCard: true, balance: 500, remainingBalance: 0 })),
      () => {
        throw new ApiError(500, 'Something went wrong. Please try again later.', true);
      },
    ];
    const { store, dispatch, calls } = checkoutStore(() => answers.shift()!());
    await dispatch(refreshQuote({ state: 'Karnataka', postalCode: '560001' }));
    await dispatch(applyGiftCard('GIFT-500'));
    assert.deepEqual(calls[1]!.options.json, { code: 'GIFT-500', isGiftCard: true, preDiscountAmount: 1800 });
    assert.deepEqual(store.getState().checkout.giftCard, {
      code: 'GIFT-500',
      amount: 500,
      balance: 500,
      remainingBalance: 0,
      quotedFor: 1800,
    });
    const failed = await dispatch(applyGiftCard('GIFT-OTHER'));
    assert.equal(failed.payload, COUPON_MESSAGES.giftCardApply);
    assert.equal(store.getState().checkout.giftCard?.code, 'GIFT-500');
  });
});

describe('refreshQuote', () => {
  const destination = { state: 'Karnataka', postalCode: '560001' };

  it('asks GST for the destination with the coupon discount, and nothing again while nothing changed', async () => {
    const { store, dispatch, calls } = checkoutStore(({ path, options }) =>
      path === '/taxes/calculate'
        ? ok(taxResult(2000 - (options.json as { discountAmount: number }).discountAmount))
        : ok(couponQuote('WELCOME10', 200)),
    );
    await dispatch(applyCoupon('WELCOME10'));
    await dispatch(refreshQuote(destination));
    assert.deepEqual(
      calls.map((c) => c.path),
      ['/coupons/validate', '/taxes/calculate'],
      'the coupon was quoted for this cart already',
    );
    assert.deepEqual(calls[1]!.options.json, {
      subtotal: 2000,
      discountAmount: 200,
      countryCode: 'IN',
      stateCode: 'Karnataka',
      zipCode: '560001',
      items: [{ price: 1000, quantity: 2, productId: 'product-v1' }],
    });
    assert.equal(store.getState().checkout.taxes?.totalAmount, 1800);
    await dispatch(refreshQuote(destination));
    assert.equal(calls.length, 2);
    await dispatch(refreshQuote({ state: 'Delhi', postalCode: '110001' }));
    assert.equal(calls.length, 3);
    assert.equal((calls[2]!.options.json as { stateCode: string }).stateCode, 'Delhi');
  });

  it("a coupon that no longer applies to the changed cart is removed with the API's reason", async () => {
    const { store, dispatch } = checkoutStore(({ path }) => {
      if (path === '/taxes/calculate') return ok(taxResult(500));
      if (store.getState().checkout.appliedCoupon)
        throw new ApiError(400, 'Add items worth ₹ 1,999 or more to use this coupon.');
      return ok(couponQuote('FESTIVE300', 300));
    });
    await dispatch(applyCoupon('FESTIVE300'));
    store.dispatch(cartRestored(cartOf([line('v1', 500, 1)])));
    await dispatch(refreshQuote(destination));
    const { checkout } = store.getState();
    assert.equal(checkout.appliedCoupon, null);
    assert.equal(checkout.couponError, 'Add items worth ₹ 1,999 or more to use this coupon.');
    assert.equal(checkout.taxes?.totalAmount, 500);
  });

  it("a failed GST quote says 'Failed to calculate taxes' (§8) and an empty cart asks nothing", async () => {
    const { store, dispatch, calls } = checkoutStore(() => {
      throw new ApiError(500, 'Something went wrong. Please try again later.', true);
    });
    await dispatch(refreshQuote(destination));
    assert.equal(store.getState().checkout.taxError, TAX_MESSAGES.calculate);
    store.dispatch(cartRestored(cartOf([line('v1', 1000, 1, false)])));
    await dispatch(refreshQuote(destination));
    assert.equal(calls.length, 1);
    assert.equal(store.getState().checkout.taxes, null);
    assert.equal(store.getState().checkout.taxError, null);
  });
});
