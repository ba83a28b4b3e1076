'use client';

import { CATALOG_MESSAGES } from '@vastra/contracts';
import { ErrorState } from '@/components/ui/error-state';

export default function ProductError({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorState message={CATALOG_MESSAGES.productDetails} retry={retry} />;
}
