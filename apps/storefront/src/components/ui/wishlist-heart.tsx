'use client';

import { storeIsland } from '@/lib/store/store-provider';
import { ICON_CLASS, LABELLED_CLASS, type WishlistHeartProps } from './wishlist-heart-style';

/**
 * The wishlist heart (behaviour.md §2, §4): a toggle button with aria-pressed and the label 'Add to
 * wishlist' or 'Remove from wishlist'. Logged out it opens the login modal. A client island:
 * product cards stay server-rendered, and until the store is loaded and the persisted state
 * restored an empty box holds the heart's place.
 */
export function WishlistHeart({ look = 'icon', ...props }: WishlistHeartProps) {
  return <HeartToggle look={look} {...props} />;
}

function Placeholder({ look }: { look: 'icon' | 'labelled' }) {
  return (
    <span aria-hidden="true" className={`${look === 'icon' ? ICON_CLASS : LABELLED_CLASS} invisible`}>
      {look === 'labelled' && 'Add to wishlist'}
    </span>
  );
}

// The toggle reads and changes the store: it is loaded with it.
const IconToggle = storeIsland(
  () => import('./wishlist-heart-toggle').then((module) => module.HeartToggle),
  <Placeholder look="icon" />,
);
const LabelledToggle = storeIsland(
  () => import('./wishlist-heart-toggle').then((module) => module.HeartToggle),
  <Placeholder look="labelled" />,
);

function HeartToggle(props: WishlistHeartProps & { look: 'icon' | 'labelled' }) {
  return props.look === 'icon' ? <IconToggle {...props} /> : <LabelledToggle {...props} />;
}
