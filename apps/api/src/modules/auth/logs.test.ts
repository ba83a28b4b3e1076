/**
 * Passwords, session tokens and one-time codes never reach the logs of a production API,
 * even at debug level.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { bearer, freshIp, uniqueEmail } from '../../test/accounts';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { codeFrom } from '../../test/outbox';
import { productionEnv } from '../../test/production';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

let smtp: TestSmtpServer;
let ctx: TestContext;
const lines: string[] = [];

before(async () => {
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  ctx = await createTestApp({
    seed: false,
    logStream,
    env: productionEnv({ SMTP_URL: smtp.url, LOG_LEVEL: 'debug' }),
  });
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

test('register, verify, log in, change password and log out leave no secret in the log', async () => {
  const email = uniqueEmail('logs');
  const password = 'Secret-Password-123';
  const inject = (method: 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload, headers, remoteAddress: freshIp() });

  const registered = await inject('POST', '/auth/register', { name: 'Log Test', email, password });
  const code = codeFrom(await smtp.waitForMail(email));
  await inject('POST', '/auth/verify-email', { email, otp: code });
  const loggedIn = await inject('POST', '/auth/login', { email, password });
  const token = loggedIn.json().data.token as string;
  await inject('GET', '/auth/me', undefined, { cookie: `auth_token=${token}`, origin: TEST_STOREFRONT_URL });
  await inject(
    'POST',
    '/auth/reset-password-secure',
    { currentPassword: password, newPassword: 'Another-Pass-456' },
    bearer(token),
  );
  await inject('POST', '/auth/forgot-password', { email });
  const resetCode = codeFrom(await smtp.waitForMail(email));
  await inject('POST', '/auth/logout', {}, bearer(token));

  const log = lines.join('');
  assert.ok(log.includes('/auth/login'), 'requests were logged');
  for (const secret of [password, 'Another-Pass-456', token, registered.json().data.token]) {
    assert.ok(!log.includes(secret), 'a password or token reached the log');
  }
  // Codes are digits: only a standalone match counts, not six digits inside a timestamp.
  for (const otp of [code, resetCode]) assert.doesNotMatch(log, new RegExp(`(?<!\\d)${otp}(?!\\d)`));
});
