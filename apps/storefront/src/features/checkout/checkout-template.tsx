'use client';

import { ORDER_MESSAGES, TAX_MESSAGES, type AddressBookEntry, type CartItem } from '@vastra/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { DeliveryPromise } from '@/components/delivery-promise';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/form';
import { LoginPrompt } from '@/components/ui/login-prompt';
import {
  useAddressBookQuery,
  useCheckoutOptionsQuery,
  useCheckoutQuoteQuery,
  useGstStatesQuery,
} from '@/lib/api/browser/checkout';
import { checkoutBlockedBy, lineImage } from '@/lib/cart-lines';
import { OrderTotals } from '@/components/order-totals';
import { formatCount, formatPrice } from '@/lib/format';
import { gstNote, splitOfQuote } from '@/lib/gst';
import { fetchCart } from '@/lib/store/cart-slice';
import {
  addressChosen,
  applyCode,
  couponRemoved,
  giftCardRemoved,
  orderableLines,
  paymentMethodChosen,
  placeOrder,
  quoteBody,
  quoteSettled,
  refusalOf,
} from '@/lib/store/checkout-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { errorMessage } from '@/lib/store/thunk';
import { PersistGate, usePersistor } from '@/lib/store/store-provider';
import {
  ADDRESS_FIELDS,
  checkDraft,
  chosenAddress,
  destinationOf,
  draftFor,
  initialChoice,
  isAddressMessage,
  toAddress,
  type AddressDraft,
  type AddressField,
} from './address';
import { AddressSection } from './address-section';
import { CodeField } from './code-field';
import { SummaryLines, type SummaryLine } from './order-summary';
import { codUnavailableReason } from './payment-choice';
import { PaymentMethods } from './payment-methods';

const HEADING_CLASS = 'text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl';
const CHOOSE_ADDRESS = 'Please choose a delivery address.';
const NO_ADDRESSES: AddressBookEntry[] = [];

const toSummaryLine = (item: CartItem): SummaryLine => ({
  id: item.id,
  name: item.product.name,
  brand: item.product.brand,
  size: item.variant.size,
  color: item.variant.color,
  quantity: item.quantity,
  unitPrice: item.price,
  lineTotal: item.lineTotal,
  image: lineImage(item),
});

/**
 * The checkout page (behaviour.md §2, §4 Pricing): the cart's lines, and for a logged-in shopper the delivery
 * address, the payment method, coupon and gift card, the GST breakdown and Place order. A guest
 * sees the cart and a Login button that opens the login modal, which keeps the cart (the guest
 * cart is merged at login) and lets the page carry on. Shown once the session is restored.
 */
export function CheckoutTemplate() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <PersistGate
        fallback={
          <>
            <h1 className={HEADING_CLASS}>Checkout</h1>
            <CheckoutSkeleton />
          </>
        }
      >
        <CheckoutContents />
      </PersistGate>
    </div>
  );
}

