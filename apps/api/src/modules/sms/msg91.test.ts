/**
 * The MSG91 provider at its HTTP boundary (docs/deploy.md "SMS (MSG91)"): with MSG91 configured,
 * a phone sign-in code goes to a local stand-in of MSG91's Flow API in its documented request
 * shape (POST /api/v5/flow, `authkey` header, `template_id`, `sender`, `recipients[].mobiles`
 * as 91XXXXXXXXXX with the template's `otp` variable), nothing goes to the outbox, and a
 * refusal is a 503 whose log holds no code.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { freshIp } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { FakeMsg91, msg91Env } from '../../test/msg91-server';
import { readSmsOutbox } from '../../test/sms-outbox';

const msg91 = new FakeMsg91();

/** Every line the API logged (errors: the tests' level). */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ seed: false, logStream, env: msg91Env(await msg91.start()) });
});
after(async () => {
  await ctx.close();
  await msg91.stop();
});

test('a sign-in code goes to MSG91 in its documented request, and signs in', async () => {
  const before = msg91.received.length;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/start',
    payload: { phone: '+91 9812345678' },
    remoteAddress: freshIp(),
  });
  assert.equal(res.statusCode, 200);
  // Kept only as POST /api/v5/flow with the authkey header and a JSON body (test/msg91-server.ts).
  assert.equal(msg91.received.length, before + 1);
  const body = msg91.received.at(-1)!;
  assert.equal(body.template_id, '6650a1b2c3d4e5f6a7b8c9d0');
  assert.equal(body.sender, 'VASTRA');
  assert.equal(body.recipients.length, 1);
  assert.equal(body.recipients[0]!.mobiles, '919812345678');
  assert.match(body.recipients[0]!.otp!, /^\d{6}$/);
  assert.deepEqual(await readSmsOutbox(ctx.dataDir), [], 'with MSG91 nothing goes to the outbox');

  const signedIn = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/sign-in',
    payload: { phone: '9812345678', otp: msg91.latestCode('9812345678') },
  });
  assert.equal(signedIn.statusCode, 200);
  assert.equal(signedIn.json().data.user.phone, '9812345678');
});

test("MSG91's refusal is a 503 asking to try again, logged without the code", async () => {
  msg91.refuse = { status: 401, message: 'Authentication failure' };
  ctx.expectServerErrors(
    /^503 POST \/auth\/phone\/start/,
    /^error: sign-in SMS not sent: MSG91 refused the SMS \(HTTP 401: Authentication failure\)/,
  );
  try {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/start',
      payload: { phone: '9812300000' },
      remoteAddress: freshIp(),
    });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().message, AUTH_MESSAGES.smsNotSent);
    const code = msg91.latestCode('9812300000');
    assert.ok(
      logLines.some((line) => line.includes('sign-in SMS not sent')),
      'the failure is logged',
    );
    assert.ok(!logLines.some((line) => line.includes(code)), 'the log holds no code');
  } finally {
    msg91.refuse = null;
  }
});
