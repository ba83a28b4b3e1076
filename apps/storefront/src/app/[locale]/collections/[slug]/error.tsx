'use client';

import { CATALOG_MESSAGES } from '@vastra/contracts';
import { ErrorState } from '@/components/ui/error-state';
import { failedReadMessage } from '@/lib/page-failure';

/**
 * A collection page that failed (behaviour.md §8 Catalogue): 'Failed to search products' when its
 * product search failed, else 'Failed to fetch collections' (the page's own read).
 */
export default function CatalogError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorState message={failedReadMessage(error, CATALOG_MESSAGES.collections)} retry={retry} />;
}
