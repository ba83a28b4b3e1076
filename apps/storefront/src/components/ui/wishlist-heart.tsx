'use client';

import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLoginModal } from '@/lib/login-modal';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { PersistGate } from '@/lib/store/store-provider';
import { addToWishlist, removeFromWishlist } from '@/lib/store/wishlist-slice';
import { HeartIcon } from './icons';

type WishlistHeartProps = {
  productId: string;
  /**
   * The size the heart is for (the product page's chosen or default size). Without one (a
   * card) the heart stands for the product: pressed when any of its sizes is wish-listed,
   * adding lets the API keep the first size in stock, removing takes every size out.
   */
  variantId?: string;
  /** 'icon': a round button over a card's image; 'labelled': a button that shows its label. */
  look?: 'icon' | 'labelled';
};

const ICON_CLASS = 'grid size-9 place-items-center rounded-full bg-white/90 shadow-sm';
const LABELLED_CLASS =
  'inline-flex h-11 items-center gap-2 rounded-md border border-stone-300 px-4 text-sm font-semibold text-stone-800';

/**
 * The wishlist heart (behaviour.md §2, §4): a toggle button with aria-pressed and the label 'Add to
 * wishlist' or 'Remove from wishlist'. Logged out it opens the login modal. A client island:
 * product cards stay server-rendered, and until the persisted state is restored an empty box
 * holds the heart's place.
 */
export function WishlistHeart({ look = 'icon', ...props }: WishlistHeartProps) {
  return (
    <PersistGate
      fallback={
        <span aria-hidden="true" className={`${look === 'icon' ? ICON_CLASS : LABELLED_CLASS} invisible`}>
          {look === 'labelled' && 'Add to wishlist'}
        </span>
      }
    >
      <HeartToggle look={look} {...props} />
    </PersistGate>
  );
}

function HeartToggle({ productId, variantId, look }: WishlistHeartProps & { look: 'icon' | 'labelled' }) {
  const dispatch = useAppDispatch();
  const { open: openLogin } = useLoginModal();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const refs = useAppSelector((state) => state.wishlist.refs);
  const [busy, setBusy] = useState(false);
  const matching = isAuthenticated
    ? refs.filter((ref) => ref.productId === productId && (!variantId || ref.variantId === variantId))
    : [];
  const pressed = matching.length > 0;
  const label = pressed ? 'Remove from wishlist' : 'Add to wishlist';

  const toggle = async () => {
    if (!isAuthenticated) {
      openLogin();
      return;
    }
    setBusy(true);
    try {
      if (pressed) {
        let message = '';
        for (const ref of matching) message = await dispatch(removeFromWishlist(ref.id)).unwrap();
        toast.success(message);
      } else {
        const { message } = await dispatch(addToWishlist({ productId, variantId })).unwrap();
        toast.success(message);
      }
    } catch (message) {
      toast.error(String(message));
    } finally {
      setBusy(false);
    }
  };

  const icon = (
    <HeartIcon
      filled={pressed}
      width={look === 'icon' ? 20 : 18}
      height={look === 'icon' ? 20 : 18}
      className={pressed ? 'text-brand-700' : 'text-stone-800'}
    />
  );
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={look === 'icon' ? label : undefined}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={toggle}
      className={`${look === 'icon' ? ICON_CLASS : LABELLED_CLASS} hover:text-brand-700 disabled:cursor-wait disabled:opacity-70 ${
        look === 'labelled' && pressed ? 'border-brand-700' : ''
      } ${look === 'labelled' ? 'hover:border-brand-700' : 'hover:bg-white'}`}
    >
      {icon}
      {look === 'labelled' && label}
    </button>
  );
}
