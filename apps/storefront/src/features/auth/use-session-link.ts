'use client';

import { useRouter } from '@/i18n/navigation';
import { useMemo } from 'react';
import { useShopper } from '@/lib/shopper-context';
import type { SessionLink } from './session';

/** The shopper context's setter and router.refresh() of this component, for startSession and endSession (session.ts). */
export function useSessionLink(): SessionLink {
  const { setUser } = useShopper();
  const router = useRouter();
  return useMemo(() => ({ setUser, refresh: () => router.refresh() }), [setUser, router]);
}
