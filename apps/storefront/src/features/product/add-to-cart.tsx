'use client';

import { SpecMessage } from '@/i18n/spec-messages';
import { CART_MESSAGES, MAX_LINE_QUANTITY, type Variant } from '@vastra/contracts';
import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { BagIcon } from '@/components/ui/icons';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * The product page's quantity and Add to cart button (behaviour.md §3 Cart: productId, variantId,
 * quantity). A size has to be chosen first, and the button says so otherwise. While the call
 * runs the button is busy; then a toast says 'Item added to cart' (or shows the API's message,
 * such as "Only 3 left in stock for this size.") and a link to the cart appears. The call goes
 * through the write helper (add-to-cart-write.ts, loaded with the first tap); the answered cart
 * goes to the cart context and browser storage, so the header's badge counts it.
 * Disabled until hydrated, so the first tap is never lost.
 */
export function AddToCart({
  productId,
  variant,
  available,
}: {
  productId: string;
  /** The chosen size of the chosen colour, if any. */
  variant: Variant | undefined;
  /** Whether any size of the colour can be bought. */
  available: boolean;
}) {
  const ids = useId();
  const t = useTranslations('product.cart');
  const { user } = useShopper();
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [askedForSize, setAskedForSize] = useState(false);
  const [added, setAdded] = useState(false);

  const max = variant ? Math.max(1, Math.min(variant.stock, MAX_LINE_QUANTITY)) : 1;
  const chosen = Math.min(quantity, max);
  const needSize = askedForSize && !variant;

  const add = async () => {
    if (!variant) {
      setAskedForSize(true);
      return;
    }
    setBusy(true);
    try {
      const { writeAddToCart } = await import('./add-to-cart-write');
      const ok = await writeAddToCart(apiUrl, { productId, variantId: variant.id, quantity: chosen }, user !== null);
      if (ok) setAdded(true);
    } finally {
      setBusy(false);
    }
  };

  if (!available) {
    return (
      <button
        type="button"
        disabled
        className="w-full cursor-not-allowed rounded-md bg-stone-200 px-6 py-3.5 text-sm font-semibold tracking-wide text-stone-600 uppercase sm:w-auto sm:min-w-64"
      >
        {t('outOfStock')}
      </button>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${ids}-quantity`} className="mb-1 block text-xs font-semibold text-stone-700 uppercase">
            {t('quantity')}
          </label>
          <select
            id={`${ids}-quantity`}
            value={chosen}
            disabled={!variant || !hydrated}
            onChange={(event) => setQuantity(Number(event.target.value))}
            className="h-12 rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 disabled:bg-stone-50 disabled:text-stone-500"
          >
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={add}
          disabled={busy || !hydrated}
          aria-describedby={needSize ? `${ids}-size` : undefined}
          className="flex h-12 min-w-0 flex-1 items-center justify-center gap-2 rounded-md bg-brand-700 px-6 text-sm font-semibold tracking-wide whitespace-nowrap text-white uppercase hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-600 sm:min-w-64 sm:flex-none"
        >
          <BagIcon width={18} height={18} />
          {busy ? t('adding') : t('add')}
        </button>
        {added && (
          <Link
            href="/cart"
            className="flex h-12 w-full items-center justify-center rounded-md border border-stone-300 px-5 text-sm font-semibold tracking-wide text-stone-900 uppercase hover:border-stone-900 sm:w-auto"
          >
            {t('goToCart')} <span aria-hidden="true">&nbsp;→</span>
          </Link>
        )}
      </div>
      <div aria-live="assertive">
        {needSize && (
          <p id={`${ids}-size`} className="text-sm font-semibold text-red-700">
            <SpecMessage text={CART_MESSAGES.variantRequired} />
          </p>
        )}
      </div>
    </div>
  );
}
