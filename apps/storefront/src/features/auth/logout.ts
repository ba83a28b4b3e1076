import { AUTH_MESSAGES } from '@vastra/contracts';
import { endSession, type SessionLink } from './session';

/**
 * behaviour.md §4 Logout from the account menu, loaded with the click: the session ends at the API
 * and in this tab (session.ts `endSession`: the guest id, the visited products cookie, the cart,
 * the user and wishlist refs go, and the page renders again on the server); then the toast
 * 'Logged out successfully'.
 */
export async function logOut(apiUrl: string, link: SessionLink): Promise<void> {
  const [, { default: toast }] = await Promise.all([endSession(apiUrl, link), import('react-hot-toast')]);
  toast.success(AUTH_MESSAGES.loggedOut);
}
