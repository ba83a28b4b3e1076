import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ShopperPagesLayout } from '@/i18n/client-messages';

/** A shopper's own pages are never indexed. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Its client components get every message (src/i18n/client-messages.tsx). */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <ShopperPagesLayout>{children}</ShopperPagesLayout>;
}
