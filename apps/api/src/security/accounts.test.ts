/**
 * Accounts under attack (behaviour.md §6, §14, §15): each test performs one attack on the account endpoints through HTTP
 * and shows that it fails. Profile leak through verify-email, account pre-hijack before a
 * Google sign-in, locking the owner out with wrong passwords (with and without a trusted
 * proxy), and telling from forgot-password's timing whether an account exists.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, freshIp, fromStorefront, register, uniqueEmail, type Account } from '../test/accounts';
import { startFakeGoogle, type FakeGoogle } from '../test/google';
import { createTestApp, type TestContext } from '../test/harness';
import { codeFrom, latestOutboxMail, outboxMailsTo } from '../test/outbox';
import { startSmtpServer } from '../test/smtp';
import { LOGIN_LIMITS } from '../modules/auth/login-throttle';
import { AUTH_LIMITS } from '../modules/auth/rate-limits';

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

type Reply = { statusCode: number; json: () => unknown; body: string };

function expectError(res: Reply, status: number, message: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.deepEqual(res.json(), { success: false, message });
}

const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });

/** A registered shopper who verified the email with the mailed code. */
async function verifiedShopper(app: FastifyInstance, dataDir: string): Promise<Account> {
  const account = await register(app, { phone: '9876543210' });
  const code = codeFrom((await latestOutboxMail(dataDir, account.email))!);
  const res = await post(app, '/auth/verify-email', { email: account.email, otp: code }, bearer(account.token));
  assert.equal(res.statusCode, 200, res.body);
  return account;
}

describe('profile leak through email verification', () => {
  test('verify-email without a session answers 401 and no user, before reading the body', async () => {
    const victim = await verifiedShopper(ctx.app, ctx.dataDir);
    for (const payload of [{ email: victim.email, otp: '000000' }, {}]) {
      const res = await post(ctx.app, '/auth/verify-email', payload);
      expectError(res, 401, AUTH_MESSAGES.authRequired);
      assert.ok(!res.body.includes(victim.email));
    }
  });

  test("verify-email with a session but another shopper's email is a wrong code, never that shopper", async () => {
    const victim = await verifiedShopper(ctx.app, ctx.dataDir);
    const attacker = await register(ctx.app);
    const res = await post(
      ctx.app,
      '/auth/verify-email',
      { email: victim.email, otp: '000000' },
      bearer(attacker.token),
    );
    expectError(res, 400, AUTH_MESSAGES.codeIncorrect);
    assert.ok(!res.body.includes(victim.email) && !res.body.includes(victim.userId));
  });

  test("a stranger's wrong codes for the owner's email use up neither the owner's code nor the owner's tries", async () => {
    const owner = await register(ctx.app);
    const stranger = await register(ctx.app);
    for (let i = 0; i < AUTH_LIMITS.verifyEmail.email.max; i++) {
      const res = await post(
        ctx.app,
        '/auth/verify-email',
        { email: owner.email, otp: '000000' },
        bearer(stranger.token),
      );
      expectError(res, 400, AUTH_MESSAGES.codeIncorrect);
    }
    const code = codeFrom((await latestOutboxMail(ctx.dataDir, owner.email))!);
    const res = await post(ctx.app, '/auth/verify-email', { email: owner.email, otp: code }, bearer(owner.token));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, AUTH_MESSAGES.emailVerified);
  });

  test("resend-verification without a session is 401; with one, another shopper's email is refused unmailed", async () => {
    const victim = await register(ctx.app);
    const attacker = await register(ctx.app);
    expectError(
      await post(ctx.app, '/auth/resend-verification', { email: victim.email }),
      401,
      AUTH_MESSAGES.authRequired,
    );
    const res = await post(
      ctx.app,
      '/auth/resend-verification',
      { email: victim.email },
      fromStorefront(attacker.cookie),
    );
    expectError(res, 400, AUTH_MESSAGES.notYourEmail);
    assert.equal((await outboxMailsTo(ctx.dataDir, victim.email)).length, 1, 'only the code of registration');
  });
});

