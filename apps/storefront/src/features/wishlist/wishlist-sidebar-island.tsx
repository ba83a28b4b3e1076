'use client';

import { useEffect, useEffectEvent } from 'react';
import { useShopper } from '@/lib/shopper-context';
import { useWishlistSidebar } from './use-wishlist-sidebar';
import { WishlistSidebar } from './wishlist-sidebar';

/**
 * The wishlist sidebar with its state (use-wishlist-sidebar.ts), loaded with the header's
 * wishlist button's first press (header-wishlist.tsx) and kept from then on: each press
 * (`presses` counts them) opens it and reads the wishlist again (behaviour.md §4); it tells
 * the button whether it is open.
 */
export function WishlistSidebarIsland({
  presses,
  onOpenChange,
}: {
  presses: number;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useShopper();
  const sidebar = useWishlistSidebar();
  const open = useEffectEvent(() => sidebar.open());
  useEffect(() => {
    if (presses > 0) open();
  }, [presses]);
  const isOpen = sidebar.state.isOpen;
  useEffect(() => {
    onOpenChange(isOpen);
  }, [isOpen, onOpenChange]);
  return (
    <WishlistSidebar
      state={sidebar.state}
      loggedIn={user !== null}
      onClosed={sidebar.close}
      onRemove={sidebar.remove}
    />
  );
}
