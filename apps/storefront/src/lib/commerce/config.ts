import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { deriveCartCookieKey } from './cart-cookie';

/**
 * Runtime configuration of the commerce client, read on every call like `@/lib/config`:
 * - COMMERCE_URL: the commerce backend (default: the API's own address, API_URL);
 * - COMMERCE_PUBLISHABLE_KEY: the key sent as `x-publishable-api-key` (null = none; /store
 *   then refuses every call and the pages that read it show nothing from it);
 * - COMMERCE_COOKIE_SECRET: the secret of the cart cookie, at least 32 characters; required
 *   in production (`next start`), otherwise generated once into `.next/`.
 */
export type CommerceConfig = { baseUrl: string; publishableKey: string | null; cookieKey: Uint8Array };

const DEV_SECRET_FILE = path.join(process.cwd(), '.next', 'commerce-cookie-secret');
const keys = new Map<string, Uint8Array>();

function cookieSecret(): string {
  const configured = process.env.COMMERCE_COOKIE_SECRET?.trim();
  if (configured) {
    if (configured.length < 32) throw new Error('COMMERCE_COOKIE_SECRET must be at least 32 characters');
    return configured;
  }
  if (process.env.NODE_ENV === 'production') {
    throw new Error('COMMERCE_COOKIE_SECRET is required in production (at least 32 random characters)');
  }
  if (fs.existsSync(DEV_SECRET_FILE)) return fs.readFileSync(DEV_SECRET_FILE, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(DEV_SECRET_FILE), { recursive: true });
  fs.writeFileSync(DEV_SECRET_FILE, secret, { mode: 0o600 });
  return secret;
}

export function getCommerceConfig(): CommerceConfig {
  const secret = cookieSecret();
  let cookieKey = keys.get(secret);
  if (!cookieKey) {
    cookieKey = deriveCartCookieKey(secret);
    keys.set(secret, cookieKey);
  }
  return {
    baseUrl: (process.env.COMMERCE_URL?.trim() || getConfig().apiUrl).replace(/\/+$/, ''),
    publishableKey: process.env.COMMERCE_PUBLISHABLE_KEY?.trim() || null,
    cookieKey,
  };
}
