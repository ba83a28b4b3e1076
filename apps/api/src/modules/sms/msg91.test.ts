/**
 * The MSG91 provider at its HTTP boundary (docs/deploy.md "SMS (MSG91)"): with MSG91 configured,
 * a phone sign-in code goes to a local stand-in of MSG91's Flow API in its documented request
 * shape (POST /api/v5/flow, `authkey` header, `template_id`, `sender`, `recipients[].mobiles`
 * as 91XXXXXXXXXX with the template's `otp` variable), nothing goes to the outbox, and a
 * refusal is a 503 whose log holds no code.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { freshIp } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { readSmsOutbox } from '../../test/sms-outbox';

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown };

/** A stand-in of MSG91: records each request; answers success, or the error `refuse` holds. */
let received: Received[] = [];
let refuse: { status: number; message: string } | null = null;
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(raw || '{}'),
    });
    res.setHeader('content-type', 'application/json');
    if (refuse) {
      res.statusCode = refuse.status;
      res.end(JSON.stringify({ type: 'error', message: refuse.message }));
      return;
    }
    res.end(JSON.stringify({ type: 'success', message: '3763646c3058373530393138' }));
  });
});

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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx = await createTestApp({
    seed: false,
    logStream,
    env: {
      MSG91_AUTH_KEY: 'msg91-auth-key-123',
      MSG91_TEMPLATE_ID: '6650a1b2c3d4e5f6a7b8c9d0',
      MSG91_SENDER_ID: 'VASTRA',
      MSG91_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
});
after(async () => {
  await ctx.close();
  server.close();
});

test('a sign-in code goes to MSG91 in its documented request, and signs in', async () => {
  received = [];
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/start',
    payload: { phone: '+91 9812345678' },
    remoteAddress: freshIp(),
  });
  assert.equal(res.statusCode, 200);
  assert.equal(received.length, 1);
  const [request] = received;
  assert.equal(request!.method, 'POST');
  assert.equal(request!.url, '/api/v5/flow');
  assert.equal(request!.headers.authkey, 'msg91-auth-key-123');
  assert.match(String(request!.headers['content-type']), /^application\/json/);
  const body = request!.body as { template_id: string; sender: string; recipients: { mobiles: string; otp: string }[] };
  assert.equal(body.template_id, '6650a1b2c3d4e5f6a7b8c9d0');
  assert.equal(body.sender, 'VASTRA');
  assert.equal(body.recipients.length, 1);
  assert.equal(body.recipients[0]!.mobiles, '919812345678');
  assert.match(body.recipients[0]!.otp, /^\d{6}$/);
  assert.deepEqual(await readSmsOutbox(ctx.dataDir), [], 'with MSG91 nothing goes to the outbox');

  const signedIn = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/sign-in',
    payload: { phone: '9812345678', otp: body.recipients[0]!.otp },
  });
  assert.equal(signedIn.statusCode, 200);
  assert.equal(signedIn.json().data.user.phone, '9812345678');
});

test("MSG91's refusal is a 503 asking to try again, logged without the code", async () => {
  received = [];
  refuse = { status: 401, message: 'Authentication failure' };
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
    const code = (received[0]!.body as { recipients: { otp: string }[] }).recipients[0]!.otp;
    assert.ok(
      logLines.some((line) => line.includes('sign-in SMS not sent')),
      'the failure is logged',
    );
    assert.ok(!logLines.some((line) => line.includes(code)), 'the log holds no code');
  } finally {
    refuse = null;
  }
});
