'use client';

import {
  GENERIC_MESSAGES,
  type AddressBookEntry,
  type Cart,
  type GstState,
  type PaymentMethod,
} from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { DeliveryPromise } from '@/components/delivery-promise';
import { readCart } from '@/lib/api/browser/cart';
import { lookupPincode, readAddressBook, readCheckoutOptions, readGstStates } from '@/lib/api/browser/checkout';
import { MutationError } from '@/lib/api/browser/mutate';
import { giveConsent } from '@/lib/api/browser/consent';
import { saveWhatsappOptIn } from '@/lib/api/browser/whatsapp';
import { publishCartAnswer } from '@/lib/cart-channel';
import { checkoutBlockedBy, orderableLines } from '@/lib/cart-lines';
import { formatPrice } from '@/lib/format';
import { readGuestId } from '@/lib/guest-id';
import { splitOfQuote } from '@/lib/gst';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { usePageCart } from '@/lib/use-page-cart';
import {
  ADDRESS_FIELDS,
  checkDraft,
  chosenAddress,
  destinationOf,
  draftFor,
  initialChoice,
  isAddressMessage,
  toAddress,
  type AddressChoice,
  type AddressDraft,
  type AddressField,
} from './address';
import { checkBusiness, isBusinessMessage, type BusinessDraft, type BusinessField } from './business-buyer';
import { applyCode, placeOrder, quoteSettled, type CheckoutStore } from './checkout-actions';
import {
  checkoutReducer,
  loadCheckout,
  quoteBody,
  refusalOf,
  saveCheckout,
  type CheckoutState,
  type CodeKind,
} from './checkout-state';
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
import { useQuote } from './quote-cache';

const NO_ADDRESSES: AddressBookEntry[] = [];
const NO_STATES: GstState[] = [];

/**
 * The checkout page's working controls (behaviour.md §2, §4 Pricing): the cart's lines, and for
 * a logged-in shopper the delivery address, the payment method, coupon and gift card, the GST
 * breakdown and Place order. A guest sees the cart and a Login button that opens the login
 * modal, which keeps the cart (the guest cart is merged at login) and lets the page carry on.
 * It starts from what the page's server read (`server`): the same views, now working.
 */
export function CheckoutContents({ server }: { server: CheckoutServerData }) {
  const { apiUrl } = usePublicConfig();
  const { user } = useShopper();
  const cart = usePageCart(server.cart);
  const loggedIn = user !== null;
  // The server's cart is the cart as the API has it now (null: it knew of none, as the page
  // shows); only when it could not be read does checkout wait for the API's answer (a guest
  // with no guest id has no cart yet).
  const [cartChecked, setCartChecked] = useState(
    () => server.cart !== undefined || (!loggedIn && readGuestId() === null),
  );
  const [leaving, setLeaving] = useState<string | null>(null);
  const t = useTranslations('checkout.page');

  useEffect(() => {
    if (cartChecked) return;
    void readCart(apiUrl, loggedIn ? null : readGuestId())
      .then((answer) => publishCartAnswer(answer.cart))
      .catch((error: unknown) => console.error(error instanceof Error ? error.message : error))
      .finally(() => setCartChecked(true));
  }, [apiUrl, cartChecked, loggedIn]);

  const items = cart?.items ?? [];

  if (leaving) {
    return (
      <>
        <h1 className={HEADING_CLASS}>{t('heading')}</h1>
        <p role="status" className="mt-8 text-center text-stone-700">
          {leaving}
        </p>
      </>
    );
  }
  if (!cartChecked && items.length === 0) return <CheckoutSkeleton />;
  if (items.length === 0) return <EmptyCheckout />;
  if (!user) return <GuestCheckout cart={cart} />;
  return (
    <ShopperCheckout
      key={user.id}
      user={{ id: user.id, name: user.name, phone: user.phone }}
      cart={cart}
      server={server}
      onLeave={setLeaving}
    />
  );
}

/**
 * The checkout of `userId` and the way to change it (a CheckoutStore): restored from browser
 * storage before the first render (checkout-state.ts), and stored again with each change, at
 * once, so the key of an order attempt is kept before its request goes and the reset checkout
 * before the browser leaves for a payment page.
 */
