/**
 * Helpers of the admin journeys (docs/admin.md): staff invited through the admin API (by an
 * owner's session or the operator token the API wrote into its DATA_DIR), authenticator codes,
 * and a shopper's paid order and return made through the shop's API. The journeys' own owners
 * come from the `owner` fixture (support/fixtures.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Order } from '@vastra/contracts';
import { expect, type BrowserContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { latestOutboxMail } from '../../apps/api/src/test/outbox';
import { API_URL, DATA_DIR, PUBLIC_API_URL } from './stack';

export type StaffSignIn = { email: string; password: string };

/** The authenticator's code for the base32 secret at `at` (ms). */
export function totpCode(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

/** Calls the admin API with a staff cookie, as the admin app does (the API's own Origin). */
export async function adminCall(cookie: string, method: string, pathname: string, json?: unknown) {
  return callAdminApi({ cookie, origin: PUBLIC_API_URL }, method, pathname, json);
}

/**
 * Calls the admin API with the operator token the API wrote into its DATA_DIR, as `npm run ops`
 * does (it acts as an owner): for a journey's store-side step that needs no staff member's
 * session, and to invite the journeys' own owners.
 */
export async function operatorCall(method: string, pathname: string, json?: unknown) {
  const token = (await readFile(path.join(DATA_DIR, 'secrets', 'operator-token'), 'utf8')).trim();
  return callAdminApi({ authorization: `Bearer ${token}` }, method, pathname, json);
}

async function callAdminApi(auth: Record<string, string>, method: string, pathname: string, json?: unknown) {
  const res = await fetch(`${API_URL}/admin/api${pathname}`, {
    method,
    headers: { ...auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; data?: Record<string, unknown> } };
}

/**
 * Signs in through the admin API (no 2FA) and gives the session cookie to the browser context,
 * so a journey opens admin pages already signed in (the login page has journeys of its own).
 */
export async function signInToAdmin(context: BrowserContext, who: StaffSignIn): Promise<void> {
  const cookie = await staffCookie(who);
  const at = cookie.indexOf('=');
  const { hostname } = new URL(PUBLIC_API_URL);
  await context.addCookies([
    { name: cookie.slice(0, at), value: cookie.slice(at + 1), domain: hostname, path: '/admin', httpOnly: true },
  ]);
}

/** Signs in through the admin API (no 2FA); returns the session cookie. */
export async function staffCookie({ email, password }: StaffSignIn, code?: string): Promise<string> {
  const res = await fetch(`${API_URL}/admin/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(code ? { code } : {}) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/**
 * The owner (signed in with `ownerCookie`, or the operator token when it is 'operator') invites
 * `email` as `role`; the invitee takes the mailed link and chooses a password.
 */
export async function inviteStaff(ownerCookie: string | 'operator', email: string, role: string): Promise<StaffSignIn> {
  const body = { email, name: `${role} person`, role };
  const invited =
    ownerCookie === 'operator'
      ? await operatorCall('POST', '/staff/invites', body)
      : await adminCall(ownerCookie, 'POST', '/staff/invites', body);
  expect(invited.status, invited.body.message).toBe(201);
  let link = '';
  await expect
    .poll(
      async () =>
        (link =
          /(http\S+\/admin\/setup\?token=\S+)/.exec((await latestOutboxMail(DATA_DIR, email))?.text ?? '')?.[1] ?? ''),
    )
    .not.toBe('');
  const token = new URL(link).searchParams.get('token');
  const password = 'support-staff-pass-1';
  const res = await fetch(`${API_URL}/admin/api/invites/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  expect(res.status).toBe(201);
  return { email, password };
}

/** A delivery address in Bengaluru, the store's own state. */
export const BENGALURU = { street: '7 Brigade Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' };

/** Places an order of the shopper's cart through the API, to `place` (Bengaluru), not paid yet. */
export async function placeOrderThroughApi(
  token: string,
  phone: string,
  paymentMethod: 'sandbox' | 'cod',
  place: typeof BENGALURU = BENGALURU,
): Promise<Order> {
  const res = await fetch(`${API_URL}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      paymentMethod,
      shippingAddress: { firstName: 'Meera', lastName: 'Iyer', ...place, country: 'India', phone },
    }),
  });
  const body = (await res.json()) as { message?: string; data: { order: Order } };
  expect(res.status, body.message).toBe(201);
  return body.data.order;
}

/** Places an order of the shopper's cart through the API, to `place` (Bengaluru), paid on the sandbox page. */
export async function placePaidOrderThroughApi(
  token: string,
  phone: string,
  place: typeof BENGALURU = BENGALURU,
): Promise<Order> {
  const order = await placeOrderThroughApi(token, phone, 'sandbox', place);
  const paid = await fetch(`${API_URL}${new URL(order.paymentUrl!).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return order;
}

/** The shopper asks to return the whole order, with a photo. */
export async function requestReturnThroughApi(token: string, orderId: string, photo: Buffer): Promise<void> {
  const form = new FormData();
  form.set('reason', 'size');
  form.set('comment', 'Too small at the shoulders');
  form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${API_URL}/orders/${orderId}/return`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}
