'use client';

import { useEffect } from 'react';
import { useAppSelector } from '@/lib/store/hooks';
import { WishlistSidebar } from './wishlist-sidebar';

/**
 * The wishlist sidebar (behaviour.md §2), loaded with the store once the header's wishlist
 * button is first pressed (header-wishlist.tsx); tells the button whether it is open.
 */
export function WishlistSidebarIsland({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const isOpen = useAppSelector((state) => state.wishlist.isOpen);
  useEffect(() => {
    onOpenChange(isOpen);
  }, [isOpen, onOpenChange]);
  return <WishlistSidebar />;
}