function useCheckoutStore(userId: string): [CheckoutState, CheckoutStore] {
  const [state, setState] = useState(() => loadCheckout(window.localStorage, userId));
  const latest = useRef(state);
  const store = useMemo<CheckoutStore>(
    () => ({
      get: () => latest.current,
      dispatch: (action) => {
        const next = checkoutReducer(latest.current, action);
        if (next === latest.current) return;
        latest.current = next;
        saveCheckout(window.localStorage, userId, next);
        setState(next);
      },
    }),
    [userId],
  );
  return [state, store];
}

/** What the browser reads when the page's server could not (`wanted`): the data, or the message of its failure. */
function useReadWhen<T>(
  apiUrl: string,
  wanted: boolean,
  load: (apiUrl: string) => Promise<T>,
): { data: T | null; error: string | null } {
  const [answer, setAnswer] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load(apiUrl).then(
      (data) => current && setAnswer({ data, error: null }),
      (error: unknown) =>
        current &&
        setAnswer({ data: null, error: error instanceof MutationError ? error.message : GENERIC_MESSAGES.fallback }),
    );
    return () => {
      current = false;
    };
  }, [apiUrl, wanted, load]);
  return answer;
}

type ShopperCheckoutProps = {
  user: CheckoutUser;
  cart: Cart | null;
  /** What the page's server read (the address book only counts when it was this same shopper's). */
  server: CheckoutServerData;
  /** The order is placed and the browser is on its way to pay or to the order: what to say meanwhile. */
  onLeave: (message: string) => void;
};

