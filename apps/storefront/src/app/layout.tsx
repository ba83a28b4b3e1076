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
import { brandColourStyle } from '@/lib/brand-colour';
import { getCategories } from '@/lib/api/server/catalog';
import { getStoreSettings } from '@/lib/api/server/store-settings';
import { getConfig } from '@/lib/config';
import { LoginModalProvider } from '@/lib/login-modal';
import { PublicConfigProvider } from '@/lib/public-config';
import { NONCE_HEADER } from '@/lib/security-headers';
import { StoreProvider } from '@/lib/store/store-provider';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const { storeName } = await getStoreSettings();
  return {
    metadataBase: new URL(getConfig().siteUrl),
    title: { default: `${storeName}: fashion for India`, template: `%s | ${storeName}` },
    description: `Shop clothing, footwear and accessories for men, women and kids at ${storeName}. Prices in ₹, inclusive of GST, delivered across India.`,
    applicationName: storeName,
    openGraph: { siteName: storeName, locale: 'en_IN', type: 'website' },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = { themeColor: '#8a1a42' };

/**
 * The store's name, logo and colour are its settings (docs/admin.md "Store settings"), kept
 * a few seconds. Every page reads the API at request time (never during `next build`), and configuration
 * comes from the environment of the running server. The Redux store wraps the page without
 * holding it back: server components keep rendering their HTML, and only client islands that
 * show persisted state wait for it. The CSP nonce of this request (src/proxy.ts) goes to the
 * client for the scripts it adds itself (Google sign-in).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const { publicApiUrl, googleClientId } = getConfig();
  const nonce = (await headers()).get(NONCE_HEADER);
  const [categories, store] = await Promise.all([
    getCategories()
      .catch(() => null)
      .then(toNavCategories),
    getStoreSettings(),
  ]);
  return (
    <html lang="en-IN" className={GeistSans.variable} style={brandColourStyle(store.brandColour)}>
      <body className="flex min-h-dvh flex-col font-sans">
        <PublicConfigProvider value={{ apiUrl: publicApiUrl, googleClientId, nonce }}>
          <StoreProvider>
            <CartProvider>
              <LoginModalProvider>
                <SiteHeader
                  store={store}
                  categories={categories}
                  account={<HeaderAccount />}
                  wishlist={<HeaderWishlist />}
                  cart={<HeaderCart />}
                />
                <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                  {children}
                </main>
                <SiteFooter store={store} categories={categories} />
              </LoginModalProvider>
            </CartProvider>
          </StoreProvider>
          <LazyToasts />
        </PublicConfigProvider>
      </body>
    </html>
  );
}
