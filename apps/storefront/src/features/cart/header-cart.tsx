'use client';

import type { Cart } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation';
import { BagIcon } from '@/components/ui/icons';
import { MediaThumbnail } from '@/components/ui/media-thumbnail';
import { lineImage } from '@/lib/cart-lines';
import { formatPrice } from '@/lib/format';
import { useCart } from './cart-provider';

/** Lines the mini cart shows before "and N more". */
const MINI_CART_LINES = 3;

/**
 * The header's cart (behaviour.md §2): a link to /cart with a badge counting the pieces in the cart. Its
 * accessible name carries the count ("Cart, 3 items"); the badge itself is only drawn. On
 * large screens, pointing at it or focusing it opens a small panel with the first lines and
 * the amount (as the category menu opens); a tap on a phone goes straight to the cart page.
 */
export function HeaderCart() {
  const t = useTranslations('cart.header');
  const { cart, itemCount } = useCart();
  const pathname = usePathname();
  const onCartPage = pathname === '/cart';
  return (
    <div className="group relative">
      <Link
        href="/cart"
        aria-label={t('label', { count: itemCount })}
        aria-current={onCartPage ? 'page' : undefined}
        className="relative grid size-10 place-items-center rounded-full text-stone-800 hover:bg-stone-100"
      >
        <BagIcon width={22} height={22} />
        {itemCount > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[11px] leading-none font-bold text-white tabular-nums"
          >
            {itemCount > 99 ? '99+' : itemCount}
          </span>
        )}
      </Link>
      {cart && itemCount > 0 && !onCartPage && <MiniCart cart={cart} />}
    </div>
  );
}

function MiniCart({ cart }: { cart: Cart }) {
  const t = useTranslations('cart.header');
  const tPage = useTranslations('cart.page');
  const shown = cart.items.slice(0, MINI_CART_LINES);
  const more = cart.items.length - shown.length;
  return (
    <div className="invisible absolute top-full right-0 z-40 hidden w-80 pt-2 opacity-0 transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 lg:block">
      <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-xl">
        <p className="text-sm font-semibold text-stone-900">
          {t('yourCart')}{' '}
          <span className="font-normal text-stone-600">{tPage('itemCount', { count: cart.itemCount })}</span>
        </p>
        <ul className="mt-3 space-y-3">
          {shown.map((item) => (
            <li key={item.id} className="flex gap-3">
              <div className="relative h-16 w-12 shrink-0 overflow-hidden rounded bg-stone-100">
                <MediaThumbnail url={lineImage(item)} sizes="48px" />
              </div>
              <div className="min-w-0 text-sm">
                <p className="truncate text-stone-800">{item.product.name}</p>
                <p className="text-stone-600">
                  {t('lineDetail', {
                    size: item.variant.size,
                    quantity: item.quantity,
                    price: formatPrice(item.price),
                  })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {more > 0 && <p className="mt-2 text-xs text-stone-600">{t('more', { count: more })}</p>}
        <p className="mt-3 flex justify-between border-t border-stone-200 pt-3 text-sm font-semibold text-stone-900">
          <span>{t('totalAmount')}</span>
          <span className="tabular-nums">{formatPrice(cart.totalAmount)}</span>
        </p>
        <Link
          href="/cart"
          className="mt-3 block rounded-md bg-brand-700 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('viewCart')}
        </Link>
      </div>
    </div>
  );
}
