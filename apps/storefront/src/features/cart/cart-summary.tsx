import { rupeesToPaise, type Cart } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { DeliveryRow } from '@/components/delivery-row';
import { formatPrice } from '@/lib/format';

/** The saving on MRP in rupees: MRP total less the amount to pay, never below 0 (exact, in paise). */
export function discountOnMrp(cart: Pick<Cart, 'totalMrp' | 'totalAmount'>): number {
  return Math.max(0, rupeesToPaise(cart.totalMrp) - rupeesToPaise(cart.totalAmount)) / 100;
}

/**
 * The price details of the cart page: MRP total, discount on MRP and the amount
 * (`totalAmount`, before coupons; the lines that cannot be bought are not counted), delivery (FREE
 * or its charge, with what is missing for free delivery; behaviour.md §4), then the
 * way to checkout, or why checkout has to wait (`blockedBy`).
 */
export function CartSummary({ cart, blockedBy }: { cart: Cart; blockedBy: string | null }) {
  const t = useTranslations('cart.summary');
  const tPage = useTranslations('cart.page');
  const discount = discountOnMrp(cart);
  return (
    <section
      aria-labelledby="price-details"
      className="rounded-lg border border-stone-200 bg-stone-50 p-5 lg:sticky lg:top-24"
    >
      <h2 id="price-details" className="text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {t('heading')} <span className="font-normal normal-case">{tPage('itemCount', { count: cart.itemCount })}</span>
      </h2>
      <dl className="mt-4 space-y-2.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">{t('totalMrp')}</dt>
          <dd className="text-stone-900 tabular-nums" data-testid="total-mrp">
            {formatPrice(cart.totalMrp)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">{t('discountOnMrp')}</dt>
          <dd
            className={`tabular-nums ${discount > 0 ? 'text-emerald-800' : 'text-stone-900'}`}
            data-testid="total-discount"
          >
            {discount > 0 ? `− ${formatPrice(discount)}` : formatPrice(0)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base font-semibold">
          <dt className="text-stone-900">{t('totalAmount')}</dt>
          <dd className="text-stone-900 tabular-nums" data-testid="total-amount">
            {formatPrice(cart.totalAmount)}
          </dd>
        </div>
        {cart.delivery && (
          <DeliveryRow
            amount={cart.delivery.charge}
            shortfall={cart.delivery.shortfall}
            className="flex justify-between gap-4 text-stone-900"
          />
        )}
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        {cart.delivery && cart.delivery.charge > 0 ? t('taxNoteDelivery') : t('taxNote')}
      </p>
      {blockedBy ? (
        <>
          <button
            type="button"
            disabled
            aria-describedby="checkout-blocked"
            className="mt-5 w-full cursor-not-allowed rounded-md bg-stone-200 px-5 py-3 text-sm font-semibold tracking-wide text-stone-600 uppercase"
          >
            {t('checkout')}
          </button>
          <p id="checkout-blocked" className="mt-2 text-xs text-red-800">
            {blockedBy}
          </p>
        </>
      ) : (
        <Link
          href="/checkout"
          className="mt-5 block w-full rounded-md bg-brand-700 px-5 py-3 text-center text-sm font-semibold tracking-wide text-white uppercase hover:bg-brand-800"
        >
          {t('checkout')}
        </Link>
      )}
      <p className="mt-4 text-center">
        <Link href="/shop" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('continueShopping')}
        </Link>
      </p>
    </section>
  );
}
