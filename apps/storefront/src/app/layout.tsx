import type { Metadata, Viewport } from 'next';
import { GeistSans } from 'geist/font/sans';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { LazyToasts } from '@/components/ui/lazy-toasts';
import { HeaderAccount } from '@/features/auth/header-account';
import { CartProvider } from '@/features/cart/cart-provider';
import { HeaderCart } from '@/features/cart/header-cart';
import { SiteFooter } from '@/features/layout/site-footer';
import { SiteHeader } from '@/features/layout/site-header';
import { toNavCategories } from '@/features/layout/nav-model';
import { HeaderWishlist } from '@/features/wishlist/header-wishlist';
import { getCategories } from '@/lib/api/server/catalog';
import { getConfig } from '@/lib/config';
import { LoginModalProvider } from '@/lib/login-modal';
import { PublicConfigProvider } from '@/lib/public-config';
import { NONCE_HEADER } from '@/lib/security-headers';
import { StoreProvider } from '@/lib/store/store-provider';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  return {
    metadataBase: new URL(getConfig().siteUrl),
    title: { default: 'Vastra: fashion for India', template: '%s | Vastra' },
    description:
      'Shop clothing, footwear and accessories for men, women and kids at Vastra. Prices in ₹, inclusive of GST, delivered across India.',
    applicationName: 'Vastra',
    openGraph: { siteName: 'Vastra', locale: 'en_IN', type: 'website' },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = { themeColor: '#8a1a42' };

/**
 * Every page reads the API at request time (never during `next build`), and configuration
 * comes from the environment of the running server. The Redux store wraps the page without
 * holding it back: server components keep rendering their HTML, and only client islands that
 * show persisted state wait for it. The CSP nonce of this request (src/proxy.ts) goes to the
 * client for the scripts it adds itself (Google sign-in).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const { publicApiUrl, googleClientId } = getConfig();
  const nonce = (await headers()).get(NONCE_HEADER);
  const categories = toNavCategories(await getCategories().catch(() => []));
  return (
    <html lang="en-IN" className={GeistSans.variable}>
      <body className="flex min-h-dvh flex-col font-sans">
        <PublicConfigProvider value={{ apiUrl: publicApiUrl, googleClientId, nonce }}>
          <StoreProvider>
            <CartProvider>
              <LoginModalProvider>
                <SiteHeader
                  categories={categories}
                  account={<HeaderAccount />}
                  wishlist={<HeaderWishlist />}
                  cart={<HeaderCart />}
                />
                <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                  {children}
                </main>
                <SiteFooter categories={categories} />
              </LoginModalProvider>
            </CartProvider>
          </StoreProvider>
          <LazyToasts />
        </PublicConfigProvider>
      </body>
    </html>
  );
}
