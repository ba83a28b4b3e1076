'use client';

import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { useOptimistic, useTransition } from 'react';
import { MutationError, useMutate } from '@/lib/api/browser/mutate';
import { useLoginModal } from '@/lib/login-modal';
import { useShopper, type WishlistRef } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';
import { HeartIcon } from './icons';
import { ICON_CLASS, LABELLED_CLASS, type WishlistHeartProps } from './wishlist-heart-style';

/**
 * The wishlist heart (behaviour.md §2, §4): a toggle button with aria-pressed and the label 'Add to
 * wishlist' or 'Remove from wishlist', drawn from the shopper context the server rendered, so
 * it shows pressed in the first HTML. Logged out it opens the login modal. A tap presses it at
 * once (useOptimistic) and writes through the write helper (lib/api/browser/mutate.ts): the
 * API's message in a toast ('Added to wishlist', 'Removed from wishlist'), or on failure the
 * heart goes back and the toast shows the API's message or 'Failed to add to wishlist' /
 * 'Failed to remove item from wishlist' (behaviour.md §8). Disabled until hydrated.
 */
export function WishlistHeart({ productId, variantId, look = 'icon' }: WishlistHeartProps) {
  const { user, wishlistRefs, updateWishlistRefs } = useShopper();
  const { open: openLogin } = useLoginModal();
  const mutate = useMutate();
  const hydrated = useHydrated();
  const [busy, startTransition] = useTransition();
  const matching = user
    ? wishlistRefs.filter((ref) => ref.productId === productId && (!variantId || ref.variantId === variantId))
    : [];
  const [pressed, setPressed] = useOptimistic(matching.length > 0);
  const label = pressed ? 'Remove from wishlist' : 'Add to wishlist';

  const toggle = () => {
    if (!user) {
      openLogin();
      return;
    }
    const removing = matching.length > 0;
    startTransition(async () => {
      setPressed(!removing);
      const { default: toast } = await import('react-hot-toast');
      try {
        if (removing) {
          let message: string = WISHLIST_MESSAGES.removed;
          for (const ref of matching) {
            const answer = await mutate(`/wishlist/${encodeURIComponent(ref.id)}`, {
              method: 'DELETE',
              fallback: WISHLIST_MESSAGES.remove,
            });
            message = answer.message ?? WISHLIST_MESSAGES.removed;
          }
          const gone = new Set(matching.map((ref) => ref.id));
          startTransition(() => updateWishlistRefs((refs) => refs.filter((ref) => !gone.has(ref.id))));
          toast.success(message);
        } else {
          const answer = await mutate<{ item: WishlistEntry }>('/wishlist/add', {
            json: { productId, variantId },
            fallback: WISHLIST_MESSAGES.add,
          });
          const item = answer.data?.item;
          if (!item) throw new MutationError(answer.message ?? WISHLIST_MESSAGES.add, 200);
          const added: WishlistRef = { id: item.id, productId: item.productId, variantId: item.variantId };
          startTransition(() => updateWishlistRefs((refs) => [...refs.filter((ref) => ref.id !== added.id), added]));
          toast.success(answer.message ?? WISHLIST_MESSAGES.added);
        }
      } catch (error) {
        const fallback = removing ? WISHLIST_MESSAGES.remove : WISHLIST_MESSAGES.add;
        toast.error(error instanceof MutationError ? error.message : fallback);
      }
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
