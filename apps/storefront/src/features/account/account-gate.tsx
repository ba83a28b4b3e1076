'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { useAppSelector } from '@/lib/store/hooks';
import { PersistGate } from '@/lib/store/store-provider';

function Placeholder() {
  return <div aria-hidden="true" className="min-h-96" />;
}

/**
 * Shows an account page to a logged-in shopper, once the persisted auth state is restored.
 * A visitor who arrives logged out is sent to /auth/login (and back here afterwards); one
 * whose session ends on the page is taken away by the logout or the session expiry (behaviour.md §4).
 */
export function AccountGate({ children }: { children: ReactNode }) {
  return (
    <PersistGate fallback={<Placeholder />}>
      <LoggedInOnly>{children}</LoggedInOnly>
    </PersistGate>
  );
}

function LoggedInOnly({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated && state.auth.user !== null);
  const [loggedInOnArrival] = useState(isAuthenticated);

  useEffect(() => {
    if (!loggedInOnArrival) router.replace(`/auth/login?next=${encodeURIComponent(pathname)}`);
  }, [loggedInOnArrival, pathname, router]);

  return isAuthenticated ? children : <Placeholder />;
}
