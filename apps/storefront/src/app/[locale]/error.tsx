'use client';

import { GENERIC_MESSAGES } from '@vastra/contracts';
import { ErrorState } from '@/components/ui/error-state';

export default function Error({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorState message={GENERIC_MESSAGES.fallback} retry={retry} />;
}
