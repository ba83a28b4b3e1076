import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <EmptyState
      heading="We couldn't find that page"
      body="The product may have sold out for good, or the link may be mistyped."
      actions={[
        { label: 'Continue shopping', href: '/shop' },
        { label: 'Go to the homepage', href: '/' },
      ]}
    />
  );
}
