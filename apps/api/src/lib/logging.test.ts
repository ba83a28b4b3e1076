/**
 * Every log line written while a request is handled carries its `reqId`, the id the answer
 * names in `x-request-id`: the services' own lines (through `app.log`), and those of the
 * background work the request started, even when that work waited for its turn.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import { freshIp, register } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
const lines: string[] = [];

before(async () => {
  const logStream = new PassThrough();
  let partial = '';
  logStream.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const whole = text.split('\n');
    partial = whole.pop()!;
    lines.push(...whole);
  });
  ctx = await createTestApp({ seed: false, logStream, env: { LOG_LEVEL: 'info' } });
});
after(() => ctx.close());

type Line = { reqId?: string; msg: string; to?: string; url?: string };

/** The parsed lines with `msg`; a line naming its reqId twice fails the test. */
function logged(msg: string): Line[] {
  return lines
    .filter((raw) => raw.includes(`"msg":"${msg}"`))
    .map((raw) => {
      assert.ok((raw.match(/"reqId"/g) ?? []).length <= 1, `reqId once a line: ${raw}`);
      return JSON.parse(raw) as Line;
    });
}

test("a service's line written during a request carries the request's id", async () => {
  const account = await register(ctx.app);
  // The verification mail is written to the outbox during the request, logged through app.log.
  const mail = logged('Mail saved to the outbox').find((l) => l.to === account.email);
  assert.ok(mail, 'the mail was logged');
  const request = logged('request').find((l) => l.url === '/auth/register' && l.reqId === mail.reqId);
  assert.ok(request, `the mail's reqId ${mail.reqId} is that of the register request`);
});

test('a caller’s well-formed x-request-id is the id of the answer and of every line; a malformed one is replaced', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: freshIp(),
    headers: { 'x-request-id': 'storefront-render-0001' },
    payload: { name: 'Asha Rao', email: 'given.id@example.com', password: 'correct horse 1' },
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.headers['x-request-id'], 'storefront-render-0001');
  const mail = logged('Mail saved to the outbox').find((l) => l.to === 'given.id@example.com');
  assert.equal(mail?.reqId, 'storefront-render-0001');

  const odd = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a b"c' } });
  assert.match(String(odd.headers['x-request-id']), /^[0-9a-f-]{36}$/);
});

test('background work keeps the id of the request that started it, also when it waited for its turn', async () => {
  const accounts = await Promise.all(Array.from({ length: 8 }, () => register(ctx.app)));
  // More requests at once than the background work runs at a time (4): some mails wait their turn.
  const answers = await Promise.all(
    accounts.map((a) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        remoteAddress: freshIp(),
        payload: { email: a.email },
      }),
    ),
  );
  await ctx.app.jobs.idle();
  for (const [i, account] of accounts.entries()) {
    assert.equal(answers[i]!.statusCode, 200, answers[i]!.body);
    const mails = logged('Mail saved to the outbox').filter((l) => l.to === account.email);
    assert.equal(mails.length, 2, 'the verification and the reset mail');
    assert.equal(mails[1]!.reqId, answers[i]!.headers['x-request-id'], `the reset mail of ${account.email}`);
  }
});

test('lines outside any request carry no reqId', async () => {
  ctx.app.log.info('outside a request');
  await new Promise((resolve) => setImmediate(resolve));
  const [line] = logged('outside a request');
  assert.ok(line);
  assert.equal(line.reqId, undefined);
});
