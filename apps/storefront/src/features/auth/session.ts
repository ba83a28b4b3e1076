import { CART_MESSAGES, type Cart, type User } from '@vastra/contracts';
import { deleteCookie } from '@/lib/browser-cookies';
import { MutationError, mutate, read } from '@/lib/api/browser/mutate';
import { publishCart } from '@/lib/cart-channel';
import { clearGuestId, readGuestId } from '@/lib/guest-id';
import { VISITED_PRODUCTS_COOKIE } from '@/lib/visited-products';
import { endSessionAtApi } from '@/lib/api/browser/auth';
import { forgetCheckout } from '@/lib/checkout-storage';
import { noteCodeMailed } from './verification-code';

/**
 * What a login and a logout change in this tab beyond the API's cookie (behaviour.md §4), in one
 * place for every way in and out: the password and Google logins, a registration, the account
 * menu and the 401 handler. The cart goes through lib/cart-channel.ts, the user
 * through the shopper context, and `refresh` (router.refresh()) renders the page again on the
 * server as the new shopper.
 */

/** The shopper context's setter and the router's refresh, as the caller's component has them. */
export type SessionLink = { setUser: (user: User | null) => void; refresh: () => void };

/**
 * behaviour.md §4 Login state and Guest cart, after the API has logged `user` in: a guest id in
 * this browser has its cart merged into the user's (POST /cart/merge), the merged cart is
 * published and the guest id forgotten; a failed merge is only logged ('Failed to migrate cart')
 * and the user's own cart is read instead (GET /cart). Then the user goes to the shopper context
 * and the page is rendered again on the server. A cart that cannot be read is logged too: the
 * new render brings the user's cart.
 */
export async function startSession(apiUrl: string, user: User, link: SessionLink): Promise<void> {
  const guestId = readGuestId();
  let merged = false;
  if (guestId) {
    try {
      const answer = await mutate<{ cart: Cart }>(apiUrl, '/cart/merge', {
        json: { guestId },
        fallback: CART_MESSAGES.merge,
      });
      if (!answer.data?.cart) throw new MutationError(CART_MESSAGES.merge, 200);
      publishCart(answer.data.cart);
      clearGuestId();
      merged = true;
    } catch (error) {
      console.error(CART_MESSAGES.merge, error instanceof MutationError ? error.message : error);
    }
  }
  if (!merged) {
    try {
      const answer = await read<{ cart: Cart }>(apiUrl, '/cart', { fallback: CART_MESSAGES.fetch });
      if (answer.data?.cart) publishCart(answer.data.cart);
    } catch (error) {
      console.error(CART_MESSAGES.fetch, error instanceof MutationError ? error.message : error);
    }
  }
  link.setUser(user);
  link.refresh();
}

/**
 * behaviour.md §4 Logout: the API ends the session its cookie names and clears the cookie, then
 * this browser forgets it: the guest id (the next guest gets a new one), the visited products
 * cookie, the cart, the checkout kept for the shopper (the address as typed is personal data),
 * the user and their wishlist refs; then the page is rendered again on the
 * server. In that order, because a render sent while the cookie still stood found the shopper
 * logged in again, or, once the API had ended the session, ran the 401 handler on a shopper who
 * had just logged out. The logout stands here even when the API cannot be reached.
 */
export async function endSession(apiUrl: string, link: SessionLink): Promise<void> {
  await endSessionAtApi(apiUrl).catch(() => undefined);
  clearGuestId();
  noteCodeMailed(false);
  deleteCookie(VISITED_PRODUCTS_COOKIE);
  forgetCheckout(window.localStorage);
  publishCart(null);
  link.setUser(null);
  link.refresh();
}
