'use client';

import { useRouter } from '@/i18n/navigation';
import { useEffect, useState } from 'react';
import { useShopper } from '@/lib/shopper-context';
import { FormPlaceholder } from './auth-card';
import { LoginForm } from './login-form';

/**
 * /auth/login: the login form as a page (behaviour.md §2; the browser lands here after a session expires).
 * After logging in, or when already logged in (the shopper context, as the server rendered it),
 * the shopper goes on to `next`.
 */
export function LoginPage({ next }: { next: string }) {
  const router = useRouter();
  const { user } = useShopper();
  // Judged once, on arrival: a Google login made here follows its own redirect (behaviour.md §4).
  const [loggedInOnArrival] = useState(user !== null);

  useEffect(() => {
    if (loggedInOnArrival) router.replace(next);
  }, [loggedInOnArrival, next, router]);

  if (loggedInOnArrival) return <FormPlaceholder />;
  return <LoginForm onSuccess={() => router.replace(next)} next={next} />;
}
