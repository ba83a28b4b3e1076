import type { Cart, CartItem } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { CheckDelivery } from '@/components/check-delivery';
import { EmptyState } from '@/components/ui/empty-state';
import { checkoutBlockedBy } from '@/lib/cart-lines';
import { CartLine } from './cart-line';
import { CartSummary } from './cart-summary';

const HEADING_CLASS = 'text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl';

/** What the cart page shows: the cart (null: none, so the empty cart), or `loading` for its skeleton. */
export type CartViewProps = {
  cart: Cart | null;
  loading?: boolean;
  /** Lines whose change is on its way to the API. */
  busyItems?: ReadonlySet<string>;
  onQuantity?: (item: CartItem, quantity: number) => void;
  onRemove?: (item: CartItem) => void;
  headingRef?: Ref<HTMLHeadingElement>;
  /** What the last change did, for the polite live region. */
  status?: string;
};

const NO_ITEMS: ReadonlySet<string> = new Set();

/**
 * The cart page's markup (behaviour.md §2, §3 Cart): the heading with the count, the lines with
 * their quantity steppers and Remove, Check delivery, the price details and Checkout, or the
 * empty cart with 'Continue shopping'. Rendered by the server from its cart first (ServerCartView,
 * a server component there, every control disabled) and then by the client island
 * (cart-template.tsx) with the same props plus its handlers, so the page does not move when the
 * island takes over. No hooks but next-intl's useTranslations (which works on both sides)
 * and no 'use client': it is a server component or a client one as its importer is.
 */
export function CartView({
  cart,
  loading = false,
  busyItems = NO_ITEMS,
  onQuantity,
  onRemove,
  headingRef,
  status = '',
}: CartViewProps) {
  const t = useTranslations('cart.page');
  const items = cart?.items ?? [];
  let body: React.ReactNode;
  if (loading) {
    body = <CartSkeleton />;
  } else if (!cart || items.length === 0) {
    body = (
      <EmptyState
        headingLevel="h2"
        heading={t('emptyHeading')}
        body={t('emptyBody')}
        actions={[{ label: t('continueShopping'), href: '/shop' }]}
      />
    );
  } else {
    body = (
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <section aria-labelledby="cart-items">
          <h2 id="cart-items" className="sr-only">
            {t('itemsHeading')}
          </h2>
          <ul className="divide-y divide-stone-200 border-y border-stone-200">
            {items.map((item, index) => (
              <CartLine
                key={item.id}
                item={item}
                aboveTheFold={index < 2}
                busy={busyItems.has(item.id)}
                onQuantity={onQuantity && ((quantity) => onQuantity(item, quantity))}
                onRemove={onRemove && (() => onRemove(item))}
              />
            ))}
          </ul>
          <CheckDelivery />
        </section>
        <CartSummary cart={cart} blockedBy={checkoutBlockedBy(items)} />
      </div>
    );
  }

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className={`${HEADING_CLASS} focus:outline-none`}>
        {t('heading')}
        {cart && cart.itemCount > 0 && (
          <span className="ml-2 text-base font-normal text-stone-600">{t('itemCount', { count: cart.itemCount })}</span>
        )}
      </h1>
      {body}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {status}
      </p>
    </>
  );
}

/**
 * The cart page as the server read it (undefined: it could not be read, so the skeleton),
 * before the client island is there: the same markup with every control disabled (a
 * disabled fieldset), so no click is silently lost; links work as links. Rendered by the page,
 * a server component, so none of its code is the browser's to load.
 */
export function ServerCartView({ cart }: { cart: Cart | null | undefined }) {
  return (
    <fieldset disabled className="contents">
      <CartView cart={cart ?? null} loading={cart === undefined} />
    </fieldset>
  );
}

function CartSkeleton() {
  return (
    <div aria-hidden="true" className="mt-4 grid animate-pulse gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
      <div className="divide-y divide-stone-100 border-y border-stone-100">
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-4 py-5">
            <div className="aspect-[3/4] w-24 rounded-md bg-stone-100 sm:w-28" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-24 rounded bg-stone-100" />
              <div className="h-4 w-3/4 rounded bg-stone-100" />
              <div className="h-4 w-1/3 rounded bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-64 rounded-lg bg-stone-100" />
    </div>
  );
}
