/**
 * Accounts through HTTP on a real database: register, login, me, logout, email verification
 * codes, forgot/reset password, change password, session revocation, the Origin check and
 * what responses never contain.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import {
  assertNoSecrets,
  bearer,
  freshIp,
  fromStorefront,
  login,
  register,
  sessionCookie,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { codeFrom, latestOutboxMail, outboxMailsTo, readOutbox } from '../../test/outbox';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp({ seed: false });
});
after(() => ctx.close());

type Reply = { statusCode: number; json: () => unknown };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/auth/me', headers });

function expectError(res: Reply, status: number, message: string) {
  assert.equal(res.statusCode, status);
  assert.deepEqual(res.json(), { success: false, message });
}

async function latestCode(email: string): Promise<string> {
  const mail = await latestOutboxMail(ctx.dataDir, email);
  assert.ok(mail, `no mail to ${email}`);
  return codeFrom(mail);
}

/** Moves a user's newest code of a purpose `ms` into the past (creation and expiry). */
async function ageCode(userId: string, ms: number) {
  await ctx.database.db.execute(
    sql`UPDATE one_time_codes SET created_at = created_at - ${`${ms} milliseconds`}::interval,
        expires_at = expires_at - ${`${ms} milliseconds`}::interval WHERE user_id = ${userId}`,
  );
}

describe('POST /auth/register', () => {
  test('201 with token, user and verificationEmailSent; the cookie is httpOnly; a code is mailed', async () => {
    const email = uniqueEmail('Register');
    const res = await post('/auth/register', {
      name: '  Meera Iyer ',
      email: `  ${email.toUpperCase()} `,
      password: 'long enough',
      phone: '+91 98765 43210'.replace(/ (?=\d{5}$)/, ''),
    });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.equal(body.success, true);
    assert.equal(body.data.verificationEmailSent, true);
    assert.ok(body.data.token.split('.').length === 3, 'a JWT');
    assert.deepEqual(
      { ...body.data.user, id: undefined, createdAt: undefined },
      {
        id: undefined,
        createdAt: undefined,
        email: email.toLowerCase(),
        name: 'Meera Iyer',
        phone: '9876543210',
        // Typed at sign-up, never proven by a texted code.
        phoneVerified: false,
        gender: null,
        dateOfBirth: null,
        avatarUrl: null,
        isEmailVerified: false,
        hasPassword: true,
        googleLinked: false,
        addresses: [],
        // Signed up without a language: English.
        locale: 'en',
      },
    );
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /^auth_token=[^;]+;/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    assertNoSecrets(res.body, ['long enough']);

    const mail = await latestOutboxMail(ctx.dataDir, email);
    assert.ok(mail);
    assert.equal(mail.subject, 'Verify your email for Vastra');
    assert.match(codeFrom(mail), /^\d{6}$/);
    assert.ok(mail.html && mail.html.includes(codeFrom(mail)), 'the HTML part carries the code too');
  });

  test('the token logs the new user in', async () => {
    const account = await register(ctx.app);
    const res = await me(bearer(account.token));
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.user.email, account.email);
  });

  test('409 when the email is taken, in any case', async () => {
    const account = await register(ctx.app);
    const res = await post('/auth/register', {
      name: 'Other',
      email: account.email.toUpperCase(),
      password: '12345678',
    });
    expectError(res, 409, AUTH_MESSAGES.emailTaken);
  });

  test('400 with a message a person can act on', async () => {
    const cases: [object, string][] = [
      [{ name: 'A', email: uniqueEmail(), password: 'short' }, 'Password must be at least 8 characters.'],
      [{ name: 'A', email: 'not-an-email', password: '12345678' }, 'Please enter a valid email address.'],
      [{ name: ' ', email: uniqueEmail(), password: '12345678' }, 'Please enter your name.'],
      [
        { name: 'A', email: uniqueEmail(), password: '12345678', phone: '12345' },
        'Please enter a valid 10-digit Indian mobile number.',
      ],
      [
        { name: 'A', email: uniqueEmail(), password: '12345678', phone: '5876543210' },
        'Please enter a valid 10-digit Indian mobile number.',
      ],
      [
        { email: uniqueEmail(), password: '12345678' },
        'Invalid body: name: Invalid input: expected string, received undefined',
      ],
    ];
    for (const [payload, message] of cases) expectError(await post('/auth/register', payload), 400, message);
  });

  test('a failed registration stores nothing', async () => {
    const email = uniqueEmail();
    await post('/auth/register', { name: 'A', email, password: 'short' });
    const res = await post('/auth/login', { email, password: 'short' });
    expectError(res, 401, AUTH_MESSAGES.incorrectCredentials);
    assert.equal(await latestOutboxMail(ctx.dataDir, email), undefined);
  });
});

