import { AUTH_MESSAGES, UNAUTHORIZED_DEBOUNCE_MS } from '@vastra/contracts';

/**
 * The one 401 handler of the browser (behaviour.md §4 Session expiry): the toast 'Session
 * expired. Logging out... (please Login again)', the logout and the move to /auth/login, at most
 * once per UNAUTHORIZED_DEBOUNCE_MS (3000 ms) however many calls fail together, whether they
 * went through the Redux store or the write helper (lib/api/browser/mutate.ts). The shell
 * (store-provider.tsx) tells it how to log out and navigate; no Redux is imported here.
 */

/** What the handler does beyond the toast: forget the session, go to a path. */
export type SessionExpiryActions = { logout: () => void; navigate: (path: string) => void };

let actions: SessionExpiryActions | null = null;
let lastExpiry = Number.NEGATIVE_INFINITY;

/** Sets how the handler logs out and navigates (the app shell, once mounted). */
export function setSessionExpiryActions(next: SessionExpiryActions): void {
  actions = next;
}

/**
 * A call answered 401: runs the handler unless it ran less than UNAUTHORIZED_DEBOUNCE_MS ago.
 * Returns whether it ran. `now` in ms since the epoch (tests pass their own).
 */
export function sessionExpired(now: number = Date.now()): boolean {
  if (now - lastExpiry < UNAUTHORIZED_DEBOUNCE_MS) return false;
  lastExpiry = now;
  // Toasts load after the page; a toast raised before they are up waits for them.
  void import('react-hot-toast').then(({ default: toast }) => toast.error(AUTH_MESSAGES.sessionExpiredToast));
  actions?.logout();
  actions?.navigate('/auth/login');
  return true;
}