function CheckoutContents() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => (state.auth.isAuthenticated ? state.auth.user : null));
  const cart = useAppSelector((state) => state.cart.cart);
  const [cartChecked, setCartChecked] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);

  // Checkout starts from the cart as the API has it now: prices and stock may have moved.
  useEffect(() => {
    void dispatch(fetchCart()).finally(() => setCartChecked(true));
  }, [dispatch]);

  const lines = orderableLines(cart);
  const items = cart?.items ?? [];

  if (leaving) {
    return (
      <>
        <h1 className={HEADING_CLASS}>Checkout</h1>
        <p role="status" className="mt-8 text-center text-stone-700">
          {leaving}
        </p>
      </>
    );
  }
  if (!cartChecked && items.length === 0) {
    return (
      <>
        <h1 className={HEADING_CLASS}>Checkout</h1>
        <CheckoutSkeleton />
      </>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        heading="Your cart is empty"
        body="Add something you like, then check out here."
        actions={[{ label: 'Continue shopping', href: '/shop' }]}
      />
    );
  }

  const summaryLines = lines.map(toSummaryLine);
  if (!user) {
    return (
      <>
        <h1 className={HEADING_CLASS}>Checkout</h1>
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
          <section aria-labelledby="checkout-login" className="rounded-xl border border-stone-200 p-4 sm:p-6">
            <h2 id="checkout-login" className="text-lg font-semibold text-stone-900">
              Log in to check out
            </h2>
            <LoginPrompt message="Log in to choose a delivery address and pay. Your cart stays as it is." />
          </section>
          <aside
            aria-labelledby="checkout-summary"
            className="rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5"
          >
            <h2 id="checkout-summary" className="text-lg font-semibold text-stone-900">
              Order summary
            </h2>
            <SummaryLines lines={summaryLines} />
            <p className="mt-2 flex justify-between border-t border-stone-200 pt-3 text-base font-semibold">
              <span>Subtotal ({formatCount(cart?.itemCount ?? 0, 'item')})</span>
              <span className="tabular-nums" data-testid="subtotal">
                {formatPrice(cart?.totalAmount ?? 0)}
              </span>
            </p>
          </aside>
        </div>
      </>
    );
  }

  return (
    <ShopperCheckout
      key={user.id}
      user={user}
      summaryLines={summaryLines}
      blockedBy={checkoutBlockedBy(items)}
      onLeave={setLeaving}
    />
  );
}

type ShopperCheckoutProps = {
  user: { id: string; name: string; phone: string | null };
  summaryLines: SummaryLine[];
  blockedBy: string | null;
  /** The order is placed and the browser is on its way to pay or to the order: what to say meanwhile. */
  onLeave: (message: string) => void;
};