describe('POST /auth/login', () => {
  test('answers success, message, data.user and the token in data.token and the auth_token cookie', async () => {
    const account = await register(ctx.app);
    const res = await post('/auth/login', { email: ` ${account.email.toUpperCase()}`, password: account.password });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.success, true);
    assert.equal(body.message, AUTH_MESSAGES.loggedIn);
    assert.equal(body.data.user.id, account.userId);
    assert.equal(sessionCookie(res), `auth_token=${body.data.token}`);
    assertNoSecrets(res.body, [account.password]);
  });

  test('wrong password and unknown email get the same 401 answer', async () => {
    const account = await register(ctx.app);
    const wrong = await post('/auth/login', { email: account.email, password: 'not the password' });
    const unknown = await post('/auth/login', { email: uniqueEmail('nobody'), password: 'not the password' });
    expectError(wrong, 401, AUTH_MESSAGES.incorrectCredentials);
    expectError(unknown, 401, AUTH_MESSAGES.incorrectCredentials);
    assert.equal(wrong.headers['set-cookie'], undefined);
  });

  test('empty or missing fields: "Please fill in all fields"', async () => {
    expectError(await post('/auth/login', { email: '', password: '' }), 400, AUTH_MESSAGES.fillAllFields);
    expectError(await post('/auth/login', { email: 'a@b.co' }), 400, AUTH_MESSAGES.fillAllFields);
    expectError(await post('/auth/login', { email: '   ', password: 'x' }), 400, AUTH_MESSAGES.fillAllFields);
  });
});

