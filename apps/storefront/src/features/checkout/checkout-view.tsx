import type {
  AddressBookEntry,
  Cart,
  CartItem,
  CheckoutOptions,
  GstState,
  PaymentMethod,
  PincodeInfo,
  PolicySlug,
} from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { CartRemindersBox } from '@/components/cart-reminders-box';
import { PrivacyNotice } from '@/components/privacy-notice';
import { Link } from '@/i18n/navigation';
import { SpecMessage } from '@/i18n/spec-messages';
import type { ReactNode, RefObject } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/form';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { OrderTotals, type TotalsFigures } from '@/components/order-totals';
import { checkoutBlockedBy, lineImage, orderableLines } from '@/lib/cart-lines';
import { formatPrice } from '@/lib/format';
import { draftFor, initialChoice, type AddressChoice, type AddressDraft, type AddressField } from './address-draft';
import { AddressSection } from './address-section';
import { EMPTY_BUSINESS, type BusinessDraft, type BusinessField } from './business-draft';
import { BusinessSection } from './business-section';
import { CodeField } from './code-field';
import { SummaryLines, type SummaryLine } from './order-summary';
import { PaymentMethods } from './payment-methods';

/**
 * The checkout page's markup (behaviour.md §2, §4 Pricing), shared by the server's first render
 * (ServerCheckoutView, a server component there: the shopper's data, every control disabled)
 * and the client island (checkout-template.tsx), which renders the same views with its
 * handlers, so the page does not move when the island takes over (docs/architecture.md "Cart
 * and checkout pages"). No 'use client' and no hooks but useId and useTranslations: what needs the browser (the code
 * fields, the new-address form, the login button) are client components of their own.
 */

export const HEADING_CLASS = 'text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl';

/** Who checks out, as the page needs them: the form's name and mobile number come from here. */
export type CheckoutUser = { id: string; name: string; phone: string | null };

/**
 * What the page's server read as the shopper. `cart`: null when there is none, undefined when
 * the API could not be read; `user` null for a guest; `book` and `options` null for a guest or
 * when they could not be read; `states` empty when they could not be (the island asks the API
 * for what is missing).
 */
export type CheckoutServerData = {
  cart?: Cart | null;
  user: CheckoutUser | null;
  book: AddressBookEntry[] | null;
  states: GstState[];
  options: CheckoutOptions | null;
  /** The shopper's store credit balance in rupees; null when unknown (behaviour.md "Store credit"). */
  storeCredit: number | null;
};

