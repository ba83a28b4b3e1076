import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/** A shopper's own pages are never indexed. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function AccountLayout({ children }: { children: ReactNode }) {
  return children;
}
