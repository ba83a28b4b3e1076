import { AUTH_MESSAGES, UNAUTHORIZED_DEBOUNCE_MS } from '@vastra/contracts';
import { sessionExpiryActions } from './session-actions';

/**
 * The one 401 handler of the browser (behaviour.md §4 Session expiry): the toast 'Session
 * expired. Logging out... (please Login again)', the logout and the move to /auth/login, at most
 * once per UNAUTHORIZED_DEBOUNCE_MS (3000 ms) however many calls of the write helper
 * (lib/api/browser/mutate.ts) fail together. The root layout's SessionKeeper
 * (features/auth/session-keeper.tsx) tells it how to log out and navigate (session-actions.ts).
 * Loaded with the first call, never with the page.
 */

let lastExpiry = Number.NEGATIVE_INFINITY;

/**
 * The session ended (a call answered 401, or the server found the session cookie's session
 * gone): runs the handler unless it ran less than UNAUTHORIZED_DEBOUNCE_MS ago. Returns whether
 * it ran. `now` in ms since the epoch (tests pass their own).
 */
export function sessionExpired(now: number = Date.now()): boolean {
  if (now - lastExpiry < UNAUTHORIZED_DEBOUNCE_MS) return false;
  lastExpiry = now;
  const actions = sessionExpiryActions();
  // Toasts load after the page; a toast raised before they are up waits for them.
  void import('react-hot-toast').then(({ default: toast }) => toast.error(AUTH_MESSAGES.sessionExpiredToast));
  actions?.logout();
  actions?.navigate('/auth/login');
  return true;
}

/**
 * A call of the browser answered 401: the session expired, unless this tab has no shopper any
 * more (a call sent before a logout and answered after it, e.g. a section still loading when the
 * shopper logged out, must not send them to /auth/login). Returns whether the handler ran.
 */
export function callUnauthorized(now: number = Date.now()): boolean {
  const actions = sessionExpiryActions();
  if (actions && !actions.signedIn()) return false;
  return sessionExpired(now);
}
