/**
 * Acceptance: registering sends a real mail through SMTP (a local smtp-server), and the code
 * in it verifies the account.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { bearer, register, uniqueEmail, freshIp } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { readOutbox, codeFrom } from '../../test/outbox';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

let smtp: TestSmtpServer;
let ctx: TestContext;

before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vastra <hello@vastra.test>' } });
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

test('registering mails a code over SMTP that verifies the account', async () => {
  const email = uniqueEmail('smtp');
  const account = await register(ctx.app, { name: 'Ravi <b>Kumar</b>', email });
  const mail = await smtp.waitForMail(email);

  assert.deepEqual(mail.from?.value, [{ name: 'Vastra', address: 'hello@vastra.test' }]);
  assert.equal(mail.subject, 'Verify your email for Vastra');
  assert.ok(mail.text?.includes('Ravi <b>Kumar</b>'), 'the text part greets by name');
  assert.ok(mail.html && !mail.html.includes('<b>Kumar</b>'), 'the name is escaped in HTML');
  const code = codeFrom(mail);
  assert.ok(mail.html.includes(code));
  assert.deepEqual(await readOutbox(ctx.dataDir), [], 'with SMTP nothing goes to the outbox');

  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/verify-email',
    payload: { email, otp: code },
    headers: bearer(account.token),
    remoteAddress: freshIp(),
  });
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().message, AUTH_MESSAGES.emailVerified);
  const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) });
  assert.equal(me.json().data.user.isEmailVerified, true);
});

test('when the mail server is down, the account is still made and says the mail was not sent', async () => {
  const down = await createTestApp({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true' } });
  // The operator must hear that mail is not going out.
  down.expectServerErrors(/^error: verification mail not sent: connect ECONNREFUSED /);
  try {
    const res = await down.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Offline', email: uniqueEmail(), password: 'long enough' },
      remoteAddress: freshIp(),
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().data.verificationEmailSent, false);
  } finally {
    await down.close();
  }
});
