'use client';

import { useTranslations } from 'next-intl';
import { useOptimistic, useTransition } from 'react';
import { useLoginModal } from '@/lib/login-modal';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';
import { HeartIcon } from './icons';
import { ICON_CLASS, LABELLED_CLASS, type WishlistHeartProps } from './wishlist-heart-style';

/**
 * The wishlist heart (behaviour.md §2, §4): a toggle button with aria-pressed and the label 'Add to
 * wishlist' or 'Remove from wishlist', drawn from the shopper context the server rendered, so
 * it shows pressed in the first HTML. Logged out it opens the login modal. A tap presses it at
 * once (useOptimistic) and writes through the write helper (wishlist-heart-write.ts, loaded
 * with the first tap, over lib/api/browser/mutate.ts): the API's message in a toast ('Added to
 * wishlist', 'Removed from wishlist'), or on failure the heart goes back and the toast shows
 * the API's message or 'Failed to add to wishlist' / 'Failed to remove item from wishlist'
 * (behaviour.md §8). Disabled until hydrated.
 */
export function WishlistHeart({ productId, variantId, look = 'icon' }: WishlistHeartProps) {
  const { user, wishlistRefs, updateWishlistRefs } = useShopper();
  const { open: openLogin } = useLoginModal();
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [busy, startTransition] = useTransition();
  const matching = user
    ? wishlistRefs.filter((ref) => ref.productId === productId && (!variantId || ref.variantId === variantId))
    : [];
  const [pressed, setPressed] = useOptimistic(matching.length > 0);
  const t = useTranslations('common.ui.wishlistHeart');
  const label = pressed ? t('remove') : t('add');

  const toggle = () => {
    if (!user) {
      openLogin();
      return;
    }
    startTransition(async () => {
      setPressed(matching.length === 0);
      const { writeHeart } = await import('./wishlist-heart-write');
      const update = await writeHeart(apiUrl, { productId, variantId, matching });
      // A failure leaves the refs as they were: the optimistic press goes back.
      if (update) startTransition(() => updateWishlistRefs(update));
    });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={look === 'icon' ? label : undefined}
      aria-busy={busy || undefined}
      disabled={!hydrated || busy}
      onClick={toggle}
      className={`${look === 'icon' ? ICON_CLASS : LABELLED_CLASS} hover:text-brand-700 disabled:cursor-wait ${
        busy ? 'opacity-70' : ''
      } ${look === 'labelled' && pressed ? 'border-brand-700' : ''} ${
        look === 'labelled' ? 'hover:border-brand-700' : 'hover:bg-white'
      }`}
    >
      <HeartIcon
        filled={pressed}
        width={look === 'icon' ? 20 : 18}
        height={look === 'icon' ? 20 : 18}
        className={pressed ? 'text-brand-700' : 'text-stone-800'}
      />
      {look === 'labelled' && label}
    </button>
  );
}
