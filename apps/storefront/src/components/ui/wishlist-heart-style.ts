/** The wishlist heart's props and looks (wishlist-heart.tsx). */
export type WishlistHeartProps = {
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

export const ICON_CLASS = 'grid size-9 place-items-center rounded-full bg-white/90 shadow-sm';
export const LABELLED_CLASS =
  'inline-flex h-11 items-center gap-2 rounded-md border border-stone-300 px-4 text-sm font-semibold text-stone-800';
