import {
  COUPON_MESSAGES,
  ORDER_MESSAGES,
  type Address,
  type CartItem,
  type CheckoutQuote,
  type CheckoutQuoteBody,
  type Order,
  type PaymentMethod,
  type ShopperLocale,
} from '@vastra/contracts';
import { createOrder } from '@/lib/api/browser/checkout';
import { MutationError } from '@/lib/api/browser/mutate';
import type { Destination } from './address-draft';
import {
  CODE_MESSAGES,
  keyForAttempt,
  quoteBody,
  refusalOf,
  settleQuote,
  type CheckoutAction,
  type CheckoutState,
  type CodeKind,
} from './checkout-state';
import { askQuote, keepQuote } from './quote-cache';

/**
 * The checkout's two calls that change its state (behaviour.md §4, §5): applying a code and
 * placing the order, through the write helper. Each reads and changes the checkout through a
 * CheckoutStore (the checkout page's state, kept as it changes), so a second click reads what
 * the first one did.
 */

/** The checkout as these calls see it: its state now, and the way to change it. */
export type CheckoutStore = { get: () => CheckoutState; dispatch: (action: CheckoutAction) => void };

/** What a code is applied to: the lines that can be bought, where the order goes and the payment method chosen. */
export type ApplyInput = {
  kind: CodeKind;
  code: string;
  lines: readonly CartItem[];
  destination: Destination;
  paymentMethod?: PaymentMethod | null;
};

/**
 * Applies a coupon or a gift card: one POST /checkout/quote with the new code in its field (a
 * new coupon replaces the one applied before). The code is kept when the quote took it, and the
 * toast to show is returned; otherwise the field says the quote's reason, else 'Failed to apply
 * coupon' / 'Failed to apply gift card' (behaviour.md §8), and the code applied before stays. The
 * quote asked is kept (quote-cache.ts): it is the one the page shows next.
 */
export async function applyCode(
  apiUrl: string,
  store: CheckoutStore,
  { kind, code: rawCode, lines, destination, paymentMethod }: ApplyInput,
): Promise<{ ok: true; code: string; message: string } | { ok: false; message: string }> {
  const failed = (message: string) => {
    store.dispatch({ type: 'codeFailed', kind, message });
    return { ok: false as const, message };
  };
  store.dispatch({ type: 'codeApplying', kind });
  const code = rawCode.trim();
  if (!code) return failed(COUPON_MESSAGES.codeRequired);
  if (lines.length === 0) return failed(COUPON_MESSAGES.itemsRequired);
  const checkout = store.get();
  const body = quoteBody({
    lines,
    couponCode: kind === 'coupon' ? code : checkout.appliedCoupon,
    giftCardCode: kind === 'giftCard' ? code : checkout.giftCard,
    destination,
    paymentMethod,
  });
  try {
    const quote = await askQuote(apiUrl, body, CODE_MESSAGES[kind].failed);
    const applied = kind === 'coupon' ? quote.coupon?.code : quote.additionalCoupon?.code;
    if (!applied) return failed(refusalOf(quote, kind) ?? CODE_MESSAGES[kind].failed);
    store.dispatch({ type: 'codeApplied', kind, code: applied });
    return { ok: true, code: applied, message: CODE_MESSAGES[kind].applied };
  } catch (error) {
    return failed(error instanceof MutationError ? error.message : CODE_MESSAGES[kind].failed);
  }
}

/**
 * After a change of the cart or the destination the quote (of `body`) may refuse a code applied
 * before (a coupon whose minimum is no longer met): the code goes and its field says why, and the
 * quote without it, which is this same quote, is kept under the body without it, so it is not
 * asked again.
 */
export function quoteSettled(
  apiUrl: string,
  store: CheckoutStore,
  body: CheckoutQuoteBody,
  quote: CheckoutQuote,
): void {
  const settled = settleQuote(body, quote);
  if (!settled) return;
  keepQuote(apiUrl, settled.body, settled.quote);
  store.dispatch({ type: 'codesRefused', ...settled.refused });
}

/** What the order is placed with besides the checkout's choices: a business buyer's GSTIN and name, or neither. */
export type PlaceOrderInput = {
  shippingAddress: Address;
  saveAddress: boolean;
  buyerGstin?: string | null;
  buyerBusinessName?: string | null;
  /** The checkout page's language, kept on the order (docs/behaviour.md "Languages of mails and invoices"). */
  locale?: ShopperLocale;
  /** Pay what is left with the shopper's store credit, as far as it goes. */
  useStoreCredit?: boolean;
};

/** How an attempt to place the order ended: placed, refused or failed (with the message), or not sent (one is under way). */
export type PlaceOrderOutcome =
  { kind: 'placed'; order: Order; message: string } | { kind: 'failed'; message: string } | { kind: 'skipped' };

/**
 * POST /orders from the shopper's cart with the chosen address, payment method, coupon and gift
 * card (the API prices everything again itself). behaviour.md §5: no request without a payment
 * method ('Payment method is required'). One call at a time (a second click while one is in
 * flight sends nothing), under one Idempotency-Key per attempt: a retry after an answer that
 * never came sends the same key and gets the same order; a refusal (4xx: no order was made) lets
 * the next attempt start with a new one. behaviour.md §8: the API's message, else 'Failed to
 * create order'. A placed order resets the checkout, remembering the order (behaviour.md §4).
 */
export async function placeOrder(
  apiUrl: string,
  store: CheckoutStore,
  input: PlaceOrderInput,
): Promise<PlaceOrderOutcome> {
  const checkout = store.get();
  if (checkout.placing) return { kind: 'skipped' };
  const failed = (message: string): PlaceOrderOutcome => {
    store.dispatch({ type: 'orderFailed', message });
    return { kind: 'failed', message };
  };
  if (!checkout.paymentMethod) return failed(ORDER_MESSAGES.paymentMethodRequired);
  store.dispatch({ type: 'orderAttemptStarted', key: keyForAttempt(checkout.idempotencyKey) });
  store.dispatch({ type: 'orderPlacing' });
  const idempotencyKey = store.get().idempotencyKey!;
  try {
    const answer = await createOrder(
      apiUrl,
      {
        shippingAddress: input.shippingAddress,
        paymentMethod: checkout.paymentMethod,
        coupon: checkout.appliedCoupon,
        additionalCoupon: checkout.giftCard,
        saveAddress: input.saveAddress,
        // Only a business buyer's order carries them.
        ...(input.buyerGstin ? { buyerGstin: input.buyerGstin, buyerBusinessName: input.buyerBusinessName } : {}),
        ...(input.locale ? { locale: input.locale } : {}),
        ...(input.useStoreCredit ? { useStoreCredit: true } : {}),
      },
      idempotencyKey,
    );
    if (!answer.order) return failed(ORDER_MESSAGES.invalidResponse);
    store.dispatch({ type: 'orderPlaced', orderId: answer.order.id });
    return { kind: 'placed', order: answer.order, message: answer.message ?? ORDER_MESSAGES.created };
  } catch (error) {
    const refused = error instanceof MutationError && error.status >= 400 && error.status < 500;
    if (refused) store.dispatch({ type: 'orderAttemptRefused' });
    return failed(error instanceof MutationError ? error.message : ORDER_MESSAGES.create);
  }
}
