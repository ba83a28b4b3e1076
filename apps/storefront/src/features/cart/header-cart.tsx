'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { BagIcon } from '@/components/ui/icons';
import { useCart } from './cart-provider';

/** "Cart, 3 items": what the header's cart link says to screen readers. */
export function cartLabel(itemCount: number): string {
  if (itemCount === 0) return 'Cart, empty';
  return `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
}

/**
 * The header's cart (§2): a link to /cart with a badge counting the pieces in the cart. Its
 * accessible name carries the count ("Cart, 3 items"); the badge itself is only drawn.
 */
export function HeaderCart() {
  const { itemCount } = useCart();
  const pathname = usePathname();
  return (
    <Link
      href="/cart"
      aria-label={cartLabel(itemCount)}
      aria-current={pathname === '/cart' ? 'page' : undefined}
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
  );
}
