/**
 * Guessing one account's password from many addresses (behaviour.md §15, docs/admin.md "Sign-in
 * limits"): each test performs the attack through HTTP. Wrong passwords for one email from
 * clients without its device cookie share one ceiling (429 with Retry-After); the owner's
 * browser, holding the device cookie of an earlier login, still gets in; a forged device
 * cookie, another account's or the other app's is no exemption. The same for staff sign-in,
 * where wrong authenticator codes of one account are limited across addresses too. A
 * stranger's wrong passwords from one address not locking out the owner at another:
 * security/accounts.test.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@vastra/contracts';
import { SignJWT } from 'jose';
import { SHOPPER_DEVICE_COOKIE, STAFF_DEVICE_COOKIE } from '../modules/auth/device-cookie';
import { LOGIN_LIMITS } from '../modules/auth/login-throttle';
import { bearer, freshIp, register, uniqueEmail } from '../test/accounts';
import { startFakeGoogle, type FakeGoogle } from '../test/google';
import { createTestApp, type TestContext } from '../test/harness';
import { codeFrom, latestOutboxMail } from '../test/outbox';
import { asStaff, staffOfRole, totpCode } from '../test/staff';

let ctx: TestContext;
let google: FakeGoogle;
before(async () => {
  google = await startFakeGoogle();
  ctx = await createTestApp({ seed: false, env: google.env });
});
after(async () => {
  await ctx.close();
  await google.close();
});

/** The guesses a botnet makes: one per address, never the same address twice. */
const ATTACK_ADDRESSES = 30;
/** Wrong authenticator codes one staff account may be sent in an hour, from anywhere (docs/admin.md). */
const CODES_AN_HOUR = 10;

type Reply = { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string };

function expectLimited(res: Reply) {
  assert.equal(res.statusCode, 429, res.body);
  assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.tooManyRequests });
  assert.ok(Number(res.headers['retry-after']) > 0, 'says when to try again');
}

/** The Set-Cookie line of cookie `name` in a reply ('' when none). */
function setCookieOf(res: Reply, name: string): string {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : [String(header ?? '')];
  return lines.find((line) => line.startsWith(`${name}=`)) ?? '';
}

/** `name=value` of cookie `name` from a reply, ready for a Cookie header. */
const cookieOf = (res: Reply, name: string) => setCookieOf(res, name).split(';')[0]!;

