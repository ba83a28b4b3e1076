import { hkdfSync } from 'node:crypto';
import { GUEST_CART_TTL_DAYS } from '@vastra/contracts';
import { EncryptJWT, jwtDecrypt } from 'jose';

/**
 * The sealed value of the cart cookie (§3: the backend cart id is kept encrypted in a cookie,
 * an object holding cartId): `{ cartId }` as a JWE (`dir`, A256GCM) whose key is derived from
 * the server's secret, expiring with the backend's idle carts. A value that was altered,
 * sealed with another key or has expired opens to null. Server code only.
 */
export type CartCookie = { cartId: string };

/** How long the cookie and its sealed value last: as long as the backend keeps an idle cart. */
export const CART_COOKIE_MAX_AGE_SECONDS = GUEST_CART_TTL_DAYS * 24 * 60 * 60;

/** The 256-bit content key for a secret (HKDF-SHA-256), so any secret of enough entropy fits. */
export function deriveCartCookieKey(secret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'vastra', 'commerce cart cookie', 32));
}

export async function sealCartCookie(value: CartCookie, key: Uint8Array): Promise<string> {
  return new EncryptJWT({ cartId: value.cartId })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${CART_COOKIE_MAX_AGE_SECONDS}s`)
    .encrypt(key);
}

export async function openCartCookie(sealed: string, key: Uint8Array): Promise<CartCookie | null> {
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return typeof payload.cartId === 'string' && payload.cartId ? { cartId: payload.cartId } : null;
  } catch {
    return null;
  }
}