/** Checkout for a logged-in shopper: the address, the payment method, the summary with codes and totals, Place order. */
function ShopperCheckout({ user, summaryLines, blockedBy, onLeave }: ShopperCheckoutProps) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const persistor = usePersistor();
  const checkout = useAppSelector((state) => state.checkout);
  const cart = useAppSelector((state) => state.cart.cart);
  const addressBook = useAddressBookQuery();
  const { data: states = [] } = useGstStatesQuery();
  const checkoutOptions = useCheckoutOptionsQuery();
  const payments = checkoutOptions.data ?? null;
  const optionsError = checkoutOptions.error?.message ?? null;
  // A book that cannot be read is an empty one: the shopper types a new address.
  const book = addressBook.data ?? (addressBook.isError ? NO_ADDRESSES : null);
  const [draft, setDraft] = useState<AddressDraft>(() => draftFor(user));
  const [saveAddress, setSaveAddress] = useState(true);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [addressMessage, setAddressMessage] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const addressHeadingRef = useRef<HTMLHeadingElement>(null);
  const placeRef = useRef<HTMLDivElement>(null);

  const { addressChoice, paymentMethod, placing, orderError } = checkout;
  const couponCode = checkout.appliedCoupon;
  const giftCardCode = checkout.giftCard;

  // Once the book is known, once per shopper (the component is keyed by the user): the kept
  // choice is only where to start.
  const choiceStarted = useRef(false);
  useEffect(() => {
    if (!book || choiceStarted.current) return;
    choiceStarted.current = true;
    dispatch(addressChosen(initialChoice(addressChoice, book)));
  }, [book, addressChoice, dispatch]);

  const chosen = book ? chosenAddress(addressChoice, book) : null;
  const destination = destinationOf(chosen, draft);
  const lines = orderableLines(cart);

  // One quote per change of the lines, the codes or the destination (RTK Query keys it by the
  // body, so the same body is served from the cache); none until the book says where to.
  const body = quoteBody({ lines, couponCode, giftCardCode, destination, paymentMethod });
  const quoteQuery = useCheckoutQuoteQuery(book && lines.length > 0 ? body : skipToken);
  // A quote of earlier choices is not shown as this one's.
  const quote = quoteQuery.currentData ?? null;
  const quoting = quoteQuery.isFetching;
  const taxError = quoteQuery.isError ? errorMessage(quoteQuery.error, TAX_MESSAGES.calculate) : null;
  const quotedFor = quoteQuery.originalArgs;

  // A code the new quote refused goes, and its field says why.
  useEffect(() => {
    if (quote && quotedFor) void dispatch(quoteSettled({ body: quotedFor, quote }));
  }, [quote, quotedFor, dispatch]);

  const appliedCoupon = couponCode && quote?.coupon?.code === couponCode ? quote.coupon : null;
  const giftCard = giftCardCode && quote?.additionalCoupon?.code === giftCardCode ? quote.additionalCoupon : null;
  const couponError = checkout.couponError ?? (couponCode && quote ? refusalOf(quote, 'coupon') : null);
  const giftCardError = checkout.giftCardError ?? (giftCardCode && quote ? refusalOf(quote, 'giftCard') : null);
  const total = quote?.totalAmount ?? null;
  const payable = quote?.amountPayable ?? null;
  const codReason = payments && codUnavailableReason(payments, payable);

  // Cash on delivery chosen earlier stops being a choice once the amount passes its limit.
  useEffect(() => {
    if (paymentMethod === 'cod' && codReason) dispatch(paymentMethodChosen(null));
  }, [paymentMethod, codReason, dispatch]);

  // Say the new amount once it settles (totals are announced to screen readers); the last one
  // stays while a new quote is asked.
  const settled = payable !== null && !quoting ? `Amount payable ${formatPrice(payable)}.` : null;
  if (settled !== null && settled !== status) setStatus(settled);

  const stateName = destination?.state || null;
  const chooseDraft = useCallback((next: AddressDraft) => {
    setDraft(next);
    setAddressErrors({});
  }, []);

  /** Applies a coupon or a gift card; a toast says it worked, the field says why not. */
  const apply = async (kind: 'coupon' | 'giftCard', code: string) => {
    const result = await dispatch(applyCode({ kind, code, destination }));
    if (!applyCode.fulfilled.match(result)) return false;
    toast.success(result.payload.message);
    return true;
  };

  const submit = async () => {
    setAddressMessage(null);
    let shippingAddress;
    if (chosen === 'new') {
      const check = checkDraft(draft);
      if (!check.ok) {
        setAddressErrors(check.errors);
        const first = ADDRESS_FIELDS.find((field) => check.errors[field]);
        document.querySelector<HTMLElement>(`[name="${first}"][aria-invalid="true"]`)?.focus();
        return;
      }
      shippingAddress = check.address;
    } else if (chosen) {
      shippingAddress = toAddress(chosen);
    } else {
      setAddressMessage(CHOOSE_ADDRESS);
      addressHeadingRef.current?.focus();
      return;
    }
    const result = await dispatch(placeOrder({ shippingAddress, saveAddress: chosen === 'new' && saveAddress }));
    if (placeOrder.fulfilled.match(result)) {
      const { order } = result.payload;
      // The order holds the cart now: the header's cart empties.
      void dispatch(fetchCart());
      if (order.paymentUrl) {
        onLeave('Order placed. Taking you to the payment page...');
        // The reset checkout must be stored before the browser leaves for the gateway's page.
        await persistor?.flush();
        window.location.assign(order.paymentUrl);
      } else {
        router.push(`/checkout/confirmation/${encodeURIComponent(order.id)}`);
        onLeave('Order placed. Taking you to your order...');
      }
      return;
    }
    // A second click while the first is on its way is simply not sent.
    if (result.meta.condition) return;
    const message = result.payload ?? ORDER_MESSAGES.create;
    if (isAddressMessage(message)) {
      addressHeadingRef.current?.focus();
    } else {
      toast.error(message);
      placeRef.current?.focus();
    }
  };

  const addressApiMessage = orderError && isAddressMessage(orderError) ? orderError : null;
  const placeMessage = orderError && !isAddressMessage(orderError) ? orderError : null;

  return (
    <>
      <h1 className={HEADING_CLASS}>Checkout</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <div className="space-y-6">
          <AddressSection
            book={book}
            states={states}
            choice={addressChoice}
            onChoose={(choice) => {
              setAddressMessage(null);
              dispatch(addressChosen(choice));
            }}
            draft={draft}
            onDraftChange={chooseDraft}
            saveAddress={saveAddress}
            onSaveAddressChange={setSaveAddress}
            errors={addressErrors}
            message={addressMessage ?? addressApiMessage}
            headingRef={addressHeadingRef}
          />
          <DeliveryPromise pincode={destination?.postalCode} />
          <PaymentMethods
            options={payments}
            error={optionsError}
            payable={payable}
            method={paymentMethod}
            onChoose={(method) => dispatch(paymentMethodChosen(method))}
          />
        </div>

        <aside
          aria-labelledby="checkout-summary"
          className="space-y-5 self-start rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5 lg:sticky lg:top-24"
        >
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="checkout-summary" className="text-lg font-semibold text-stone-900">
              Order summary
            </h2>
            <Link href="/cart" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
              Edit cart
            </Link>
          </div>
          <SummaryLines lines={summaryLines} />
          <div className="space-y-3 border-t border-stone-200 pt-4">
            <CodeField
              what="Coupon"
              applied={
                appliedCoupon && {
                  code: appliedCoupon.code,
                  details: <p data-testid="coupon-saving">You save {formatPrice(appliedCoupon.discountAmount)}</p>,
                }
              }
              busy={checkout.couponBusy}
              error={couponError}
              onApply={(code) => apply('coupon', code)}
              onRemove={() => dispatch(couponRemoved())}
            />
            <CodeField
              what="Gift card"
              applied={
                giftCard && {
                  code: giftCard.code,
                  details: (
                    <p data-testid="gift-card-cover">
                      Pays {formatPrice(giftCard.amount)} of this order
                      {giftCard.remainingBalance !== null &&
                        `; ${formatPrice(giftCard.remainingBalance)} stays on the card`}
                      .
                    </p>
                  ),
                }
              }
              busy={checkout.giftCardBusy}
              error={giftCardError}
              unavailable={total === null ? 'Gift cards can be applied once the total is known.' : null}
              onApply={(code) => apply('giftCard', code)}
              onRemove={() => dispatch(giftCardRemoved())}
            />
          </div>
          <div className="border-t border-stone-200 pt-4">
            <OrderTotals
              figures={{
                itemCount: lines.reduce((n, line) => n + line.quantity, 0),
                subtotal: cart?.totalAmount ?? 0,
                coupon: appliedCoupon && { code: appliedCoupon.code, amount: appliedCoupon.discountAmount },
                taxes: quote && {
                  components: quote.taxes,
                  totalTax: quote.totalTax,
                  pricesIncludeTax: quote.pricesIncludeTax,
                  note: gstNote(quote.pricesIncludeTax, splitOfQuote(quote), stateName),
                },
                delivery: quote ? { amount: quote.shippingAmount, shortfall: quote.freeDeliveryShortfall } : undefined,
                codFee: quote?.codFee,
                total,
                giftCard: giftCard && { code: giftCard.code, amount: giftCard.amount },
                payable,
              }}
              pending={taxError && <p className="mt-2 text-sm text-red-800">{taxError}</p>}
            />
            <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
              {status}
            </p>
          </div>
          <div ref={placeRef} tabIndex={-1} className="space-y-3 focus:outline-none">
            {blockedBy && (
              <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {blockedBy}{' '}
                <Link href="/cart" className="font-semibold underline">
                  Go to the cart
                </Link>
              </p>
            )}
            <FormMessage message={placeMessage} />
            <button
              type="button"
              onClick={() => void submit()}
              disabled={placing || blockedBy !== null}
              className="w-full rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold tracking-wide text-white uppercase hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-600"
            >
              {placing ? 'Placing order...' : 'Place order'}
            </button>
          </div>
        </aside>
      </div>
    </>
  );
}

function CheckoutSkeleton() {
  return (
    <div aria-hidden="true" className="mt-6 grid animate-pulse gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
      <div className="space-y-6">
        <div className="h-72 rounded-xl bg-stone-100" />
        <div className="h-40 rounded-xl bg-stone-100" />
      </div>
      <div className="h-96 rounded-xl bg-stone-100" />
    </div>
  );
}
