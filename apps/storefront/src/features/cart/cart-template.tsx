'use client';

import { CART_MESSAGES, type Cart, type CartItem } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { startTransition, useOptimistic, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { removeCartLine, setCartLineQuantity } from '@/lib/api/browser/cart';
import { MutationError } from '@/lib/api/browser/mutate';
import { publishCartAnswer } from '@/lib/cart-channel';
import { formatPrice } from '@/lib/format';
import { readGuestId } from '@/lib/guest-id';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { usePageCart } from '@/lib/use-page-cart';
import { withLineChange } from './cart-change';
import { CartView } from './cart-view';

/**
 * The cart page's working controls (behaviour.md §2, §3 Cart): CartView over the cart the page
 * was rendered with, kept in step with the cart published since (usePageCart). A quantity or
 * Remove shows at once (useOptimistic: the line's count and the totals, or the line gone) and
 * goes to the API
 * through the write helper (lib/api/browser/cart.ts); the answered cart is published to the
 * cart context, browser storage and the other tabs (lib/cart-channel.ts). Each change is
 * announced in a polite live region; a failure shows the API's message ('Only 3 left in stock
 * for this size.') or behaviour.md §8's 'Failed to update cart item' / 'Failed to remove item
 * from cart' there and as a toast, and the line is as it was.
 */
export function CartContents({ serverCart }: { serverCart?: Cart | null }) {
  const t = useTranslations('cart');
  const { apiUrl } = usePublicConfig();
  const { user } = useShopper();
  const cart = usePageCart(serverCart);
  const [shown, changeLine] = useOptimistic(cart, withLineChange);
  const [busyItems, setBusyItems] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const setBusy = (itemId: string, busy: boolean) =>
    setBusyItems((current) => {
      const next = new Set(current);
      if (busy) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  const what = (item: CartItem) => t('line.what', { name: item.product.name, size: item.variant.size });

  /** Changes one line (a quantity, or null to remove it); says what happened, or the API's message. */
  const change = (item: CartItem, quantity: number | null) => {
    setBusy(item.id, true);
    // The Remove button goes with its line: focus goes back to the top of the cart.
    if (quantity === null) headingRef.current?.focus();
    startTransition(async () => {
      changeLine({ itemId: item.id, quantity });
      // A logged-in shopper's cart is found by the session; a guest's by the guest id.
      const guestId = user ? null : readGuestId();
      try {
        if (quantity === null) {
          const answer = await removeCartLine(apiUrl, item.id, guestId);
          const now = publishCartAnswer(answer.cart);
          setStatus(t('status.removed', { what: what(item), count: now.itemCount }));
        } else {
          const answer = await setCartLineQuantity(apiUrl, { itemId: item.id, quantity }, guestId);
          const now = publishCartAnswer(answer.cart);
          setStatus(t('status.quantity', { what: what(item), quantity, total: formatPrice(now.totalAmount) }));
        }
      } catch (error) {
        const fallback = quantity === null ? CART_MESSAGES.remove : CART_MESSAGES.update;
        const text = error instanceof MutationError ? error.message : fallback;
        setStatus(text);
        toast.error(text);
      } finally {
        setBusy(item.id, false);
      }
    });
  };

  return (
    <CartView
      cart={shown}
      busyItems={busyItems}
      onQuantity={(item, quantity) => change(item, quantity)}
      onRemove={(item) => change(item, null)}
      headingRef={headingRef}
      status={status}
    />
  );
}
