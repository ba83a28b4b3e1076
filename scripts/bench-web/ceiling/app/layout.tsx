import type { Metadata } from 'next';
import { GeistSans } from 'geist/font/sans';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = { title: 'Vastra: ceiling' };

/** The storefront's root element and font, without its header, footer, providers or islands. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN" className={GeistSans.variable}>
      <body className="flex min-h-dvh flex-col font-sans">
        <main id="main" className="flex-1">
          {children}
        </main>
      </body>
    </html>
  );
}
