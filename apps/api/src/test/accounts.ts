/**
 * Helpers for tests that need accounts: register or log in through the real endpoints,
 * call with a bearer or cookie, build multipart bodies, and check that no secret leaks.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TEST_STOREFRONT_URL } from './harness';

let ipCounter = 0;

/**
 * A client address no other test in this process uses, so per-IP rate limits of one test
 * don't spill into another.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export function uniqueEmail(label = 'shopper'): string {
  return `${label}.${randomBytes(4).toString('hex')}@example.com`;
}

export type Account = { email: string; password: string; token: string; userId: string; cookie: string };

/**
 * Registers through POST /auth/register (in `locale` when given, ticking the optional `consents`
 * when given); returns the credentials, token and session cookie.
 */
export async function register(
  app: FastifyInstance,
  fields: {
    name?: string;
    email?: string;
    password?: string;
    phone?: string;
    locale?: string;
    consents?: 'cart_reminders'[];
  } = {},
): Promise<Account> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct horse 1';
  const res = await app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: freshIp(),
    payload: {
      name: fields.name ?? 'Asha Rao',
      email,
      password,
      ...(fields.phone ? { phone: fields.phone } : {}),
      ...(fields.locale ? { locale: fields.locale } : {}),
      ...(fields.consents ? { consents: fields.consents } : {}),
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  const body = res.json();
  return { email, password, token: body.data.token, userId: body.data.user.id, cookie: sessionCookie(res) };
}

/** Logs in through POST /auth/login; asserts success. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<Account> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: freshIp(),
    payload: { email, password },
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  return { email, password, token: body.data.token, userId: body.data.user.id, cookie: sessionCookie(res) };
}

/** `auth_token=<value>` from a reply's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [String(header ?? '')];
  const found = cookies.find((c) => c.startsWith('auth_token='));
  return found ? found.split(';')[0]! : '';
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The cookie as a browser on the storefront would send it, with the storefront's Origin. */
export const fromStorefront = (cookie: string) => ({ cookie, origin: TEST_STOREFRONT_URL });

/** Encodes a FormData as a multipart body for app.inject. */
export async function multipart(form: FormData): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const SECRET_KEYS =
  /^(password|passwordHash|password_hash|codeHash|code_hash|otp|googleSub|google_sub|sessionId|jti)$/i;

/** Fails when a response body has a secret field, or contains any of `secrets` verbatim. */
export function assertNoSecrets(body: string, secrets: string[] = []): void {
  JSON.parse(body, (key, value) => {
    assert.ok(!SECRET_KEYS.test(key), `response has a secret field "${key}"`);
    return value;
  });
  for (const secret of secrets) assert.ok(!body.includes(secret), 'response contains a secret value');
  assert.ok(!/\$argon2/.test(body), 'response contains a password hash');
}
