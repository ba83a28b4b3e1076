import { WISHLIST_MESSAGES } from '@vastra/contracts';
import toast from 'react-hot-toast';
import { MutationError } from '@/lib/api/browser/mutate';
import { addWishlistEntry, removeWishlistEntry } from '@/lib/api/browser/wishlist';
import type { WishlistRef } from '@/lib/shopper-context';

/** A heart's tap: add its product (and size), or remove the entries that press it. */
export type HeartTap = { productId: string; variantId: string | undefined; matching: WishlistRef[] };

/**
 * The wishlist heart's write (wishlist-heart.tsx) for a logged-in shopper, loaded with its first
 * tap: through the wishlist calls (lib/api/browser/wishlist.ts, over the write helper), POST
 * /wishlist/add or DELETE /wishlist/{id} for each matching entry, then the API's message in a
 * toast ('Added to wishlist', 'Removed from wishlist'). Resolves to how the refs change, or
 * null after a failure, whose toast shows the API's message or behaviour.md §8's 'Failed to add
 * to wishlist' / 'Failed to remove item from wishlist'.
 */
export async function writeHeart(
  apiUrl: string,
  { productId, variantId, matching }: HeartTap,
): Promise<((refs: WishlistRef[]) => WishlistRef[]) | null> {
  const removing = matching.length > 0;
  try {
    if (removing) {
      let message: string = WISHLIST_MESSAGES.removed;
      for (const ref of matching) message = await removeWishlistEntry(apiUrl, ref.id, true);
      toast.success(message);
      const gone = new Set(matching.map((ref) => ref.id));
      return (refs) => refs.filter((ref) => !gone.has(ref.id));
    }
    const { item, message } = await addWishlistEntry(apiUrl, { productId, variantId }, true);
    toast.success(message);
    const added: WishlistRef = { id: item.id, productId: item.productId, variantId: item.variantId };
    return (refs) => [...refs.filter((ref) => ref.id !== added.id), added];
  } catch (error) {
    const fallback = removing ? WISHLIST_MESSAGES.remove : WISHLIST_MESSAGES.add;
    toast.error(error instanceof MutationError ? error.message : fallback);
    return null;
  }
}
