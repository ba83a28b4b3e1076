import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
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
} from '@vastra/contracts';
import { ApiError } from '@/lib/api/api-error';
import type { ApiAnswer, RequestOptions } from '@/lib/api/browser/client';
import { CHECKOUT_STORAGE_KEY } from '@/lib/checkout-storage';
import { MemoryStorage } from '@/test-support/memory-storage';
import { applyCode, placeOrder, quoteSettled, type CheckoutStore, type PlaceOrderInput } from './checkout-actions';
import {
  checkoutReducer,
  initialCheckoutState,
  keyForAttempt,
  loadCheckout,
  quoteBody,
  saveCheckout,
  type CheckoutState,
} from './checkout-state';
import { QUOTE_FRESH_MS, askQuote } from './quote-cache';

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

const realFetch = globalThis.fetch;
let handle: Handler = () => {
  throw new Error('no API in this test');
};
let calls: Call[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The API at the HTTP boundary (`fetch`), answering each call with `handle`: its answer, or what
 * it throws as the browser client would have thrown it (ApiError: no answer, or an error
 * answer with its message; a generic one is the API's 500). Every call is recorded.
 */
beforeEach(() => {
  calls = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    const headers = { ...(init.headers as Record<string, string>) };
    delete headers.accept;
    delete headers['content-type'];
    const call: Call = {
      path: new URL(url).pathname,
      options: {
        method: init.method as RequestOptions['method'],
        json: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      },
    };
    calls.push(call);
    try {
      const answer = await handle(call);
      return json(answer.status, { success: answer.ok, message: answer.message, data: answer.data });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 0 && /timed out/.test(error.message)) throw new DOMException('timed out', 'TimeoutError');
      if (error.status === 0) throw new TypeError('fetch failed');
      return json(error.status, { success: false, message: error.message });
    }
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

let apis = 0;

/**
 * A logged-in shopper's checkout (its state, kept as it changes, as the checkout page keeps it)
 * over `cart`, with an API address of its own (quotes are kept per address), whose calls are
 * answered by `handler`.
 */
function checkoutStore(handler: Handler, { cart = cartOf([line('v1', 1000, 2)]) }: { cart?: Cart } = {}) {
  handle = handler;
  let current = initialCheckoutState;
  const store: CheckoutStore = {
    get: () => current,
    dispatch: (action) => {
      current = checkoutReducer(current, action);
    },
  };
  apis += 1;
  return { store, apiUrl: `http://api${apis}.test`, cart };
}

/** Until the request of a call just made has gone out (the write helper loads its client first). */
async function sent(count: number) {
  for (let i = 0; i < 100 && calls.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

const state = (overrides: Partial<CheckoutState> = {}): CheckoutState => ({ ...initialCheckoutState, ...overrides });

describe('checkout reducers (behaviour.md §4: coupons and gift cards applied or removed, checkout reset)', () => {
  it('a coupon applied is kept with its saving; removing it clears it and its error', () => {
    let s = checkoutReducer(state({ couponError: 'old' }), { type: 'codeApplying', kind: 'coupon' });
    assert.equal(s.couponBusy, true);
    assert.equal(s.couponError, null);
    s = checkoutReducer(s, { type: 'codeApplied', kind: 'coupon', code: 'WELCOME10' });
    assert.equal(s.appliedCoupon, 'WELCOME10');
    assert.equal(s.couponBusy, false);
    s = checkoutReducer({ ...s, couponError: 'x' }, { type: 'codeRemoved', kind: 'coupon' });
    assert.equal(s.appliedCoupon, null);
    assert.equal(s.couponError, null);
  });

  it('a refused coupon keeps the one applied before and says why', () => {
    const s = checkoutReducer(state({ appliedCoupon: 'WELCOME10' }), {
      type: 'codeFailed',
      kind: 'coupon',
      message: COUPON_MESSAGES.notFound,
    });
    assert.equal(s.appliedCoupon, 'WELCOME10');
    assert.equal(s.couponError, COUPON_MESSAGES.notFound);
  });

  it('a gift card applied is kept with what it pays; removing it clears it', () => {
    let s = checkoutReducer(state(), { type: 'codeApplied', kind: 'giftCard', code: 'GIFT' });
    assert.equal(s.giftCard, 'GIFT');
    s = checkoutReducer(s, { type: 'codeRemoved', kind: 'giftCard' });
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
    assert.deepEqual(checkoutReducer(busy, { type: 'reset' }), initialCheckoutState);
    // After a logout the next shopper's checkout is their own: another shopper's is not restored.
    const storage = new MemoryStorage();
    saveCheckout(storage, 'u1', busy);
    assert.deepEqual(loadCheckout(storage, 'u2'), initialCheckoutState);
  });

  it('a placed order resets the checkout and remembers the order', () => {
    const s = checkoutReducer(
      state({
        appliedCoupon: 'WELCOME10',
        giftCard: 'GIFT',
        paymentMethod: 'sandbox',
        idempotencyKey: 'order_k',
        placing: true,
      }),
      { type: 'orderPlaced', orderId: 'order-1' },
    );
    assert.deepEqual(s, { ...initialCheckoutState, lastOrderId: 'order-1' });
  });

  it('an attempt keeps the key of the attempt under way; a refusal lets the next one start anew', () => {
    let s = checkoutReducer(state(), { type: 'orderAttemptStarted', key: 'order_first000' });
    assert.equal(s.idempotencyKey, 'order_first000');
    s = checkoutReducer(s, { type: 'orderAttemptStarted', key: 'order_second00' });
    assert.equal(s.idempotencyKey, 'order_first000');
    s = checkoutReducer(s, { type: 'orderAttemptRefused' });
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
    const s = checkoutReducer(state({ orderError: ORDER_MESSAGES.paymentMethodRequired }), {
      type: 'paymentMethodChosen',
      method: 'cod',
    });
    assert.equal(s.paymentMethod, 'cod');
    assert.equal(s.orderError, null);
  });
});

describe('the checkout kept in browser storage (behaviour.md §4: persisted and restored)', () => {
  const chosen = state({
    addressChoice: { kind: 'saved', id: 'a1' },
    addressDraft: {
      firstName: 'Asha',
      lastName: 'Rao',
      street: '',
      city: '',
      state: '',
      postalCode: '5600',
      phone: '',
    },
    business: { gstin: '29AAPFU0939F1ZV', businessName: 'Unique Traders' },
    appliedCoupon: 'WELCOME10',
    giftCard: 'GIFT',
    paymentMethod: 'sandbox',
    idempotencyKey: 'order_abcdefgh',
    lastOrderId: 'o1',
  });

  it('a reload gets back the choices, the drafts and the key of an unanswered attempt, not the calls in flight', () => {
    const storage = new MemoryStorage();
    saveCheckout(storage, 'u1', {
      ...chosen,
      couponBusy: true,
      couponError: 'x',
      giftCardBusy: true,
      giftCardError: 'y',
      placing: true,
      orderError: 'z',
    });
    assert.deepEqual(loadCheckout(storage, 'u1'), chosen);
    const stored = JSON.parse(storage.getItem(CHECKOUT_STORAGE_KEY)!) as Record<string, unknown>;
    assert.equal(stored.userId, 'u1');
    for (const field of ['couponBusy', 'couponError', 'giftCardBusy', 'giftCardError', 'placing', 'orderError']) {
      assert.equal(field in stored, false, field);
    }
  });

  it('nothing stored, or what cannot be read, starts afresh; a field of the wrong shape is left out', () => {
    const storage = new MemoryStorage();
    assert.deepEqual(loadCheckout(storage, 'u1'), initialCheckoutState);
    storage.setItem(CHECKOUT_STORAGE_KEY, '{not json');
    assert.deepEqual(loadCheckout(storage, 'u1'), initialCheckoutState);
    storage.setItem(
      CHECKOUT_STORAGE_KEY,
      JSON.stringify({
        userId: 'u1',
        appliedCoupon: 5,
        paymentMethod: 'cheque',
        addressChoice: { kind: 'saved' },
        giftCard: 'GIFT',
      }),
    );
    assert.deepEqual(loadCheckout(storage, 'u1'), { ...initialCheckoutState, giftCard: 'GIFT' });
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
  // Placed on the Hindi checkout: the order keeps its language (docs/behaviour.md "Languages of mails and invoices").
  const input: PlaceOrderInput = { shippingAddress: ADDRESS, saveAddress: true, locale: 'hi' };
  const order = { id: 'order-1', paymentUrl: 'http://localhost:9000/payments/sandbox/m1' };
  const keyOf = (call: Call) => call.options.headers?.['Idempotency-Key'];

  it("without a payment method: 'Payment method is required', and no request", async () => {
    const { store, apiUrl } = checkoutStore(() => ok({ order }));
    const result = await placeOrder(apiUrl, store, input);
    assert.equal(result.kind === 'failed' && result.message, ORDER_MESSAGES.paymentMethodRequired);
    assert.equal(store.get().orderError, ORDER_MESSAGES.paymentMethodRequired);
    assert.deepEqual(calls, []);
  });

  it('sends the choices with a key, and a second click while it is on its way sends nothing', async () => {
    let answer!: (value: ApiAnswer<unknown>) => void;
    const { store, apiUrl } = checkoutStore(() => new Promise((resolve) => (answer = resolve)));
    store.dispatch({ type: 'paymentMethodChosen', method: 'sandbox' });
    store.dispatch({ type: 'codeApplied', kind: 'coupon', code: 'WELCOME10' });
    const first = placeOrder(apiUrl, store, input);
    const second = placeOrder(apiUrl, store, input);
    assert.equal(store.get().placing, true);
    await sent(1);
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
      locale: 'hi',
    });
    assert.ok(idempotencyKeySchema.safeParse(keyOf(call!)).success, 'the key is one the API accepts');
    answer(ok({ order }));
    const [done, skipped] = await Promise.all([first, second]);
    assert.equal(done.kind, 'placed');
    assert.equal(skipped.kind, 'skipped', 'the second click was not sent');
    assert.equal(calls.length, 1);
    assert.equal(store.get().lastOrderId, 'order-1');
    assert.equal(store.get().idempotencyKey, null);
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
    const { store, apiUrl } = checkoutStore(() => answers.shift()!());
    store.dispatch({ type: 'paymentMethodChosen', method: 'cod' });

    const timedOut = await placeOrder(apiUrl, store, input);
    assert.equal(
      timedOut.kind === 'failed' && timedOut.message,
      'Failed to create order',
      "placing an order has its own text (behaviour.md §8), not the login's",
    );
    const kept = store.get().idempotencyKey;
    assert.ok(kept);

    const refused = await placeOrder(apiUrl, store, input);
    assert.equal(refused.kind === 'failed' && refused.message, 'Only 1 left of Cotton kurta (size M).');
    assert.equal(store.get().orderError, 'Only 1 left of Cotton kurta (size M).');
    assert.equal(keyOf(calls[1]!), kept, 'the retry is the same attempt');
    assert.equal(store.get().idempotencyKey, null);

    const placed = await placeOrder(apiUrl, store, input);
    assert.equal(placed.kind, 'placed');
    assert.notEqual(keyOf(calls[2]!), kept, 'after a refusal the next attempt is a new one');
  });

  it("a failure without the server's words is 'Failed to create order' (behaviour.md §8)", async () => {
    const { store, apiUrl } = checkoutStore(() => {
      throw new ApiError(500, 'Something went wrong. Please try again later.', true);
    });
    store.dispatch({ type: 'paymentMethodChosen', method: 'sandbox' });
    const result = await placeOrder(apiUrl, store, input);
    assert.equal(result.kind === 'failed' && result.message, ORDER_MESSAGES.create);
  });
});

describe('coupons and gift cards (behaviour.md §7 POST /checkout/quote, §8)', () => {
  type Checkout = ReturnType<typeof checkoutStore>;
  const apply = (kind: 'coupon' | 'giftCard', { store, apiUrl, cart }: Checkout, code: string) =>
    applyCode(apiUrl, store, { kind, code, lines: cart.items, destination: DESTINATION });
  const messageOf = (result: Awaited<ReturnType<typeof applyCode>>) => result.message;

  it('applying a coupon asks one quote with the cart lines; a new coupon replaces the one applied', async () => {
    const checkout = checkoutStore(({ options }) => {
      const body = options.json as CheckoutQuoteBody;
      return ok(quoteOf(1800, { coupon: couponOf(body.coupon!, body.coupon === 'WELCOME10' ? 200 : 300) }));
    });
    await apply('coupon', checkout, ' welcome10 '.toUpperCase());
    await apply('coupon', checkout, 'FESTIVE300');
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
    assert.equal(checkout.store.get().appliedCoupon, 'FESTIVE300');
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
    const checkout = checkoutStore(() => answers.shift()!());
    assert.equal(messageOf(await apply('coupon', checkout, 'OLD')), 'This coupon has expired.');
    assert.equal(messageOf(await apply('coupon', checkout, 'NOPE')), COUPON_MESSAGES.notFound);
    assert.equal(messageOf(await apply('coupon', checkout, 'WELCOME10')), COUPON_MESSAGES.apply);
    assert.equal(
      messageOf(await apply('coupon', checkout, 'WELCOME10')),
      COUPON_MESSAGES.apply,
      'no answer: the coupon text, not the login one',
    );
    assert.equal(checkout.store.get().couponError, COUPON_MESSAGES.apply);
    assert.equal(checkout.store.get().appliedCoupon, null);
  });

  it('an empty code is refused without a request', async () => {
    const checkout = checkoutStore(() => ok(null));
    assert.equal(messageOf(await apply('coupon', checkout, '   ')), COUPON_MESSAGES.codeRequired);
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
    const checkout = checkoutStore(() => answers.shift()!());
    await apply('coupon', checkout, 'WELCOME10');
    await apply('giftCard', checkout, 'GIFT-500');
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).coupon, 'WELCOME10');
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).additionalCoupon, 'GIFT-500');
    assert.equal(checkout.store.get().giftCard, 'GIFT-500');
    const failed = await apply('giftCard', checkout, 'GIFT-OTHER');
    assert.equal(messageOf(failed), COUPON_MESSAGES.giftCardApply);
    assert.equal(checkout.store.get().giftCard, 'GIFT-500');
  });
});

describe('the checkout quote (one POST /checkout/quote per change)', () => {
  const bodyFor = (cart: Cart, couponCode: string | null, destination = DESTINATION) =>
    quoteBody({ lines: cart.items, couponCode, giftCardCode: null, destination });

  it('the same choices are asked once; a new destination once more; never /taxes/calculate or /coupons/validate', async () => {
    const { apiUrl, cart } = checkoutStore(() => ok(quoteOf(2000)));
    const first = await askQuote(apiUrl, bodyFor(cart, null));
    assert.equal(first.totalAmount, 2000);
    await askQuote(apiUrl, bodyFor(cart, null));
    assert.equal(calls.length, 1);
    await askQuote(apiUrl, bodyFor(cart, null, { state: 'Delhi', postalCode: '110001' }));
    assert.equal(calls.length, 2);
    assert.equal((calls[1]!.options.json as CheckoutQuoteBody).stateCode, 'Delhi');
    assert.deepEqual(new Set(calls.map((c) => c.path)), new Set(['/checkout/quote']));
  });

  it("a coupon the quote refuses after the cart changed goes with the quote's reason, and is not asked again", async () => {
    const reason = 'Add items worth ₹ 1,999 or more to use this coupon.';
    const checkout = checkoutStore(({ options }) => {
      const body = options.json as CheckoutQuoteBody;
      if (body.items![0]!.quantity === 1) return ok(quoteOf(500, { messages: [{ field: 'coupon', message: reason }] }));
      return ok(quoteOf(1700, { coupon: couponOf('FESTIVE300', 300) }));
    });
    const { store, apiUrl } = checkout;
    await applyCode(apiUrl, store, {
      kind: 'coupon',
      code: 'FESTIVE300',
      lines: checkout.cart.items,
      destination: DESTINATION,
    });
    const smaller = cartOf([line('v1', 500, 1)]);
    const body = bodyFor(smaller, 'FESTIVE300');
    const refused = await askQuote(apiUrl, body);
    quoteSettled(apiUrl, store, body, refused);
    const state = store.get();
    assert.equal(state.appliedCoupon, null);
    assert.equal(state.couponError, reason);
    const settled = await askQuote(apiUrl, bodyFor(smaller, null));
    assert.equal(settled.totalAmount, 500);
    assert.equal(calls.length, 2, 'the quote without the coupon is the one already answered');
  });

  it('a quote answered over a minute ago is asked again; a failed one is asked again at once', async () => {
    const answers: (() => ApiAnswer<unknown>)[] = [
      () => ok(quoteOf(2000)),
      () => ok(quoteOf(1900)),
      () => {
        throw new ApiError(500, 'Something went wrong. Please try again later.', true);
      },
      () => ok(quoteOf(1800)),
    ];
    const { apiUrl, cart } = checkoutStore(() => answers.shift()!());
    const realNow = Date.now;
    const start = realNow();
    try {
      Date.now = () => start;
      assert.equal((await askQuote(apiUrl, bodyFor(cart, null))).totalAmount, 2000);
      Date.now = () => start + QUOTE_FRESH_MS - 1;
      assert.equal((await askQuote(apiUrl, bodyFor(cart, null))).totalAmount, 2000);
      assert.equal(calls.length, 1);
      Date.now = () => start + QUOTE_FRESH_MS + 1;
      assert.equal((await askQuote(apiUrl, bodyFor(cart, null))).totalAmount, 1900);
      assert.equal(calls.length, 2);
      const delhi = bodyFor(cart, null, { state: 'Delhi', postalCode: '110001' });
      await assert.rejects(askQuote(apiUrl, delhi), { message: TAX_MESSAGES.calculate });
      assert.equal((await askQuote(apiUrl, delhi)).totalAmount, 1800);
      assert.equal(calls.length, 4);
    } finally {
      Date.now = realNow;
    }
  });

  it("a failed quote says 'Failed to calculate taxes' (behaviour.md §8)", async () => {
    const { apiUrl, cart } = checkoutStore(() => {
      throw new ApiError(500, 'Something went wrong. Please try again later.', true);
    });
    const result = await askQuote(apiUrl, bodyFor(cart, null)).catch((error: unknown) => ({ error }));
    assert.equal(
      'error' in result && result.error instanceof Error ? result.error.message : null,
      TAX_MESSAGES.calculate,
    );
  });
});
