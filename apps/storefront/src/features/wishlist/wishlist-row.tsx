'use client';

import type { WishlistEntry } from '@vastra/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch } from '@/lib/store/hooks';
import { removeFromWishlist } from '@/lib/store/wishlist-slice';
import { WishlistRowView } from './wishlist-row-view';

/** One wishlist entry of the sidebar (wishlist-row-view.tsx) with its remove button working through the store. */
export function WishlistRow({ entry, full = false }: { entry: WishlistEntry; full?: boolean }) {
  const dispatch = useAppDispatch();
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      toast.success(await dispatch(removeFromWishlist(entry.id)).unwrap());
    } catch (message) {
      toast.error(String(message));
      setRemoving(false);
    }
  };
  return <WishlistRowView entry={entry} full={full} removing={removing} onRemove={() => void remove()} />;
}
