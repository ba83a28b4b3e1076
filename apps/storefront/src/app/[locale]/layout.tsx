import type { Metadata, Viewport } from 'next';
import { GeistSans } from 'geist/font/sans';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Cart, User } from '@vastra/contracts';
import type { ReactNode } from 'react';
import { LazyToasts } from '@/components/ui/lazy-toasts';
import { HeaderAccount } from '@/features/auth/header-account';
import { SessionKeeper } from '@/features/auth/session-keeper';
import { CartProvider } from '@/features/cart/cart-provider';
import { HeaderCart } from '@/features/cart/header-cart';
import { SiteFooter } from '@/features/layout/site-footer';
import { SiteHeader } from '@/features/layout/site-header';
import { PwaIsland } from '@/features/pwa/pwa-island';
import { toNavCategories } from '@/features/layout/nav-model';
import { HeaderWishlist } from '@/features/wishlist/header-wishlist';
import { brandColourStyle } from '@/lib/brand-colour';
import { getCategories } from '@/lib/api/server/catalog';
import { getCurrentShopper, getShopperCart, getWishlistRefs, shopperSession } from '@/lib/api/server/shopper';
import { getStoreSettings } from '@/lib/api/server/store-settings';
import { getConfig } from '@/lib/config';
import { LoginModalProvider } from '@/lib/login-modal';
import { PublicConfigProvider } from '@/lib/public-config';
import { ShopperProvider, type WishlistRef } from '@/lib/shopper-context';
import { NONCE_HEADER } from '@/lib/security-headers';
import { ClientMessages } from '@/i18n/client-messages';
import { LANGUAGE_TAG, LOCALE_COOKIE, routing } from '@/i18n/routing';
import { LanguageOffer } from '@/features/layout/header-islands';
import { localeToOffer } from '@/features/layout/locale-offer';
import '../globals.css';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  await connection();
  const { locale } = await params;
  const t = await getTranslations({
    locale: hasLocale(routing.locales, locale) ? locale : 'en',
    namespace: 'common.metadata',
  });
  const { storeName } = await getStoreSettings();
  return {
    metadataBase: new URL(getConfig().siteUrl),
    title: { default: t('title', { store: storeName }), template: `%s | ${storeName}` },
    description: t('description', { store: storeName }),
    applicationName: storeName,
    openGraph: { siteName: storeName, locale: locale === 'hi' ? 'hi_IN' : 'en_IN', type: 'website' },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = { themeColor: '#8a1a42' };

/**
 * The store's name, logo and colour are its settings (docs/admin.md "Store settings"), kept
 * a few seconds. Every page reads the API at request time (never during `next build`), and configuration
 * comes from the environment of the running server. The shopper (user, cart, wishlist refs) is
 * read here as the shopper, in parallel, and handed to the shopper and cart contexts, so the
 * header shows them in the first HTML (readShopper); SessionKeeper gives the 401 handler its
 * logout. The page's language is its `[locale]` segment (src/i18n/routing.ts); the client
 * components get the messages of the header and the catalogue pages (src/i18n/client-messages.tsx),
 * the shopper's pages all of them through their own layouts. The CSP nonce of this request (src/proxy.ts) goes to the
 * client for the scripts it adds itself (Google sign-in).
 */
export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  await connection();
  const { publicApiUrl, googleClientId, razorpayCheckoutUrl } = getConfig();
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER);
  const offer = localeToOffer(
    locale,
    (await cookies()).get(LOCALE_COOKIE)?.value,
    requestHeaders.get('accept-language'),
  );
  const [categories, store, shopper] = await Promise.all([
    getCategories()
      .catch(() => null)
      .then(toNavCategories),
    getStoreSettings(),
    readShopper(),
  ]);
  return (
    <html lang={LANGUAGE_TAG[locale]} className={GeistSans.variable} style={brandColourStyle(store.brandColour)}>
      <body className="flex min-h-dvh flex-col font-sans">
        <ClientMessages scope="browse">
          <PublicConfigProvider value={{ apiUrl: publicApiUrl, googleClientId, nonce, razorpayCheckoutUrl }}>
            <ShopperProvider
              user={shopper.user}
              wishlistRefs={shopper.wishlistRefs}
              sessionEnded={shopper.sessionEnded}
            >
              <SessionKeeper />
              <CartProvider serverCart={shopper.cart}>
                <LoginModalProvider>
                  <SiteHeader
                    store={store}
                    categories={categories}
                    account={<HeaderAccount />}
                    wishlist={<HeaderWishlist />}
                    cart={<HeaderCart />}
                  />
                  {offer && <LanguageOffer offer={offer} />}
                  <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                    {children}
                  </main>
                  <SiteFooter store={store} categories={categories} />
                </LoginModalProvider>
              </CartProvider>
            </ShopperProvider>
            <LazyToasts />
            <PwaIsland />
          </PublicConfigProvider>
        </ClientMessages>
      </body>
    </html>
  );
}

/**
 * The shopper this page is rendered for (lib/api/server/shopper.ts), the three reads in
 * parallel and none without a session cookie or a guest id. `cart` undefined: no shopper known
 * yet, or the cart could not be read (the cart context then shows the stored one); a failed
 * user or wishlist read renders as a guest, as an ended session does. `sessionEnded`: the
 * browser sent a session cookie the API refused (401), which the browser's 401 handler ends.
 */
async function readShopper(): Promise<{
  user: User | null;
  cart: Cart | null | undefined;
  wishlistRefs: WishlistRef[] | null;
  sessionEnded: boolean;
}> {
  const { token, guestId } = await shopperSession();
  if (!token && !guestId) return { user: null, cart: undefined, wishlistRefs: null, sessionEnded: false };
  const logged = (error: unknown) => {
    console.error('Reading the shopper failed', error instanceof Error ? error.message : error);
    return undefined;
  };
  const [user, cart, wishlistRefs] = await Promise.all([
    token ? getCurrentShopper().catch(logged) : null,
    getShopperCart().catch(logged),
    token ? getWishlistRefs().catch(logged) : null,
  ]);
  return {
    user: user ?? null,
    cart,
    wishlistRefs: user ? (wishlistRefs ?? null) : null,
    sessionEnded: token !== null && user === null,
  };
}
