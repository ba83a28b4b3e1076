/**
 * Rate limits of the account endpoints: per client address and per email, a clear 429 with
 * Retry-After, and — with REDIS_URL — counters shared by every API instance. Failed logins
 * per email and address: security/accounts.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { bearer, freshIp, register, uniqueEmail, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { LOGIN_LIMITS } from './login-throttle';
import { AUTH_LIMITS } from './rate-limits';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One POST from an address no other request used, so only the per-email limit can apply. */
const postFromNewAddress = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });

function assertLimited(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  assert.equal(res.statusCode, 429);
  assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.tooManyRequests });
  assert.ok(Number(res.headers['retry-after']) > 0, 'says when to try again');
}

describe('in memory', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ seed: false });
  });
  after(() => ctx.close());

  const login = (email: string, password: string, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip });

  test('login per email: guesses from many addresses are stopped, and the right password too once over', async () => {
    const account = await register(ctx.app);
    const { max } = LOGIN_LIMITS.email;
    for (let i = 0; i < max; i++) {
      assert.equal((await login(account.email, `guess ${i}`, freshIp())).statusCode, 401);
    }
    assertLimited(await login(account.email, 'one more guess', freshIp()));
    assertLimited(await login(account.email, account.password, freshIp()));
    const otherAccount = await register(ctx.app);
    assert.equal((await login(otherAccount.email, otherAccount.password, freshIp())).statusCode, 200);
  });

  test('login per address: one machine trying many emails is stopped', async () => {
    const ip = freshIp();
    const { max } = LOGIN_LIMITS.ip;
    for (let i = 0; i < max; i++) {
      assert.equal((await login(uniqueEmail(), 'whatever1', ip)).statusCode, 401);
    }
    assertLimited(await login(uniqueEmail(), 'whatever1', ip));
    assert.equal((await login(uniqueEmail(), 'whatever1', freshIp())).statusCode, 401, 'other addresses go on');
  });

  test('register, forgot password and resend per address', async () => {
    // Resending needs the account's session and its own email, once its first code is a minute old.
    const accounts: Account[] = [];
    for (let i = 0; i <= AUTH_LIMITS.resendVerification.ip.max; i++) accounts.push(await register(ctx.app));
    await ctx.database.db.execute(sql`UPDATE one_time_codes SET created_at = created_at - interval '2 minutes'`);
    const resend = () => {
      const account = accounts.shift()!;
      return { payload: { email: account.email }, headers: bearer(account.token) };
    };
    const cases = [
      [
        '/auth/register',
        AUTH_LIMITS.register.ip.max,
        () => ({ payload: { name: 'A', email: uniqueEmail(), password: '12345678' } }),
      ],
      ['/auth/forgot-password', AUTH_LIMITS.forgotPassword.ip.max, () => ({ payload: { email: uniqueEmail() } })],
      ['/auth/resend-verification', AUTH_LIMITS.resendVerification.ip.max, resend],
    ] as const;
    for (const [url, max, request] of cases) {
      const ip = freshIp();
      for (let i = 0; i < max; i++) {
        const res = await ctx.app.inject({ method: 'POST', url, ...request(), remoteAddress: ip });
        assert.ok(res.statusCode < 400, `${url} #${i + 1}: ${res.body}`);
      }
      assertLimited(await ctx.app.inject({ method: 'POST', url, ...request(), remoteAddress: ip }));
    }
  });

  test('one-time code verification per account', async () => {
    // Tries are counted against the caller's account; someone else's email is answered like a wrong code.
    const caller = await register(ctx.app);
    const email = uniqueEmail();
    const { max } = AUTH_LIMITS.verifyEmail.email;
    for (let i = 0; i < max; i++) {
      const res = await postFromNewAddress(
        ctx.app,
        '/auth/verify-email',
        { email, otp: '123456' },
        bearer(caller.token),
      );
      assert.equal(res.statusCode, 400);
    }
    assertLimited(
      await postFromNewAddress(ctx.app, '/auth/verify-email', { email, otp: '123456' }, bearer(caller.token)),
    );
  });
});

test('AUTH_REGISTER_LIMIT_PER_HOUR sets how many accounts one address may register', async () => {
  const ctx = await createTestApp({ seed: false, env: { AUTH_REGISTER_LIMIT_PER_HOUR: '3' } });
  try {
    const ip = freshIp();
    const registerFrom = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { name: 'A', email: uniqueEmail(), password: '12345678' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) assert.equal((await registerFrom()).statusCode, 201);
    assertLimited(await registerFrom());
  } finally {
    await ctx.close();
  }
});

test('with REDIS_URL, two API instances share one count', async () => {
  const first = await createTestApp({ seed: false, env: { REDIS_URL } });
  const second = await createTestApp({ seed: false, env: { REDIS_URL } });
  try {
    const email = uniqueEmail('redis');
    const { max } = AUTH_LIMITS.forgotPassword.email;
    for (let i = 0; i < max; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const res = await postFromNewAddress(app, '/auth/forgot-password', { email });
      assert.equal(res.statusCode, 200);
    }
    assertLimited(await postFromNewAddress(second.app, '/auth/forgot-password', { email }));
    assertLimited(await postFromNewAddress(first.app, '/auth/forgot-password', { email }));

    // Failed logins of one email from one address, half on each instance, lock that pair on both.
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.emailAndIp.max; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: `guess ${i}` },
        remoteAddress: ip,
      });
      assert.equal(res.statusCode, 401);
    }
    for (const app of [first.app, second.app]) {
      assertLimited(
        await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'x' }, remoteAddress: ip }),
      );
    }
  } finally {
    await first.close();
    await second.close();
  }
});
