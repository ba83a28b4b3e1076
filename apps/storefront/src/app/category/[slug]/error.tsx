'use client';

import { CATALOG_MESSAGES } from '@vastra/contracts';
import { ErrorState } from '@/components/ui/error-state';

/** A category page that failed: behaviour.md §8 Catalogue's text for the categories (the page's own read). */
export default function CatalogError({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorState message={CATALOG_MESSAGES.categories} retry={retry} />;
}
