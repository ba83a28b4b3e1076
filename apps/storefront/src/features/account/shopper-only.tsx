'use client';

import { useState, type ReactNode } from 'react';
import { useShopper } from '@/lib/shopper-context';

/**
 * Server-rendered personal content that goes away when the shopper logs out on the page (the
 * account menu, or a 401 elsewhere): `signedOut` shows instead. Only a logout seen here counts:
 * content rendered for no shopper stays as it is. Reads the shopper context.
 */
export function ShopperOnly({ children, signedOut = null }: { children: ReactNode; signedOut?: ReactNode }) {
  const { user } = useShopper();
  const [seenLoggedIn, setSeenLoggedIn] = useState(user !== null);
  if (user && !seenLoggedIn) setSeenLoggedIn(true);
  return seenLoggedIn && !user ? signedOut : children;
}
