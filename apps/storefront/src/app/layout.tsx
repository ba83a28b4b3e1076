import type { ReactNode } from 'react';

/**
 * The pages live under `[locale]`, whose layout renders the document (its `lang` is the
 * page's language); this root only passes them through, as next-intl's routing asks.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
