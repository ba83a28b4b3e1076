import { CART_MESSAGES, type Cart } from '@vastra/contracts';
import toast from 'react-hot-toast';
import { MutationError, mutate } from '@/lib/api/browser/mutate';
import { publishCart } from '@/lib/cart-channel';
import { ensureGuestId } from '@/lib/guest-id';

/** One toast for adding, replaced by the next answer rather than stacking up. */
const CART_TOAST = 'add-to-cart';

/**
 * Add to cart's write (add-to-cart.tsx), loaded with the first tap: POST /cart/add through the
 * write helper, with a guest's id (made on their first item, behaviour.md §4 Guest cart); the
 * answered cart goes to the cart context and browser storage (lib/cart-channel.ts), and a
 * toast says 'Item added to cart' or the API's message (such as "Only 3 left in stock for this
 * size."), else 'Failed to add item to cart' (behaviour.md §8). Resolves to whether it was added.
 */
export async function writeAddToCart(
  apiUrl: string,
  item: { productId: string; variantId: string; quantity: number },
  loggedIn: boolean,
): Promise<boolean> {
  try {
    const guestId = loggedIn ? null : ensureGuestId();
    const answer = await mutate<{ cart: Cart }>(apiUrl, '/cart/add', {
      json: { ...item, ...(guestId ? { guestId } : {}) },
      fallback: CART_MESSAGES.add,
    });
    if (!answer.data?.cart) throw new MutationError(CART_MESSAGES.add, 200);
    publishCart(answer.data.cart);
    toast.success(answer.message ?? CART_MESSAGES.added, { id: CART_TOAST });
    return true;
  } catch (error) {
    toast.error(error instanceof MutationError ? error.message : CART_MESSAGES.add, { id: CART_TOAST });
    return false;
  }
}
