import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ShopperPagesLayout } from '@/i18n/client-messages';

/** Accounts screens are for people, not search engines. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Its client components get every message (src/i18n/client-messages.tsx). */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return <ShopperPagesLayout>{children}</ShopperPagesLayout>;
}
