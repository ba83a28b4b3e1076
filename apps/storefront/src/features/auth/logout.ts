import { AUTH_MESSAGES } from '@vastra/contracts';
import { whenStoreReady } from '@/lib/store/store-provider';

/**
 * behaviour.md §4 Logout from the account menu, loaded with the click: the store (whose
 * persisted auth, wishlist and cart a logout empties) logs out, its bridge empties the shopper
 * context and renders the page again on the server; then the toast 'Logged out successfully'.
 */
export async function logOut(): Promise<void> {
  const [{ store }, { logoutUser }, { default: toast }] = await Promise.all([
    whenStoreReady(),
    import('@/lib/store/auth-slice'),
    import('react-hot-toast'),
  ]);
  await store.dispatch(logoutUser());
  toast.success(AUTH_MESSAGES.loggedOut);
}
