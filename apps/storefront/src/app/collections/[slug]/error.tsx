'use client';

import { CATALOG_MESSAGES } from '@vastra/contracts';
import { ErrorState } from '@/components/ui/error-state';

/** A collection page that failed: behaviour.md §8 Catalogue's text for the collections (the page's own read). */
export default function CatalogError({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorState message={CATALOG_MESSAGES.collections} retry={retry} />;
}
