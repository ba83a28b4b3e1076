'use client';

import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLoginModal } from '@/lib/login-modal';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { addToWishlist, removeFromWishlist } from '@/lib/store/wishlist-slice';
import { HeartIcon } from './icons';
import { ICON_CLASS, LABELLED_CLASS, type WishlistHeartProps } from './wishlist-heart-style';

/** The wishlist heart's button (wishlist-heart.tsx), loaded with the store. */
export function HeartToggle({ productId, variantId, look }: WishlistHeartProps & { look: 'icon' | 'labelled' }) {
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
