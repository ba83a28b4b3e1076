'use client';

import { useRouter } from '@/i18n/navigation';
import { useEffect, useRef } from 'react';
import { usePublicConfig } from '@/lib/public-config';
import { setSessionExpiryActions } from '@/lib/session-actions';
import { useShopper } from '@/lib/shopper-context';

/**
 * Mounted once by the root layout, inside the shopper context; renders nothing. It gives the
 * 401 handler (lib/session-expiry.ts, behaviour.md §4 Session expiry) its logout and navigation:
 * the logout is the account menu's (features/auth/session.ts `endSession`: POST /auth/logout,
 * then the guest id, the visited products cookie, the cart, the user and the wishlist refs go,
 * and the page renders again), loaded only when a 401 comes. Effects of children run before
 * their parents', so the actions are set before the shopper context can report an ended
 * session. Once per tab it also runs lib/tab-start.ts (the region id, an older version's
 * visited products cookie with the session's token, an older version's localStorage), whatever
 * page the shopper opens first.
 */
export function SessionKeeper() {
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const shopper = useShopper();
  // The handler is set once; it acts through the latest router and shopper context.
  const latest = useRef({ router, setUser: shopper.setUser, user: shopper.user });
  useEffect(() => {
    latest.current = { router, setUser: shopper.setUser, user: shopper.user };
  }, [router, shopper.setUser, shopper.user]);

  useEffect(() => {
    setSessionExpiryActions({
      signedIn: () => latest.current.user !== null,
      navigate: (path) => latest.current.router.push(path),
      logout: () => {
        // The session is over already: the page shows a guest at once (the login page must not
        // find a user and move on), while the API is told and the rest is forgotten.
        latest.current.setUser(null);
        void import('./session').then(({ endSession }) =>
          endSession(apiUrl, {
            setUser: (user) => latest.current.setUser(user),
            refresh: () => latest.current.router.refresh(),
          }),
        );
      },
    });
  }, [apiUrl]);

  useEffect(() => {
    void import('@/lib/tab-start').then(({ startTab }) => startTab());
  }, []);

  return null;
}
