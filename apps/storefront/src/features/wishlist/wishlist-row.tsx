'use client';

import type { WishlistEntry } from '@vastra/contracts';
import { useState } from 'react';
import { WishlistRowView } from './wishlist-row-view';

/**
 * One wishlist entry of the sidebar (wishlist-row-view.tsx) with its remove button: busy while
 * `onRemove` runs, working again if it failed (a removed row leaves the list).
 */
export function WishlistRow({
  entry,
  onRemove,
}: {
  entry: WishlistEntry;
  onRemove: (entry: WishlistEntry) => Promise<boolean>;
}) {
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    if (!(await onRemove(entry))) setRemoving(false);
  };
  return <WishlistRowView entry={entry} removing={removing} onRemove={() => void remove()} />;
}
