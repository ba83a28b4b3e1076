'use client';

import { ORDER_MESSAGES } from '@vastra/contracts';
import { ErrorState } from '@/components/ui/error-state';

/** An order confirmation page that failed: behaviour.md §8 Orders' text for its read, the confirmation. */
export default function ConfirmationError({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorState message={ORDER_MESSAGES.confirmation} retry={retry} />;
}