/** Checkout for a logged-in shopper: the model of ShopperCheckoutView from the checkout's state, and its actions. */
function ShopperCheckout({ user, cart, server, onLeave }: ShopperCheckoutProps) {
  const { apiUrl, nonce, razorpayCheckoutUrl } = usePublicConfig();
  const router = useRouter();
  const t = useTranslations('checkout');
  // The order keeps the language it was placed in (docs/behaviour.md "Languages of mails and invoices").
  const locale = useLocale();
  const [checkout, store] = useCheckoutStore(user.id);
  // What the server read is not asked again.
  const serverBook = server.user?.id === user.id ? server.book : null;
  const serverStates = server.states.length > 0 ? server.states : null;
  const serverOptions = server.options;
  const bookRead = useReadWhen(apiUrl, !serverBook, readAddressBook);
  const statesRead = useReadWhen(apiUrl, !serverStates, readGstStates);
  const optionsRead = useReadWhen(apiUrl, !serverOptions, readCheckoutOptions);
  const states = serverStates ?? statesRead.data ?? NO_STATES;
  const payments = serverOptions ?? optionsRead.data;
  const optionsError = serverOptions ? null : optionsRead.error;
  // A book that cannot be read is an empty one: the shopper types a new address.
  const book = serverBook ?? bookRead.data ?? (bookRead.error ? NO_ADDRESSES : null);
  const [saveAddress, setSaveAddress] = useState(true);
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const [cartReminders, setCartReminders] = useState(false);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [addressMessage, setAddressMessage] = useState<string | null>(null);
  const [businessErrors, setBusinessErrors] = useState<Partial<Record<BusinessField, string>>>({});
  const [status, setStatus] = useState('');
  const addressHeadingRef = useRef<HTMLHeadingElement>(null);
  const placeRef = useRef<HTMLDivElement>(null);

  const { paymentMethod, placing, orderError } = checkout;
  const couponCode = checkout.appliedCoupon;
  const giftCardCode = checkout.giftCard;
  const draft = checkout.addressDraft ?? draftFor(user);
  // The kept choice, if the book still has it, else the default: known in the first render, so
  // the first quote is already for the right address.
  const addressChoice = book ? initialChoice(checkout.addressChoice, book) : checkout.addressChoice;

  // Once the book is known, the checkout keeps where the shopper starts (the same choice changes nothing).
  useEffect(() => {
    if (book && addressChoice) store.dispatch({ type: 'addressChosen', choice: addressChoice });
  }, [book, addressChoice, store]);

  const chosen = book ? chosenAddress(addressChoice, book) : null;
  const destination = destinationOf(chosen, draft);
  const lines = orderableLines(cart);

  // One quote per change of the lines, the codes or the destination (the same body is served
  // from the quotes kept); none until the book says where to.
  const body = quoteBody({ lines, couponCode, giftCardCode, destination, paymentMethod });
  const { quote, quoting, error: taxError, quotedFor } = useQuote(apiUrl, book && lines.length > 0 ? body : null);

  // A code the new quote refused goes, its field says why, and the quote without it is kept.
  useEffect(() => {
    if (quote && quotedFor) quoteSettled(apiUrl, store, quotedFor, quote);
  }, [apiUrl, quote, quotedFor, store]);

  const appliedCoupon = couponCode && quote?.coupon?.code === couponCode ? quote.coupon : null;
  const giftCard = giftCardCode && quote?.additionalCoupon?.code === giftCardCode ? quote.additionalCoupon : null;
  const couponError = checkout.couponError ?? (couponCode && quote ? refusalOf(quote, 'coupon') : null);
  const giftCardError = checkout.giftCardError ?? (giftCardCode && quote ? refusalOf(quote, 'giftCard') : null);
  const total = quote?.totalAmount ?? null;
  // The store credit pays what the gift card leaves, as far as it goes; the API works it out again.
  const [useCredit, setUseCredit] = useState(false);
  const creditAvailable = server.user?.id === user.id ? (server.storeCredit ?? 0) : 0;
  const quotedPayable = quote?.amountPayable ?? null;
  const walletPart = useCredit && quotedPayable !== null ? Math.min(creditAvailable, quotedPayable) : 0;
  const payable = quotedPayable === null ? null : Math.round((quotedPayable - walletPart) * 100) / 100;
  const codReason = payments && codUnavailableReason(payments, payable);

  // Cash on delivery chosen earlier stops being a choice once the amount passes its limit.
  useEffect(() => {
    if (paymentMethod === 'cod' && codReason) store.dispatch({ type: 'paymentMethodChosen', method: null });
  }, [paymentMethod, codReason, store]);

  // Say the new amount once it settles (totals are announced to screen readers); the last one
  // stays while a new quote is asked.
  const settled = payable !== null && !quoting ? t('page.amountPayable', { amount: formatPrice(payable) }) : null;
  if (settled !== null && settled !== status) setStatus(settled);

  const stateName = destination?.state || null;
  const changeDraft = useCallback(
    (next: AddressDraft) => {
      store.dispatch({ type: 'addressTyped', draft: next });
      setAddressErrors({});
    },
    [store],
  );
  const lookup = useCallback((pincode: string) => lookupPincode(apiUrl, pincode), [apiUrl]);

  /** Applies a coupon or a gift card; a toast says it worked, the field says why not. */
  const apply = async (kind: CodeKind, code: string) => {
    const result = await applyCode(apiUrl, store, { kind, code, lines, destination, paymentMethod });
    if (result.ok) toast.success(result.message);
    return result.ok;
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
      setAddressMessage(t('page.chooseAddress'));
      addressHeadingRef.current?.focus();
      return;
    }
    const businessCheck = checkBusiness(checkout.business, shippingAddress.state, states);
    setBusinessErrors(businessCheck.ok ? {} : businessCheck.errors);
    if (!businessCheck.ok) {
      const first = businessCheck.errors.gstin ? 'gstin' : 'businessName';
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (whatsappUpdates && !placing) {
      // Saved before the order, so its first update (or its COD confirmation) already goes on
      // WhatsApp; a refusal leaves the order to be placed, updates by mail only.
      await saveWhatsappOptIn(apiUrl, { optedIn: true, phone: shippingAddress.phone }).catch((error: unknown) =>
        console.error(error instanceof Error ? error.message : error),
      );
    }
    if (cartReminders && !placing) {
      // The shopper's consent, given by ticking the box; a refusal leaves the order to be placed.
      await giveConsent(apiUrl, 'cart_reminders', true).catch((error: unknown) =>
        console.error(error instanceof Error ? error.message : error),
      );
    }
    const outcome = await placeOrder(apiUrl, store, {
      shippingAddress,
      saveAddress: chosen === 'new' && saveAddress,
      ...businessCheck.body,
      locale,
      useStoreCredit: useCredit && creditAvailable > 0,
    });
    // A second click while the first is on its way is simply not sent.
    if (outcome.kind === 'skipped') return;
    if (outcome.kind === 'placed') {
      const { order } = outcome;
      // The order holds the cart now: the header's cart empties.
      void readCart(apiUrl, null)
        .then((answer) => publishCartAnswer(answer.cart))
        .catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
      const { paymentUrl } = order;
      const toConfirmation = () =>
        router.push(`/checkout/confirmation/${encodeURIComponent(order.id)}`, { scroll: false });
      if (paymentUrl && order.paymentGateway === 'razorpay' && razorpayCheckoutUrl) {
        // Razorpay's modal opens here; loaded now, never with the page. Without it, its page on the API.
        onLeave(t('page.leavingToPayment'));
        import('./razorpay-modal')
          .then(({ payWithRazorpay }) =>
            payWithRazorpay({ apiUrl, paymentUrl, scriptUrl: razorpayCheckoutUrl, nonce, onClosed: toConfirmation }),
          )
          .catch(() => window.location.assign(paymentUrl));
      } else if (paymentUrl) {
        onLeave(t('page.leavingToPayment'));
        window.location.assign(paymentUrl);
      } else {
        toConfirmation();
        onLeave(t('page.leavingToOrder'));
      }
      return;
    }
    const { message } = outcome;
    if (isAddressMessage(message)) {
      addressHeadingRef.current?.focus();
    } else if (isBusinessMessage(message)) {
      setBusinessErrors({ gstin: message });
    } else {
      toast.error(message);
      placeRef.current?.focus();
    }
  };

  const actions: ShopperCheckoutActions = {
    chooseAddress: (choice: AddressChoice) => {
      setAddressMessage(null);
      store.dispatch({ type: 'addressChosen', choice });
    },
    changeDraft,
    setSaveAddress,
    lookupPincode: lookup,
    changeBusiness: (next: BusinessDraft) => {
      store.dispatch({ type: 'businessTyped', business: next });
      setBusinessErrors({});
    },
    choosePayment: (method: PaymentMethod) => store.dispatch({ type: 'paymentMethodChosen', method }),
    applyCoupon: (code) => apply('coupon', code),
    removeCoupon: () => store.dispatch({ type: 'codeRemoved', kind: 'coupon' }),
    applyGiftCard: (code) => apply('giftCard', code),
    removeGiftCard: () => store.dispatch({ type: 'codeRemoved', kind: 'giftCard' }),
    useStoreCredit: setUseCredit,
    setWhatsappUpdates,
    setCartReminders,
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
        whatsappUpdates,
        cartReminders,
        addressErrors,
        addressMessage: addressMessage ?? addressApiMessage,
        deliveryPromise: <DeliveryPromise pincode={destination?.postalCode} />,
        business: checkout.business,
        businessErrors,
        payments,
        optionsError,
        paymentMethod,
        summaryLines: lines.map(toSummaryLine),
        coupon: {
          applied: appliedCoupon && {
            code: appliedCoupon.code,
            details: (
              <p data-testid="coupon-saving">
                {t('code.youSave', { amount: formatPrice(appliedCoupon.discountAmount) })}
              </p>
            ),
          },
          busy: checkout.couponBusy,
          error: couponError,
        },
        giftCard: {
          applied: giftCard && {
            code: giftCard.code,
            details: (
              <p data-testid="gift-card-cover">
                {giftCard.remainingBalance !== null
                  ? t('code.giftCardPaysRemaining', {
                      amount: formatPrice(giftCard.amount),
                      remaining: formatPrice(giftCard.remainingBalance),
                    })
                  : t('code.giftCardPays', { amount: formatPrice(giftCard.amount) })}
              </p>
            ),
          },
          busy: checkout.giftCardBusy,
          error: giftCardError,
          unavailable: total === null ? t('code.giftCardLater') : null,
        },
        storeCredit: creditAvailable > 0 ? { available: creditAvailable, use: useCredit } : null,
        figures: {
          ...figuresBeforeQuote(lines, cart),
          coupon: appliedCoupon && { code: appliedCoupon.code, amount: appliedCoupon.discountAmount },
          taxes: quote && {
            components: quote.taxes,
            totalTax: quote.totalTax,
            pricesIncludeTax: quote.pricesIncludeTax,
            note: { pricesIncludeTax: quote.pricesIncludeTax, split: splitOfQuote(quote), stateName },
          },
          delivery: quote ? { amount: quote.shippingAmount, shortfall: quote.freeDeliveryShortfall } : undefined,
          codFee: quote?.codFee,
          total,
          giftCard: giftCard && { code: giftCard.code, amount: giftCard.amount },
          wallet: walletPart,
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
