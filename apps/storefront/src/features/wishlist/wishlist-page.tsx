'use client';

import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { useRouter } from '@/i18n/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MutationError } from '@/lib/api/browser/mutate';
import { removeWishlistEntry } from '@/lib/api/browser/wishlist';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';
import { WishlistView, type WishlistPageData } from './wishlist-page-view';

/**
 * The /wishlist page's entries: the server's page of them, each removable through the write
 * helper (DELETE /wishlist/{id}; the toast says how it went: 'Removed from wishlist', or
 * behaviour.md §5's 'Invalid wishlist ID' / 'Authentication required', the API's message or §8's
 * 'Failed to remove item from wishlist'). A removed row goes at once and leaves the shopper
 * context's refs (the header's count, the hearts); then the page is read again from the server
 * (the next entries move up, the count and pages follow), or the page before when this one is
 * left empty. The remove buttons are disabled until hydrated.
 */
export function WishlistPage({ initial }: { initial: WishlistPageData }) {
  const router = useRouter();
  const { apiUrl } = usePublicConfig();
  const { user, updateWishlistRefs } = useShopper();
  const hydrated = useHydrated();
  const [removed, setRemoved] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string[]>([]);
  const entries = initial.wishlist.filter((entry) => !removed.includes(entry.id));
  const count = initial.count - (initial.wishlist.length - entries.length);

  const remove = async (entry: WishlistEntry) => {
    setRemoving((ids) => [...ids, entry.id]);
    try {
      toast.success(await removeWishlistEntry(apiUrl, entry.id, user !== null));
      setRemoved((ids) => [...ids, entry.id]);
      updateWishlistRefs((refs) => refs.filter((ref) => ref.id !== entry.id));
      const page = initial.meta.currentPage;
      if (entries.length === 1 && page > 1) router.replace(`/wishlist?page=${page - 1}`);
      else router.refresh();
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : WISHLIST_MESSAGES.remove);
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
      onRemove={hydrated ? (entry) => void remove(entry) : undefined}
    />
  );
}
