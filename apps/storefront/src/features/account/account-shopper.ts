import 'server-only';
import { GENERIC_MESSAGES, type User } from '@vastra/contracts';
import { redirect } from '@/i18n/navigation-server';
import { ApiError } from '@/lib/api/api-error';
import { getCurrentShopper, shopperSession } from '@/lib/api/server/shopper';

/**
 * The logged-in shopper an account page is rendered for (behaviour.md §4). A visitor with no
 * session is sent to /auth/login?next=`path` (a redirect: this throws); one whose session has
 * ended gets null, and the page renders an empty frame while the browser's 401 handler ends the
 * session (toast, logout, /auth/login: the root layout's shopper context runs it for such a render).
 */
export async function accountShopper(path: string): Promise<User | null> {
  const user = await getCurrentShopper();
  if (user) return user;
  if (!(await shopperSession()).token) {
    await redirect(`/auth/login?next=${encodeURIComponent(path)}`);
  }
  return null;
}

/**
 * What a failed server read of a shopper's page says: the API's own message, else (the API gave
 * none, or could not be reached) `fallback`, the behaviour.md §8 text of that read. Rethrows anything
 * that is not an API failure.
 */
export function readFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) throw error;
  return error.status === 0 || error.isGeneric || error.message === GENERIC_MESSAGES.fallback
    ? fallback
    : error.message;
}