/** Device cookies an attacker can make without the server's secret, each naming `email` for `audience`. */
async function forgedDeviceCookies(name: string, audience: string, email: string): Promise<string[]> {
  const subject = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  const claims = { iss: 'vastra', aud: audience, sub: subject, jti: 'forged-device' };
  const otherKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1d')
    .sign(new TextEncoder().encode('not the server secret'));
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'none' })}.${encode(claims)}.`;
  return [`${name}=${otherKey}`, `${name}=${unsigned}`];
}

/**
 * Wrong passwords for `email` from a new address each time until one is refused; asserts the
 * first LOGIN_LIMITS.email.max are 401 and the ceiling is met within ATTACK_ADDRESSES.
 */
async function guessFromManyAddresses(send: (password: string) => Promise<Reply>): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < ATTACK_ADDRESSES; i++) {
    const res = await send(`guess ${i}`);
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expectLimited(res);
  }
  assert.ok(statuses.includes(429), `${ATTACK_ADDRESSES} guesses from as many addresses all answered 401`);
  const expected = statuses.map((_, i) => (i < LOGIN_LIMITS.email.max ? 401 : 429));
  assert.deepEqual(statuses, expected, `the ceiling of ${LOGIN_LIMITS.email.max} is met, then holds`);
}

describe('shopper login from many addresses', () => {
  const login = (email: string, password: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      remoteAddress: freshIp(),
      headers: cookie ? { cookie } : {},
    });

  test('thirty wrong passwords for one email, each from another address, meet the ceiling: 429 with Retry-After', async () => {
    const owner = await register(ctx.app);
    await guessFromManyAddresses((password) => login(owner.email, password));
    // From a browser that never logged in, the right password waits too.
    expectLimited(await login(owner.email, owner.password));
  });

  test('the browser that registered, or signed in with Google, is the account’s own device too', async () => {
    const email = uniqueEmail();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: freshIp(),
      payload: { name: 'Asha Rao', email, password: 'correct horse 1' },
    });
    assert.equal(registered.statusCode, 201, registered.body);
    const registeredDevice = cookieOf(registered, SHOPPER_DEVICE_COOKIE.name);
    assert.ok(registeredDevice, 'registering sets the device cookie');

    // A verified account: Google then links it and keeps its password.
    const linked = await register(ctx.app);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { email: linked.email, otp: codeFrom((await latestOutboxMail(ctx.dataDir, linked.email))!) },
      headers: bearer(linked.token),
    });
    assert.equal(verified.statusCode, 200, verified.body);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/auth/google-login',
      remoteAddress: freshIp(),
      payload: { token: await google.idToken({ email: linked.email, name: 'Asha Rao' }) },
    });
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    const googleDevice = cookieOf(signedIn, SHOPPER_DEVICE_COOKIE.name);
    assert.ok(googleDevice, 'signing in with Google sets the device cookie');

    for (const [account, device] of [
      [{ email, password: 'correct horse 1' }, registeredDevice],
      [linked, googleDevice],
    ] as const) {
      await guessFromManyAddresses((password) => login(account.email, password));
      expectLimited(await login(account.email, account.password));
      const own = await login(account.email, account.password, device);
      assert.equal(own.statusCode, 200, own.body);
    }
  });

  test("the owner's browser, with the device cookie of an earlier login, still logs in while the ceiling is hit", async () => {
    const owner = await register(ctx.app);
    const first = await login(owner.email, owner.password);
    assert.equal(first.statusCode, 200, first.body);
    const set = setCookieOf(first, SHOPPER_DEVICE_COOKIE.name);
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Strict/);
    assert.match(set, /Path=\/auth\/login/);
    assert.match(set, /Max-Age=\d{7,}/, 'kept for months');
    const device = cookieOf(first, SHOPPER_DEVICE_COOKIE.name);

    await guessFromManyAddresses((password) => login(owner.email, password));
    expectLimited(await login(owner.email, owner.password));

    // A typo from the owner's browser is counted against that browser only.
    const typo = await login(owner.email, 'a typo', device);
    assert.equal(typo.statusCode, 401, typo.body);
    const back = await login(owner.email, owner.password, device);
    assert.equal(back.statusCode, 200, back.body);
    // The login renews the device cookie, which works as the first did.
    const renewed = cookieOf(back, SHOPPER_DEVICE_COOKIE.name);
    assert.ok(renewed && renewed !== device);
    assert.equal((await login(owner.email, owner.password, renewed)).statusCode, 200);
  });

  test("a forged device cookie, another account's, or a session token in its place gives no exemption", async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const othersLogin = await login(other.email, other.password);
    assert.equal(othersLogin.statusCode, 200);
    const othersDevice = cookieOf(othersLogin, SHOPPER_DEVICE_COOKIE.name);
    assert.ok(othersDevice);

    await guessFromManyAddresses((password) => login(owner.email, password));
    const cookies = [
      othersDevice,
      `${SHOPPER_DEVICE_COOKIE.name}=${owner.token}`,
      ...(await forgedDeviceCookies(SHOPPER_DEVICE_COOKIE.name, SHOPPER_DEVICE_COOKIE.audience, owner.email)),
    ];
    for (const cookie of cookies) expectLimited(await login(owner.email, owner.password, cookie));
    // The other account's browser is not held back by the owner's ceiling.
    assert.equal((await login(other.email, other.password, othersDevice)).statusCode, 200);
  });
});

describe('staff sign-in from many addresses', () => {
  const signIn = (body: { email: string; password: string; code?: string; recoveryCode?: string }, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: body,
      remoteAddress: freshIp(),
      headers: cookie ? { cookie } : {},
    });

  test("wrong passwords meet the ceiling; the member's own browser still signs in, a shopper's or forged device cookie does not", async () => {
    const member = await staffOfRole(ctx, 'staff');
    const first = await signIn({ email: member.email, password: member.password });
    assert.equal(first.statusCode, 200, first.body);
    const set = setCookieOf(first, STAFF_DEVICE_COOKIE.name);
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Strict/);
    assert.match(set, /Path=\/admin\/api\/auth\/login/);
    const device = cookieOf(first, STAFF_DEVICE_COOKIE.name);
    // A shopper account with the staff member's email, and its device cookie under the staff name.
    const shopper = await register(ctx.app, { email: member.email });
    const shopperLogin = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: shopper.email, password: shopper.password },
      remoteAddress: freshIp(),
    });
    const shopperDevice = cookieOf(shopperLogin, SHOPPER_DEVICE_COOKIE.name).split('=')[1]!;

    await guessFromManyAddresses((password) => signIn({ email: member.email, password }));
    const right = { email: member.email, password: member.password };
    const cookies = [
      `${STAFF_DEVICE_COOKIE.name}=${shopperDevice}`,
      ...(await forgedDeviceCookies(STAFF_DEVICE_COOKIE.name, STAFF_DEVICE_COOKIE.audience, member.email)),
    ];
    for (const cookie of [undefined, ...cookies]) expectLimited(await signIn(right, cookie));
    const back = await signIn(right, device);
    assert.equal(back.statusCode, 200, back.body);
    // Shoppers' logins are counted apart: the shopper with the same email is not held back.
    const shopperAgain = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: shopper.email, password: shopper.password },
      remoteAddress: freshIp(),
    });
    assert.equal(shopperAgain.statusCode, 200, shopperAgain.body);
  });

  test('eleven wrong authenticator codes for one staff account from different addresses within an hour: 429', async () => {
    const member = await staffOfRole(ctx, 'staff');
    const { secret } = (await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/setup')).json().data;
    const enable = await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/enable', { code: totpCode(secret) });
    assert.equal(enable.statusCode, 200, enable.body);
    const { recoveryCodes } = enable.json().data;
    const first = await signIn({
      email: member.email,
      password: member.password,
      code: totpCode(secret, Date.now() + 30_000),
    });
    assert.equal(first.statusCode, 200, first.body);
    const device = cookieOf(first, STAFF_DEVICE_COOKIE.name);

    const valid = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpCode(secret, Date.now() + d)));
    const wrongCodes = Array.from({ length: 1_000 }, (_, i) => String(100_000 + i)).filter((c) => !valid.has(c));
    const withCode = (code: string) => ({ email: member.email, password: member.password, code });
    for (let i = 0; i < CODES_AN_HOUR; i++) {
      const res = await signIn(withCode(wrongCodes[i]!));
      assert.equal(res.statusCode, 401, `code ${i + 1}: ${res.body}`);
      assert.equal(res.json().message, ADMIN_MESSAGES.totpIncorrect);
    }
    expectLimited(await signIn(withCode(wrongCodes[CODES_AN_HOUR]!)));
    // The device cookie exempts from the password ceiling, not from this one.
    expectLimited(await signIn(withCode(wrongCodes[CODES_AN_HOUR + 1]!), device));
    // The recovery codes (high-entropy, one use each) stay a way in.
    const recovered = await signIn({ email: member.email, password: member.password, recoveryCode: recoveryCodes[0] });
    assert.equal(recovered.statusCode, 200, recovered.body);
  });
});

test('over https both device cookies are Secure', async () => {
  const https = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://api.shop.test' } });
  try {
    const shopper = await register(https.app);
    const login = await https.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: shopper.email, password: shopper.password },
      remoteAddress: freshIp(),
    });
    assert.equal(login.statusCode, 200, login.body);
    assert.match(setCookieOf(login, SHOPPER_DEVICE_COOKIE.name), /\bSecure\b/);
    const member = await staffOfRole(https, 'support');
    const signIn = await https.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { email: member.email, password: member.password },
      remoteAddress: freshIp(),
    });
    assert.equal(signIn.statusCode, 200, signIn.body);
    assert.match(setCookieOf(signIn, STAFF_DEVICE_COOKIE.name), /\bSecure\b/);
  } finally {
    await https.close();
  }
});
