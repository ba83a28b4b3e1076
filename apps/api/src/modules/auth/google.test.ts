/**
 * Google sign-in against a JWKS this test serves over HTTP, with ID tokens it signs in
 * Google's documented shape (RS256, iss accounts.google.com, aud = client id, email_verified).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { generateKeyPair, type CryptoKey } from 'jose';
import { assertNoSecrets, bearer, freshIp, register, sessionCookie, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { startFakeGoogle, type FakeGoogle } from '../../test/google';
import { codeFrom, latestOutboxMail } from '../../test/outbox';

let ctx: TestContext;
let google: FakeGoogle;
let strangerKey: CryptoKey;

before(async () => {
  google = await startFakeGoogle();
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  ctx = await createTestApp({ seed: false, env: google.env });
});
after(async () => {
  await ctx.close();
  await google.close();
});

const idToken: FakeGoogle['idToken'] = (claims, overrides) => google.idToken(claims, overrides);

const googleLogin = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/google-login', payload: { token }, remoteAddress: freshIp() });

describe('POST /auth/google-login', () => {
  test('a valid token for a new email creates a verified account without a password and logs it in', async () => {
    const email = uniqueEmail('google');
    const res = await googleLogin(await idToken({ sub: 'g-new-1', email, name: 'Kavya Nair' }));
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.message, AUTH_MESSAGES.googleSuccess);
    assert.equal(body.data.user.email, email);
    assert.equal(body.data.user.name, 'Kavya Nair');
    assert.equal(body.data.user.isEmailVerified, true);
    assert.equal(body.data.user.hasPassword, false);
    assert.equal(body.data.user.googleLinked, true);
    assert.equal(sessionCookie(res), `auth_token=${body.data.token}`);
    assertNoSecrets(res.body);
    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(body.data.token) });
    assert.equal(me.json().data.user.id, body.data.user.id);

    const again = await googleLogin(await idToken({ sub: 'g-new-1', email, name: 'Kavya Nair' }));
    assert.equal(again.json().data.user.id, body.data.user.id, 'the same account the second time');
  });

  test('an existing verified account with that email is linked, not duplicated, and its password still works', async () => {
    const account = await register(ctx.app);
    const code = codeFrom((await latestOutboxMail(ctx.dataDir, account.email))!);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { email: account.email, otp: code },
      headers: bearer(account.token),
    });
    assert.equal(verified.statusCode, 200, verified.body);
    const res = await googleLogin(await idToken({ sub: 'g-existing-1', email: account.email.toUpperCase() }));
    assert.equal(res.statusCode, 200, res.body);
    const user = res.json().data.user;
    assert.equal(user.id, account.userId);
    assert.equal(user.googleLinked, true);
    assert.equal(user.hasPassword, true);
    assert.equal(user.isEmailVerified, true);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: freshIp(),
    });
    assert.equal(login.statusCode, 200);
  });

  test('a token for another client (wrong audience) is refused', async () => {
    const res = await googleLogin(
      await idToken({ email: uniqueEmail() }, { audience: 'someone-else.apps.googleusercontent.com' }),
    );
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.googleRejected });
  });

  test('an expired token is refused with a precise message', async () => {
    const past = Math.floor(Date.now() / 1000) - 600;
    const res = await googleLogin(await idToken({ email: uniqueEmail() }, { expiresAt: past }));
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.googleExpired });
  });

  test('a token signed by another key (bad signature) is refused', async () => {
    const res = await googleLogin(await idToken({ email: uniqueEmail() }, { key: strangerKey }));
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.googleRejected });
  });

  test('a token from another issuer, a tampered one or garbage is refused', async () => {
    const foreign = await idToken({ email: uniqueEmail() }, { issuer: 'https://evil.example' });
    const [head, , sig] = (await idToken({ email: uniqueEmail() })).split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ sub: 'x', email: 'admin@example.com' })).toString('base64url');
    for (const token of [foreign, `${head}.${tamperedPayload}.${sig}`, 'garbage']) {
      const res = await googleLogin(token);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, AUTH_MESSAGES.googleRejected);
    }
  });

  test('an email Google has not verified is refused', async () => {
    const res = await googleLogin(await idToken({ email: uniqueEmail(), email_verified: false }));
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.googleEmailUnverified });
  });

  test('an empty credential is a 400', async () => {
    const res = await googleLogin('');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'The Google credential is missing.');
  });
});

test('without GOOGLE_CLIENT_ID, Google sign-in answers 503 and says so', async () => {
  const plain = await createTestApp({ seed: false });
  // The 503 is the answer under test: sign-in is off until it is configured.
  plain.expectServerErrors(/^503 POST \/auth\/google-login$/);
  try {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/auth/google-login',
      payload: { token: await idToken({ email: uniqueEmail() }) },
    });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.googleNotConfigured });
  } finally {
    await plain.close();
  }
});
