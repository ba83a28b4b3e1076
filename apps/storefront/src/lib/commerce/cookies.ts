import 'server-only';
import { cookies } from 'next/headers';
import { getConfig } from '@/lib/config';
import { CART_COOKIE_MAX_AGE_SECONDS, openCartCookie, sealCartCookie } from './cart-cookie';
import { getCommerceConfig } from './config';

/**
 * The cart cookie (§3): the backend cart id, sealed (see ./cart-cookie), httpOnly, SameSite
 * Lax, Secure when the storefront is served over HTTPS (SITE_URL). Read and written only
 * here, from route handlers and server actions.
 */
export const CART_COOKIE_NAME = 'vastra_commerce_cart';

/** The backend cart id of this shopper, or null (no cookie, or one that does not open). */
export async function readCartId(): Promise<string | null> {
  const sealed = (await cookies()).get(CART_COOKIE_NAME)?.value;
  if (!sealed) return null;
  return (await openCartCookie(sealed, getCommerceConfig().cookieKey))?.cartId ?? null;
}

export async function writeCartId(cartId: string): Promise<void> {
  (await cookies()).set(CART_COOKIE_NAME, await sealCartCookie({ cartId }, getCommerceConfig().cookieKey), {
    httpOnly: true,
    sameSite: 'lax',
    secure: getConfig().siteUrl.startsWith('https://'),
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}

export async function clearCartId(): Promise<void> {
  (await cookies()).delete(CART_COOKIE_NAME);
}