/** A cart line as the order summary shows it. */
export const toSummaryLine = (item: CartItem): SummaryLine => ({
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

export function CheckoutSkeleton() {
  const t = useTranslations('checkout.page');
  return (
    <>
      <h1 className={HEADING_CLASS}>{t('heading')}</h1>
      <div aria-hidden="true" className="mt-6 grid animate-pulse gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <div className="space-y-6">
          <div className="h-72 rounded-xl bg-stone-100" />
          <div className="h-40 rounded-xl bg-stone-100" />
        </div>
        <div className="h-96 rounded-xl bg-stone-100" />
      </div>
    </>
  );
}

export function EmptyCheckout() {
  const t = useTranslations('checkout.page');
  return (
    <EmptyState
      heading={t('emptyHeading')}
      body={t('emptyBody')}
      actions={[{ label: t('continueShopping'), href: '/shop' }]}
    />
  );
}

/** A guest's checkout: 'Log in to check out' (the login modal keeps the cart) beside the cart's lines. */
export function GuestCheckout({ cart }: { cart: Cart | null }) {
  const t = useTranslations('checkout.page');
  return (
    <>
      <h1 className={HEADING_CLASS}>{t('heading')}</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <section aria-labelledby="checkout-login" className="rounded-xl border border-stone-200 p-4 sm:p-6">
          <h2 id="checkout-login" className="text-lg font-semibold text-stone-900">
            {t('loginHeading')}
          </h2>
          <LoginPrompt message={t('loginMessage')} />
        </section>
        <aside aria-labelledby="checkout-summary" className="rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5">
          <h2 id="checkout-summary" className="text-lg font-semibold text-stone-900">
            {t('summaryHeading')}
          </h2>
          <SummaryLines lines={orderableLines(cart).map(toSummaryLine)} />
          <p className="mt-2 flex justify-between border-t border-stone-200 pt-3 text-base font-semibold">
            <span>{t('subtotal', { count: cart?.itemCount ?? 0 })}</span>
            <span className="tabular-nums" data-testid="subtotal">
              {formatPrice(cart?.totalAmount ?? 0)}
            </span>
          </p>
        </aside>
      </div>
    </>
  );
}

/** A coupon or gift card as the summary shows it: the code applied with what it does, or why not. */
export type CodeState = {
  applied: { code: string; details: ReactNode } | null;
  busy: boolean;
  error: string | null;
  unavailable?: string | null;
};

/** Everything the logged-in shopper's checkout shows. */
export type ShopperCheckoutModel = {
  /** The address book; null while it loads. */
  book: AddressBookEntry[] | null;
  states: GstState[];
  choice: AddressChoice | null;
  draft: AddressDraft;
  saveAddress: boolean;
  addressErrors: Partial<Record<AddressField, string>>;
  addressMessage: string | null;
  /** The delivery promise for the chosen address (the island's, read in the browser, so given from outside). */
  deliveryPromise: ReactNode;
  business: BusinessDraft;
  businessErrors: Partial<Record<BusinessField, string>>;
  payments: CheckoutOptions | null;
  optionsError: string | null;
  paymentMethod: PaymentMethod | null;
  summaryLines: SummaryLine[];
  coupon: CodeState;
  giftCard: CodeState;
  /** The store credit the shopper may use (rupees) and whether they chose to; null: none to use. */
  storeCredit: { available: number; use: boolean } | null;
  /** Whether the shopper ticked "Get order updates on WhatsApp" (docs/behaviour.md "WhatsApp updates"). */
  whatsappUpdates: boolean;
  /** Whether the shopper ticked the cart reminders box (never pre-ticked; docs/behaviour.md "Consent and the privacy notice"). */
  cartReminders: boolean;
  figures: TotalsFigures;
  taxError: string | null;
  /** What the live region says (the settled amount payable). */
  status: string;
  blockedBy: string | null;
  placeMessage: string | null;
  placing: boolean;
};

/** What the shopper's checkout does; the server's render has none (its controls are disabled). */
export type ShopperCheckoutActions = {
  chooseAddress: (choice: AddressChoice) => void;
  changeDraft: (draft: AddressDraft) => void;
  setSaveAddress: (save: boolean) => void;
  lookupPincode: (pincode: string) => Promise<PincodeInfo | null>;
  changeBusiness: (draft: BusinessDraft) => void;
  choosePayment: (method: PaymentMethod) => void;
  applyCoupon: (code: string) => Promise<boolean>;
  removeCoupon: () => void;
  applyGiftCard: (code: string) => Promise<boolean>;
  removeGiftCard: () => void;
  useStoreCredit: (use: boolean) => void;
  setWhatsappUpdates: (want: boolean) => void;
  setCartReminders: (want: boolean) => void;
  placeOrder: () => void;
};

/**
 * Checkout for a logged-in shopper: 1 the delivery address, its delivery promise, the optional
 * business buyer, 2 the payment method; the order summary with the coupon and gift card fields,
 * the totals and Place order. `actions` null: nothing works yet (the server's render).
 */
export function ShopperCheckoutView({
  model,
  actions,
  addressHeadingRef,
  placeRef,
}: {
  model: ShopperCheckoutModel;
  actions: ShopperCheckoutActions | null;
  addressHeadingRef?: RefObject<HTMLHeadingElement | null>;
  placeRef?: RefObject<HTMLDivElement | null>;
}) {
  const t = useTranslations('checkout.page');
  const { coupon, giftCard } = model;
  return (
    <>
      <h1 className={HEADING_CLASS}>{t('heading')}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <div className="space-y-6">
          <AddressSection
            book={model.book}
            states={model.states}
            choice={model.choice}
            onChoose={actions?.chooseAddress}
            draft={model.draft}
            onDraftChange={actions?.changeDraft}
            saveAddress={model.saveAddress}
            onSaveAddressChange={actions?.setSaveAddress}
            lookupPincode={actions?.lookupPincode ?? null}
            errors={model.addressErrors}
            message={model.addressMessage}
            headingRef={addressHeadingRef}
          />
          {model.deliveryPromise}
          <BusinessSection draft={model.business} onChange={actions?.changeBusiness} errors={model.businessErrors} />
          <PaymentMethods
            options={model.payments}
            error={model.optionsError}
            payable={model.figures.payable}
            method={model.paymentMethod}
            onChoose={actions?.choosePayment}
          />
          {model.storeCredit && (
            <label className="flex items-center gap-3 rounded-xl border border-stone-200 p-4 text-sm font-medium text-stone-900">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={model.storeCredit.use}
                disabled={!actions}
                // The server's render takes no handler (disabled until the island is up).
                onChange={actions ? (event) => actions.useStoreCredit(event.target.checked) : undefined}
              />
              {t('useStoreCredit', { amount: formatPrice(model.storeCredit.available) })}
            </label>
          )}
          <WhatsappUpdatesChoice
            checked={model.whatsappUpdates}
            onChange={actions ? actions.setWhatsappUpdates : undefined}
          />
          <CartRemindersBox
            checked={model.cartReminders}
            onChange={actions ? actions.setCartReminders : undefined}
            className="flex items-start gap-3 rounded-xl border border-stone-200 p-4 text-sm font-medium text-stone-900"
          />
        </div>

        <aside
          aria-labelledby="checkout-summary"
          className="space-y-5 self-start rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5 lg:sticky lg:top-24"
        >
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="checkout-summary" className="text-lg font-semibold text-stone-900">
              {t('summaryHeading')}
            </h2>
            <Link href="/cart" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
              {t('editCart')}
            </Link>
          </div>
          <SummaryLines lines={model.summaryLines} />
          <div className="space-y-3 border-t border-stone-200 pt-4">
            <CodeField
              kind="coupon"
              applied={coupon.applied}
              busy={coupon.busy}
              error={coupon.error}
              onApply={actions?.applyCoupon}
              onRemove={actions?.removeCoupon}
            />
            <CodeField
              kind="giftCard"
              applied={giftCard.applied}
              busy={giftCard.busy}
              error={giftCard.error}
              unavailable={giftCard.unavailable}
              onApply={actions?.applyGiftCard}
              onRemove={actions?.removeGiftCard}
            />
          </div>
          <div className="border-t border-stone-200 pt-4">
            <OrderTotals
              figures={model.figures}
              pending={
                model.taxError && (
                  <p className="mt-2 text-sm text-red-800">
                    <SpecMessage text={model.taxError} />
                  </p>
                )
              }
            />
            <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
              {model.status}
            </p>
          </div>
          <div ref={placeRef} tabIndex={-1} className="space-y-3 focus:outline-none">
            {model.blockedBy && (
              <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {model.blockedBy}{' '}
                <Link href="/cart" className="font-semibold underline">
                  {t('goToCart')}
                </Link>
              </p>
            )}
            <FormMessage message={model.placeMessage} />
            <PrivacyNotice moment="checkout" />
            <button
              type="button"
              onClick={actions?.placeOrder}
              disabled={model.placing || model.blockedBy !== null}
              className="w-full rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold tracking-wide text-white uppercase hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-600"
            >
              {model.placing ? t('placing') : t('placeOrder')}
            </button>
            <p className="text-xs text-stone-600">
              {t.rich('agreement', {
                terms: (chunks) => <PolicyLink slug="terms">{chunks}</PolicyLink>,
                returns: (chunks) => <PolicyLink slug="returns-refunds-exchanges">{chunks}</PolicyLink>,
                shipping: (chunks) => <PolicyLink slug="shipping">{chunks}</PolicyLink>,
                cancellation: (chunks) => <PolicyLink slug="cancellation">{chunks}</PolicyLink>,
                privacy: (chunks) => <PolicyLink slug="privacy">{chunks}</PolicyLink>,
              })}
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}

/** A link to a policy page under the place-order button (behaviour.md "Policies and listing details"). */
function PolicyLink({ slug, children }: { slug: PolicySlug; children: ReactNode }) {
  return (
    <Link prefetch={false} href={`/policies/${slug}`} className="underline hover:text-stone-900">
      {children}
    </Link>
  );
}

/** "Get order updates on WhatsApp", on the delivery address's number (docs/behaviour.md "WhatsApp updates"). */
function WhatsappUpdatesChoice({ checked, onChange }: { checked: boolean; onChange?: (want: boolean) => void }) {
  const t = useTranslations('checkout.whatsapp');
  return (
    <label className="flex items-start gap-3 rounded-xl border border-stone-200 p-4 text-sm font-medium text-stone-900">
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        checked={checked}
        disabled={!onChange}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
      />
      <span>
        {t('label')}
        <span className="mt-1 block text-xs font-normal text-stone-600">{t('hint')}</span>
      </span>
    </label>
  );
}

/** The delivery promise's place before it can be told (DeliveryPromise with no answer yet). */
export function DeliveryPromisePlaceholder() {
  return <p aria-live="polite" data-testid="checkout-delivery" className="text-sm text-stone-700" />;
}

/** The figures before a quote: the lines' subtotal; GST, the total and what is left to pay follow with the quote. */
export function figuresBeforeQuote(lines: readonly CartItem[], cart: Cart | null): TotalsFigures {
  return {
    itemCount: lines.reduce((n, line) => n + line.quantity, 0),
    subtotal: cart?.totalAmount ?? 0,
    coupon: null,
    taxes: null,
    total: null,
    giftCard: null,
    payable: null,
  };
}

/**
 * The shopper's checkout as the server read it: the default address chosen, nothing applied, no quote yet;
 * `giftCardLater` says why no gift card can be applied yet, in the page's language.
 */
function serverModel(
  server: CheckoutServerData & { user: CheckoutUser },
  cart: Cart,
  giftCardLater: string,
): ShopperCheckoutModel {
  const { book, user } = server;
  const lines = orderableLines(cart);
  const draft = draftFor(user);
  const choice = book ? initialChoice(null, book) : null;
  const figures = figuresBeforeQuote(lines, cart);
  return {
    book,
    states: server.states,
    choice,
    draft,
    saveAddress: true,
    whatsappUpdates: false,
    cartReminders: false,
    addressErrors: {},
    addressMessage: null,
    deliveryPromise: <DeliveryPromisePlaceholder />,
    business: EMPTY_BUSINESS,
    businessErrors: {},
    payments: server.options,
    optionsError: null,
    paymentMethod: null,
    summaryLines: lines.map(toSummaryLine),
    coupon: { applied: null, busy: false, error: null },
    giftCard: {
      applied: null,
      busy: false,
      error: null,
      unavailable: giftCardLater,
    },
    storeCredit: server.storeCredit ? { available: server.storeCredit, use: false } : null,
    figures,
    taxError: null,
    status: '',
    blockedBy: checkoutBlockedBy(cart.items),
    placeMessage: null,
    placing: false,
  };
}

/**
 * The checkout as the page's server read it, before the client island is there: the
 * guest's or the shopper's view with their data, every control disabled (a disabled fieldset),
 * so no click is silently lost; links work as links. Rendered by the page, a server component.
 */
export function ServerCheckoutView({ server }: { server: CheckoutServerData }) {
  const t = useTranslations('checkout.code');
  const { cart, user } = server;
  let view: ReactNode;
  if (cart === undefined) view = <CheckoutSkeleton />;
  else if (!cart || cart.items.length === 0) view = <EmptyCheckout />;
  else if (!user) view = <GuestCheckout cart={cart} />;
  else view = <ShopperCheckoutView model={serverModel({ ...server, user }, cart, t('giftCardLater'))} actions={null} />;
  return (
    <fieldset disabled className="contents">
      {view}
    </fieldset>
  );
}
