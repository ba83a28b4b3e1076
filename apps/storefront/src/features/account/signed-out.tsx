'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { fetchCurrentUser } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

/**
 * What a page rendered for no logged-in shopper does once the store is restored (behaviour.md §4).
 * A login this browser still remembers has ended (the server's read answered 401): asking
 * /auth/me again gets the 401 that shows the session-expired toast, logs out and goes to
 * /auth/login. Otherwise, with `sendToLogin` (the account pages), the visitor goes to
 * /auth/login and back here afterwards. A login made on the page (the wishlist's Login
 * button) renders the page again from the server, now with the shopper's data.
 */
export function SignedOutWatch({ sendToLogin = false }: { sendToLogin?: boolean }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const pathname = usePathname();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const onArrival = useRef(isAuthenticated);

  useEffect(() => {
    if (onArrival.current) {
      void dispatch(fetchCurrentUser()).then((result) => {
        // The server's read and this one disagree only in a race with a login: read the page again.
        if (fetchCurrentUser.fulfilled.match(result)) router.refresh();
      });
    } else if (sendToLogin) router.replace(`/auth/login?next=${encodeURIComponent(pathname)}`);
  }, [dispatch, pathname, router, sendToLogin]);

  useEffect(() => {
    if (isAuthenticated && !onArrival.current) router.refresh();
  }, [isAuthenticated, router]);

  return null;
}