describe('GET /auth/me and sessions', () => {
  test('401 "Authentication required" without a token; "Session expired" with a bad one', async () => {
    expectError(await me({}), 401, AUTH_MESSAGES.authRequired);
    expectError(await me(bearer('not.a.jwt')), 401, AUTH_MESSAGES.sessionExpired);
    const account = await register(ctx.app);
    const [head, payload] = account.token.split('.');
    expectError(await me(bearer(`${head}.${payload}.forged-signature`)), 401, AUTH_MESSAGES.sessionExpired);
  });

  test('the cookie works as well as the bearer', async () => {
    const account = await register(ctx.app);
    const res = await me({ cookie: account.cookie });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.user.id, account.userId);
    assertNoSecrets(res.body, [account.password]);
  });

  test('an expired session is refused even though its token is signed', async () => {
    const account = await register(ctx.app);
    await ctx.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${account.userId}`,
    );
    expectError(await me(bearer(account.token)), 401, AUTH_MESSAGES.sessionExpired);
  });

  test('logout revokes the session and clears the cookie; other sessions stay', async () => {
    const account = await register(ctx.app);
    const other = await login(ctx.app, account.email, account.password);
    const res = await post('/auth/logout', {}, bearer(account.token));
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: true, message: AUTH_MESSAGES.loggedOut });
    assert.match(String(res.headers['set-cookie']), /^auth_token=;.*Expires=Thu, 01 Jan 1970/);
    expectError(await me(bearer(account.token)), 401, AUTH_MESSAGES.sessionExpired);
    assert.equal((await me(bearer(other.token))).statusCode, 200);
  });

  test('logout by cookie from the storefront revokes that session', async () => {
    const account = await register(ctx.app);
    const res = await post('/auth/logout', {}, fromStorefront(account.cookie));
    assert.equal(res.statusCode, 200);
    expectError(await me({ cookie: account.cookie }), 401, AUTH_MESSAGES.sessionExpired);
  });

  test('logout without a session still clears the cookie', async () => {
    const res = await post('/auth/logout', {});
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['set-cookie']), /^auth_token=;/);
  });
});

describe('Origin check for cookie-authenticated writes', () => {
  test("another site's request riding on the cookie is refused and changes nothing", async () => {
    const account = await register(ctx.app);
    for (const origin of ['http://evil.test', 'null']) {
      const res = await post('/auth/logout', {}, { cookie: account.cookie, origin });
      expectError(res, 403, AUTH_MESSAGES.originNotAllowed);
    }
    const change = await post(
      '/auth/reset-password-secure',
      { currentPassword: account.password, newPassword: 'attacker chosen' },
      { cookie: account.cookie, origin: 'http://evil.test' },
    );
    expectError(change, 403, AUTH_MESSAGES.originNotAllowed);
    assert.equal((await me({ cookie: account.cookie })).statusCode, 200, 'still logged in');
    await login(ctx.app, account.email, account.password);
  });

  test('no Origin: the Referer decides; neither is refused', async () => {
    const account = await register(ctx.app);
    const noOrigin = await post('/auth/logout', {}, { cookie: account.cookie });
    expectError(noOrigin, 403, AUTH_MESSAGES.originNotAllowed);
    const viaReferer = await post(
      '/auth/logout',
      {},
      { cookie: account.cookie, referer: `${TEST_STOREFRONT_URL}/account` },
    );
    assert.equal(viaReferer.statusCode, 200);
  });

  test('a bearer token is not a cookie: no Origin needed', async () => {
    const account = await register(ctx.app);
    const res = await post('/auth/logout', {}, { ...bearer(account.token), origin: 'http://elsewhere.test' });
    assert.equal(res.statusCode, 200);
  });
});

describe('email verification', () => {
  test('the mailed code verifies the email: "Email verified successfully" and isEmailVerified', async () => {
    const account = await register(ctx.app);
    const res = await post(
      '/auth/verify-email',
      { email: account.email, otp: await latestCode(account.email) },
      bearer(account.token),
    );
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.message, AUTH_MESSAGES.emailVerified);
    assert.equal(body.data.user.isEmailVerified, true);
    assertNoSecrets(res.body);
    assert.equal((await me(bearer(account.token))).json().data.user.isEmailVerified, true);
  });

  test('a wrong code is refused; the code in the mail still works afterwards', async () => {
    const account = await register(ctx.app);
    const code = await latestCode(account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await post('/auth/verify-email', { email: account.email, otp: wrong }, bearer(account.token)),
      400,
      AUTH_MESSAGES.codeIncorrect,
    );
    assert.equal(
      (await post('/auth/verify-email', { email: account.email, otp: code }, bearer(account.token))).statusCode,
      200,
    );
  });

  test('a code can be used once', async () => {
    const account = await register(ctx.app);
    const code = await latestCode(account.email);
    assert.equal(
      (await post('/auth/verify-email', { email: account.email, otp: code }, bearer(account.token))).statusCode,
      200,
    );
    const again = await post('/auth/verify-email', { email: account.email, otp: code }, bearer(account.token));
    assert.equal(again.json().message, AUTH_MESSAGES.alreadyVerified);
  });

  test('an expired code (older than 10 minutes) is refused', async () => {
    const account = await register(ctx.app);
    const code = await latestCode(account.email);
    await ageCode(account.userId, 10 * 60_000 + 1000);
    expectError(
      await post('/auth/verify-email', { email: account.email, otp: code }, bearer(account.token)),
      400,
      AUTH_MESSAGES.codeExpired,
    );
    assert.equal((await me(bearer(account.token))).json().data.user.isEmailVerified, false);
  });

  test(`after ${OTP_MAX_ATTEMPTS} wrong tries even the right code is refused`, async () => {
    const account = await register(ctx.app);
    const code = await latestCode(account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      expectError(
        await post('/auth/verify-email', { email: account.email, otp: wrong }, bearer(account.token)),
        400,
        AUTH_MESSAGES.codeIncorrect,
      );
    }
    const last = await post('/auth/verify-email', { email: account.email, otp: wrong }, bearer(account.token));
    expectError(last, 429, AUTH_MESSAGES.codeAttemptsExceeded);
    const right = await post('/auth/verify-email', { email: account.email, otp: code }, bearer(account.token));
    expectError(right, 429, AUTH_MESSAGES.codeAttemptsExceeded);
  });

  test('codes are stored hashed, never as the code', async () => {
    const account = await register(ctx.app);
    const code = await latestCode(account.email);
    const rows = await ctx.database.db.execute(
      sql`SELECT code_hash FROM one_time_codes WHERE user_id = ${account.userId}`,
    );
    const [row] = (rows as unknown as { rows: { code_hash: string }[] }).rows;
    assert.ok(row && row.code_hash.length === 64 && !row.code_hash.includes(code));
  });

  test('an unknown email or a malformed code gets a clear 400', async () => {
    const account = await register(ctx.app);
    expectError(
      await post('/auth/verify-email', { email: uniqueEmail(), otp: '123456' }, bearer(account.token)),
      400,
      AUTH_MESSAGES.codeIncorrect,
    );
    expectError(
      await post('/auth/verify-email', { email: uniqueEmail(), otp: '12ab' }, bearer(account.token)),
      400,
      'The code is the 6 digits from the email.',
    );
  });

  test('resend: at most once a minute, then a new code that replaces the old one', async () => {
    const account = await register(ctx.app);
    const first = await latestCode(account.email);
    const tooSoon = await post('/auth/resend-verification', { email: account.email }, bearer(account.token));
    expectError(tooSoon, 429, AUTH_MESSAGES.codeResendTooSoon);
    assert.ok(Number(tooSoon.headers['retry-after']) > 0);

    await ageCode(account.userId, 61_000);
    const res = await post('/auth/resend-verification', { email: account.email }, bearer(account.token));
    assert.deepEqual(res.json(), { success: true, message: AUTH_MESSAGES.verificationSent });
    const second = await latestCode(account.email);
    if (first !== second) {
      expectError(
        await post('/auth/verify-email', { email: account.email, otp: first }, bearer(account.token)),
        400,
        AUTH_MESSAGES.codeIncorrect,
      );
    }
    assert.equal(
      (await post('/auth/verify-email', { email: account.email, otp: second }, bearer(account.token))).statusCode,
      200,
    );
    expectError(
      await post('/auth/resend-verification', { email: account.email }, bearer(account.token)),
      400,
      AUTH_MESSAGES.alreadyVerified,
    );
  });

  test("the browser's cookie alone asks for a new code and verifies the email", async () => {
    const account = await register(ctx.app);
    await ageCode(account.userId, 61_000);
    const resend = await post('/auth/resend-verification', { email: account.email }, fromStorefront(account.cookie));
    assert.deepEqual(resend.json(), { success: true, message: AUTH_MESSAGES.verificationSent });
    const res = await post(
      '/auth/verify-email',
      { email: account.email, otp: await latestCode(account.email) },
      fromStorefront(account.cookie),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.user.id, account.userId);
    assert.equal(res.json().data.user.isEmailVerified, true);
  });

  test("resend for an email other than the caller's is refused and sends nothing", async () => {
    const account = await register(ctx.app);
    await ageCode(account.userId, 61_000);
    const email = uniqueEmail('ghost');
    expectError(
      await post('/auth/resend-verification', { email }, bearer(account.token)),
      400,
      AUTH_MESSAGES.notYourEmail,
    );
    assert.equal(await latestOutboxMail(ctx.dataDir, email), undefined);
    assert.equal((await outboxMailsTo(ctx.dataDir, account.email)).length, 1, 'nor to the caller');
  });
});

describe('forgot and reset password', () => {
  test('the same answer whether or not the account exists; only a real account gets a mail', async () => {
    const account = await register(ctx.app);
    const ghost = uniqueEmail('ghost');
    const known = await post('/auth/forgot-password', { email: account.email });
    const unknown = await post('/auth/forgot-password', { email: ghost });
    assert.deepEqual(known.json(), { success: true, message: AUTH_MESSAGES.resetCodeSent });
    assert.deepEqual(unknown.json(), known.json());
    await ctx.app.jobs.idle();
    assert.equal((await latestOutboxMail(ctx.dataDir, account.email))?.subject, 'Reset your Vastra password');
    assert.equal(await latestOutboxMail(ctx.dataDir, ghost), undefined);
  });

  test('the code sets a new password and logs out every session', async () => {
    const account = await register(ctx.app);
    const other = await login(ctx.app, account.email, account.password);
    await post('/auth/forgot-password', { email: account.email });
    await ctx.app.jobs.idle();
    const code = await latestCode(account.email);
    const res = await post('/auth/reset-password', { email: account.email, otp: code, newPassword: 'brand new pass' });
    assert.deepEqual(res.json(), { success: true, message: AUTH_MESSAGES.passwordReset });
    expectError(await me(bearer(account.token)), 401, AUTH_MESSAGES.sessionExpired);
    expectError(await me(bearer(other.token)), 401, AUTH_MESSAGES.sessionExpired);
    expectError(
      await post('/auth/login', { email: account.email, password: account.password }),
      401,
      AUTH_MESSAGES.incorrectCredentials,
    );
    const fresh = await login(ctx.app, account.email, 'brand new pass');
    assert.equal((await me(bearer(fresh.token))).json().data.user.isEmailVerified, true, 'the code proved the email');
  });

  test('a verification code does not reset a password, and a wrong code changes nothing', async () => {
    const account = await register(ctx.app);
    const verifyCode = await latestCode(account.email);
    const res = await post('/auth/reset-password', {
      email: account.email,
      otp: verifyCode,
      newPassword: 'brand new pass',
    });
    expectError(res, 400, AUTH_MESSAGES.codeIncorrect);
    await login(ctx.app, account.email, account.password);
  });

  test('closing the app waits for a reset mail still on its way', async () => {
    const closing = await createTestApp({ seed: false });
    try {
      const account = await register(closing.app);
      const res = await closing.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: account.email },
        remoteAddress: freshIp(),
      });
      assert.equal(res.statusCode, 200);
      await closing.app.close();
      assert.equal((await latestOutboxMail(closing.dataDir, account.email))?.subject, 'Reset your Vastra password');
    } finally {
      await closing.close();
    }
  });

  test('a new password must be 8 characters or more', async () => {
    const res = await post('/auth/reset-password', { email: uniqueEmail(), otp: '123456', newPassword: 'short' });
    expectError(res, 400, 'Password must be at least 8 characters.');
  });
});

describe('POST /auth/reset-password-secure (change password)', () => {
  test("changes the password and revokes the user's other sessions, keeping this one", async () => {
    const account = await register(ctx.app);
    const other = await login(ctx.app, account.email, account.password);
    const res = await post(
      '/auth/reset-password-secure',
      { currentPassword: account.password, newPassword: 'a new password' },
      bearer(account.token),
    );
    assert.deepEqual(res.json(), { success: true, message: AUTH_MESSAGES.passwordChanged });
    assert.equal((await me(bearer(account.token))).statusCode, 200, 'this session stays');
    expectError(await me(bearer(other.token)), 401, AUTH_MESSAGES.sessionExpired);
    expectError(
      await post('/auth/login', { email: account.email, password: account.password }),
      401,
      AUTH_MESSAGES.incorrectCredentials,
    );
    await login(ctx.app, account.email, 'a new password');
  });

  test('a wrong current password is 400 and changes nothing', async () => {
    const account = await register(ctx.app);
    const other = await login(ctx.app, account.email, account.password);
    const res = await post(
      '/auth/reset-password-secure',
      { currentPassword: 'wrong one', newPassword: 'a new password' },
      bearer(account.token),
    );
    expectError(res, 400, AUTH_MESSAGES.currentPasswordIncorrect);
    assert.equal((await me(bearer(other.token))).statusCode, 200);
    await login(ctx.app, account.email, account.password);
  });

  test('needs a session; works by cookie from the storefront', async () => {
    expectError(
      await post('/auth/reset-password-secure', { currentPassword: 'x', newPassword: 'a new password' }),
      401,
      AUTH_MESSAGES.authRequired,
    );
    const account = await register(ctx.app);
    const res = await post(
      '/auth/reset-password-secure',
      { currentPassword: account.password, newPassword: 'cookie changed it' },
      fromStorefront(account.cookie),
    );
    assert.equal(res.statusCode, 200);
    await login(ctx.app, account.email, 'cookie changed it');
  });

  test('the new password is validated', async () => {
    const account = await register(ctx.app);
    const res = await post(
      '/auth/reset-password-secure',
      { currentPassword: account.password, newPassword: 'short' },
      bearer(account.token),
    );
    expectError(res, 400, 'Password must be at least 8 characters.');
  });
});

test('no response of the account endpoints carries a secret', async () => {
  const account = await register(ctx.app);
  const responses = [
    await post('/auth/login', { email: account.email, password: account.password }),
    await me(bearer(account.token)),
    await post(
      '/auth/verify-email',
      { email: account.email, otp: await latestCode(account.email) },
      bearer(account.token),
    ),
    await post('/auth/forgot-password', { email: account.email }),
  ];
  await ctx.app.jobs.idle();
  const mails = await readOutbox(ctx.dataDir);
  const codes = mails.filter((mail) => JSON.stringify(mail.to).includes(account.email)).map(codeFrom);
  assert.equal(codes.length, 2, 'a verification and a reset code');
  for (const res of responses) assertNoSecrets(res.body, [account.password, ...codes]);
});
