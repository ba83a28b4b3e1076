'use client';

import type { WishlistEntry } from '@vastra/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch } from '@/lib/store/hooks';
import { removeFromWishlist } from '@/lib/store/wishlist-slice';
import { WishlistView, type WishlistPageData } from './wishlist-page-view';

/**
 * The /wishlist page once the store is there: the server's page of entries, each removable
 * through the store (the toast says how it went). A removed row goes at once; then the page is
 * read again from the server (the next entries move up, the count and pages follow), or the
 * page before when this one is left empty.
 */
export function WishlistPage({ initial }: { initial: WishlistPageData }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const [removed, setRemoved] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string[]>([]);
  const entries = initial.wishlist.filter((entry) => !removed.includes(entry.id));
  const count = initial.count - (initial.wishlist.length - entries.length);

  const remove = async (entry: WishlistEntry) => {
    setRemoving((ids) => [...ids, entry.id]);
    try {
      toast.success(await dispatch(removeFromWishlist(entry.id)).unwrap());
      setRemoved((ids) => [...ids, entry.id]);
      const page = initial.meta.currentPage;
      if (entries.length === 1 && page > 1) router.replace(`/wishlist?page=${page - 1}`);
      else router.refresh();
    } catch (message) {
      toast.error(String(message));
    } finally {
      setRemoving((ids) => ids.filter((id) => id !== entry.id));
    }
  };

  return (
    <WishlistView
      entries={entries}
      count={count}
      meta={initial.meta}
      removing={removing}
      onRemove={(entry) => void remove(entry)}
    />
  );
}