describe('account pre-hijack before a Google sign-in', () => {
  test("the stranger who registered the owner's unverified email loses password and sessions; the owner is told", async () => {
    const email = uniqueEmail('victim').replace('@example.com', '@gmail.com');
    const stranger = await register(ctx.app, { email, password: 'stranger chose this' });

    const res = await post(ctx.app, '/auth/google-login', {
      token: await google.idToken({ email, sub: `g-${email}`, name: 'The Owner' }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const owner = res.json().data;
    assert.equal(owner.user.id, stranger.userId);
    assert.equal(owner.user.isEmailVerified, true);
    assert.equal(owner.user.hasPassword, false);

    const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/auth/me', headers });
    expectError(await me(bearer(stranger.token)), 401, AUTH_MESSAGES.sessionExpired);
    expectError(await me({ cookie: stranger.cookie }), 401, AUTH_MESSAGES.sessionExpired);
    expectError(
      await post(ctx.app, '/auth/login', { email, password: 'stranger chose this' }),
      401,
      AUTH_MESSAGES.incorrectCredentials,
    );
    assert.equal((await me(bearer(owner.token))).statusCode, 200, "the owner's own session works");

    await ctx.app.jobs.idle();
    const mail = await latestOutboxMail(ctx.dataDir, email);
    assert.equal(mail?.subject, 'You now sign in to Vastra with Google');
    assert.match(mail.text ?? '', /removed the password/);
  });

  test('a password login racing the owner’s Google sign-in never leaves the stranger a working session', async () => {
    const email = uniqueEmail('race').replace('@example.com', '@gmail.com');
    await register(ctx.app, { email, password: 'stranger chose this' });
    const token = await google.idToken({ email, sub: `g-${email}`, name: 'The Owner' });
    // Password logins keep arriving, from several addresses, while the Google sign-in runs.
    const answers: Promise<Awaited<ReturnType<typeof post>>>[] = [];
    let claimed = false;
    const claim = post(ctx.app, '/auth/google-login', { token }).finally(() => (claimed = true));
    for (let after = 0; after < 10; after += claimed ? 1 : 0) {
      answers.push(post(ctx.app, '/auth/login', { email, password: 'stranger chose this' }));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    assert.equal((await claim).statusCode, 200);
    const settled = await Promise.all(answers);
    const tokens = settled.filter((a) => a.statusCode === 200).map((a) => a.json().data.token as string);
    for (const stolen of tokens) {
      const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(stolen) });
      assert.equal(me.statusCode, 401, 'a login that raced the claim kept its session');
    }
  });
});

/** POST /auth/login from `remoteAddress`, optionally claiming another address in X-Forwarded-For. */
function loginFrom(app: FastifyInstance, email: string, password: string, remote: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: remote,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** `count` wrong passwords for `email` (a fresh email each time when `email` is undefined), each answered 401. */
async function failLogins(
  app: FastifyInstance,
  count: number,
  email: string | undefined,
  remote: string,
  forwardedFor?: () => string,
) {
  for (let i = 0; i < count; i++) {
    const res = await loginFrom(app, email ?? uniqueEmail(), `guess ${i}`, remote, forwardedFor?.());
    assert.equal(res.statusCode, 401, `attempt ${i + 1}: ${res.body}`);
  }
}

function expectLimited(res: Reply & { headers: Record<string, unknown> }) {
  expectError(res, 429, AUTH_MESSAGES.tooManyRequests);
  assert.ok(Number(res.headers['retry-after']) > 0, 'says when to try again');
}

describe('lock-out by strangers, no trusted proxy (X-Forwarded-For ignored)', () => {
  const { emailAndIp, ip } = LOGIN_LIMITS;

  test("a stranger's wrong passwords lock the stranger's address out, not the owner at another", async () => {
    const owner = await register(ctx.app);
    const stranger = freshIp();
    await failLogins(ctx.app, emailAndIp.max, owner.email, stranger);
    expectLimited(await loginFrom(ctx.app, owner.email, owner.password, stranger));
    assert.equal((await loginFrom(ctx.app, owner.email, owner.password, freshIp())).statusCode, 200);
  });

  test("a stranger naming the owner's address in X-Forwarded-For is counted at its own address", async () => {
    const owner = await register(ctx.app);
    const ownerAddress = freshIp();
    const stranger = freshIp();
    await failLogins(ctx.app, emailAndIp.max, owner.email, stranger, () => ownerAddress);
    expectLimited(await loginFrom(ctx.app, owner.email, 'one more guess', stranger, freshIp()));
    assert.equal((await loginFrom(ctx.app, owner.email, owner.password, ownerAddress)).statusCode, 200);
  });

  test('a new X-Forwarded-For on every guess does not escape the per-address count', async () => {
    const stranger = freshIp();
    await failLogins(ctx.app, ip.max, undefined, stranger, freshIp);
    expectLimited(await loginFrom(ctx.app, uniqueEmail(), 'one more guess', stranger, freshIp()));
  });
});

describe('lock-out by strangers behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  const { emailAndIp, ip } = LOGIN_LIMITS;
  /** app.inject's default remote address: the proxy. */
  const PROXY = '127.0.0.1';
  let proxied: TestContext;
  before(async () => {
    proxied = await createTestApp({ seed: false, env: { TRUST_PROXY: PROXY } });
  });
  after(() => proxied.close());

  test("the forwarded address is counted: the stranger's is locked, the owner's is not", async () => {
    const owner = await register(proxied.app);
    const stranger = freshIp();
    await failLogins(proxied.app, emailAndIp.max, owner.email, PROXY, () => stranger);
    expectLimited(await loginFrom(proxied.app, owner.email, owner.password, PROXY, stranger));
    assert.equal((await loginFrom(proxied.app, owner.email, owner.password, PROXY, freshIp())).statusCode, 200);

    // The stranger's address as the proxy forwards it reaches its own limit too; the proxy's other clients go on.
    await failLogins(proxied.app, ip.max - emailAndIp.max, undefined, PROXY, () => stranger);
    expectLimited(await loginFrom(proxied.app, uniqueEmail(), 'one more guess', PROXY, stranger));
    assert.equal((await loginFrom(proxied.app, uniqueEmail(), 'a guess', PROXY, freshIp())).statusCode, 401);
  });

  test("a client that is not the proxy cannot take the owner's address with X-Forwarded-For", async () => {
    const owner = await register(proxied.app);
    const ownerAddress = freshIp();
    const stranger = freshIp();
    await failLogins(proxied.app, emailAndIp.max, owner.email, stranger, () => ownerAddress);
    expectLimited(await loginFrom(proxied.app, owner.email, 'one more guess', stranger, freshIp()));
    assert.equal((await loginFrom(proxied.app, owner.email, owner.password, PROXY, ownerAddress)).statusCode, 200);
  });
});

describe("forgot-password's timing", () => {
  test('the answer comes before the mail is sent, and is the same for an unknown email', async () => {
    const smtp = await startSmtpServer();
    const slow = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url } });
    try {
      const account = await register(slow.app);
      await smtp.waitForMail(account.email);
      smtp.hold();
      const reply = post(slow.app, '/auth/forgot-password', { email: account.email });
      const first = await Promise.race([reply.then(() => 'answer'), smtp.holding().then(() => 'mail held')]);
      assert.equal(first, 'answer', 'the answer did not wait for the mail server');
      await smtp.holding();
      assert.equal(smtp.mails.length, 1, 'the reset mail is still held: only the registration mail was accepted');

      const known = await reply;
      const unknown = await post(slow.app, '/auth/forgot-password', { email: uniqueEmail('ghost') });
      assert.deepEqual(known.json(), { success: true, message: AUTH_MESSAGES.resetCodeSent });
      assert.equal(unknown.body, known.body);

      smtp.release();
      assert.equal((await smtp.waitForMail(account.email)).subject, 'Reset your Vastra password');
    } finally {
      smtp.release();
      await slow.close();
      await smtp.close();
    }
  });
});
