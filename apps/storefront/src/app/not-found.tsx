import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/** An address outside every language's pages (an unknown file under /api or /media). */
export default function NotFound() {
  return (
    <html lang="en-IN">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
        <h1>We couldn&apos;t find that page</h1>
        <Link href="/">Go to the homepage</Link>
      </body>
    </html>
  );
}
