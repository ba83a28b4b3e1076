'use client';

import {
  ORDER_MESSAGES,
  TAX_MESSAGES,
  type AddressBookEntry,
  type Cart,
  type GstState,
  type PaymentMethod,
} from '@vastra/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { DeliveryPromise } from '@/components/delivery-promise';
import {
  checkoutApi,
  useAddressBookQuery,
  useCheckoutOptionsQuery,
  useCheckoutQuoteQuery,
  useGstStatesQuery,
} from '@/lib/api/browser/checkout';
import { checkoutBlockedBy } from '@/lib/cart-lines';
import { formatPrice } from '@/lib/format';
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
  type AddressChoice,
} from '@/lib/store/checkout-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { errorMessage } from '@/lib/store/thunk';
import { useServerCart } from '@/lib/store/use-server-cart';
import { usePersistor } from '@/lib/store/store-provider';
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
import {
  EMPTY_BUSINESS,
  checkBusiness,
  isBusinessMessage,
  type BusinessDraft,
  type BusinessField,
} from './business-buyer';
import {
  CheckoutSkeleton,
  EmptyCheckout,
  GuestCheckout,
  HEADING_CLASS,
  ShopperCheckoutView,
  figuresBeforeQuote,
  toSummaryLine,
  type CheckoutServerData,
  type CheckoutUser,
  type ShopperCheckoutActions,
} from './checkout-view';
import { codUnavailableReason } from './payment-choice';

const CHOOSE_ADDRESS = 'Please choose a delivery address.';
const NO_ADDRESSES: AddressBookEntry[] = [];
const NO_STATES: GstState[] = [];

/**
 * The checkout page once the store is there (behaviour.md §2, §4 Pricing): the cart's lines, and
 * for a logged-in shopper the delivery address, the payment method, coupon and gift card, the
 * GST breakdown and Place order. A guest sees the cart and a Login button that opens the login
 * modal, which keeps the cart (the guest cart is merged at login) and lets the page carry on.
 * It starts from what the page's server read (`server`): the same views, now working.
 */
export function CheckoutContents({ server }: { server: CheckoutServerData }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => (state.auth.isAuthenticated ? state.auth.user : null));
  const cart = useServerCart(server.cart);
  // The server's cart is the cart as the API has it now (null: it knew of none, as the page
  // shows); only when it could not be read does checkout wait for the API's answer.
  const [cartChecked, setCartChecked] = useState(server.cart !== undefined);
  const [leaving, setLeaving] = useState<string | null>(null);

  useEffect(() => {
    if (server.cart) return;
    void dispatch(fetchCart()).finally(() => setCartChecked(true));
  }, [dispatch, server.cart]);

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
  if (!cartChecked && items.length === 0) return <CheckoutSkeleton />;
  if (items.length === 0) return <EmptyCheckout />;
  if (!user) return <GuestCheckout cart={cart} />;
  return <ShopperCheckout key={user.id} user={user} cart={cart} server={server} onLeave={setLeaving} />;
}

type ShopperCheckoutProps = {
  user: CheckoutUser;
  cart: Cart | null;
  /** What the page's server read (the address book only counts when it was this same shopper's). */
  server: CheckoutServerData;
  /** The order is placed and the browser is on its way to pay or to the order: what to say meanwhile. */
  onLeave: (message: string) => void;
};

