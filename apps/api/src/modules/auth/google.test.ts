/**
 * Google sign-in against a JWKS this test serves over HTTP, with ID tokens it signs in
 * Google's documented shape (RS256, iss accounts.google.com, aud = client id, email_verified).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { assertNoSecrets, bearer, freshIp, register, sessionCookie, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { codeFrom, latestOutboxMail } from '../../test/outbox';

const CLIENT_ID = '1234567890-vastra.apps.googleusercontent.com';
const KID = 'test-key-1';

let ctx: TestContext;
let jwksServer: http.Server;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;

before(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  ctx = await createTestApp({
    seed: false,
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs` },
  });
});
after(async () => {
  await ctx.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

type Claims = { sub?: string; email?: string; email_verified?: boolean; name?: string };

/** An ID token as Google issues it; `overrides` bend one property at a time. */
function idToken(
  claims: Claims,
  overrides: { key?: CryptoKey; audience?: string; issuer?: string; expiresAt?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(overrides.issuer ?? 'https://accounts.google.com')
    .setAudience(overrides.audience ?? CLIENT_ID)
    .setSubject(claims.sub ?? `google-${Math.random().toString(36).slice(2)}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(overrides.expiresAt ?? now + 3600)
    .sign(overrides.key ?? signingKey);
}

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