/** Checkout for a logged-in shopper: the model of ShopperCheckoutView from the store, and its actions. */
function ShopperCheckout({ user, cart, server, onLeave }: ShopperCheckoutProps) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const persistor = usePersistor();
  const checkout = useAppSelector((state) => state.checkout);
  // What the server read is not asked again.
  const serverBook = server.user?.id === user.id ? server.book : null;
  const serverStates = server.states.length > 0 ? server.states : null;
  const serverOptions = server.options;
  const addressBook = useAddressBookQuery(serverBook ? skipToken : undefined);
  const statesQuery = useGstStatesQuery(serverStates ? skipToken : undefined);
  const checkoutOptions = useCheckoutOptionsQuery(serverOptions ? skipToken : undefined);
  const states = serverStates ?? statesQuery.data ?? NO_STATES;
  const payments = serverOptions ?? checkoutOptions.data ?? null;
  const optionsError = serverOptions ? null : (checkoutOptions.error?.message ?? null);
  // A book that cannot be read is an empty one: the shopper types a new address.
  const book = serverBook ?? addressBook.data ?? (addressBook.isError ? NO_ADDRESSES : null);
  const [draft, setDraft] = useState<AddressDraft>(() => draftFor(user));
  const [saveAddress, setSaveAddress] = useState(true);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [addressMessage, setAddressMessage] = useState<string | null>(null);
  const [business, setBusiness] = useState<BusinessDraft>(EMPTY_BUSINESS);
  const [businessErrors, setBusinessErrors] = useState<Partial<Record<BusinessField, string>>>({});
  const [status, setStatus] = useState('');
  const addressHeadingRef = useRef<HTMLHeadingElement>(null);
  const placeRef = useRef<HTMLDivElement>(null);

  const { paymentMethod, placing, orderError } = checkout;
  const couponCode = checkout.appliedCoupon;
  const giftCardCode = checkout.giftCard;
  // The kept choice, if the book still has it, else the default: known in the first render, so
  // the first quote is already for the right address.
  const addressChoice = book ? initialChoice(checkout.addressChoice, book) : checkout.addressChoice;

  // Once the book is known, once per shopper (the component is keyed by the user): the store
  // keeps where the shopper starts.
  const choiceStarted = useRef(false);
  useEffect(() => {
    if (!book || choiceStarted.current) return;
    choiceStarted.current = true;
    dispatch(addressChosen(addressChoice));
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
    const businessCheck = checkBusiness(business, shippingAddress.state, states);
    setBusinessErrors(businessCheck.ok ? {} : businessCheck.errors);
    if (!businessCheck.ok) {
      const first = businessCheck.errors.gstin ? 'gstin' : 'businessName';
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const result = await dispatch(
      placeOrder({ shippingAddress, saveAddress: chosen === 'new' && saveAddress, ...businessCheck.body }),
    );
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
        router.push(`/checkout/confirmation/${encodeURIComponent(order.id)}`, { scroll: false });
        onLeave('Order placed. Taking you to your order...');
      }
      return;
    }
    // A second click while the first is on its way is simply not sent.
    if (result.meta.condition) return;
    const message = result.payload ?? ORDER_MESSAGES.create;
    if (isAddressMessage(message)) {
      addressHeadingRef.current?.focus();
    } else if (isBusinessMessage(message)) {
      setBusinessErrors({ gstin: message });
    } else {
      toast.error(message);
      placeRef.current?.focus();
    }
  };

  const lookupPincode = useCallback(
    (pincode: string) => dispatch(checkoutApi.endpoints.pincode.initiate(pincode, { subscribe: false })).unwrap(),
    [dispatch],
  );

  const actions: ShopperCheckoutActions = {
    chooseAddress: (choice: AddressChoice) => {
      setAddressMessage(null);
      dispatch(addressChosen(choice));
    },
    changeDraft: chooseDraft,
    setSaveAddress,
    lookupPincode,
    changeBusiness: (next) => {
      setBusiness(next);
      setBusinessErrors({});
    },
    choosePayment: (method: PaymentMethod) => dispatch(paymentMethodChosen(method)),
    applyCoupon: (code) => apply('coupon', code),
    removeCoupon: () => dispatch(couponRemoved()),
    applyGiftCard: (code) => apply('giftCard', code),
    removeGiftCard: () => dispatch(giftCardRemoved()),
    placeOrder: () => void submit(),
  };

  const addressApiMessage = orderError && isAddressMessage(orderError) ? orderError : null;
  const placeMessage =
    orderError && !isAddressMessage(orderError) && !isBusinessMessage(orderError) ? orderError : null;

  return (
    <ShopperCheckoutView
      addressHeadingRef={addressHeadingRef}
      placeRef={placeRef}
      actions={actions}
      model={{
        book,
        states,
        choice: addressChoice,
        draft,
        saveAddress,
        addressErrors,
        addressMessage: addressMessage ?? addressApiMessage,
        deliveryPromise: <DeliveryPromise pincode={destination?.postalCode} />,
        business,
        businessErrors,
        payments,
        optionsError,
        paymentMethod,
        summaryLines: lines.map(toSummaryLine),
        coupon: {
          applied: appliedCoupon && {
            code: appliedCoupon.code,
            details: <p data-testid="coupon-saving">You save {formatPrice(appliedCoupon.discountAmount)}</p>,
          },
          busy: checkout.couponBusy,
          error: couponError,
        },
        giftCard: {
          applied: giftCard && {
            code: giftCard.code,
            details: (
              <p data-testid="gift-card-cover">
                Pays {formatPrice(giftCard.amount)} of this order
                {giftCard.remainingBalance !== null && `; ${formatPrice(giftCard.remainingBalance)} stays on the card`}.
              </p>
            ),
          },
          busy: checkout.giftCardBusy,
          error: giftCardError,
          unavailable: total === null ? 'Gift cards can be applied once the total is known.' : null,
        },
        figures: {
          ...figuresBeforeQuote(lines, cart),
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
        },
        taxError,
        status,
        blockedBy: checkoutBlockedBy(cart?.items ?? []),
        placeMessage,
        placing,
      }}
    />
  );
}
