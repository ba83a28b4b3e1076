/**
 * Closing an account made by phone sign-in (docs/behaviour.md "Data rights: export, erasure,
 * retention"): with no email and no password, the code goes by SMS to its verified number and
 * closes it; a wrong code, another account's code or a sign-in code closes nothing; the export
 * and the log never hold the code. Texts go to a stand-in of MSG91 (test/msg91-server.ts), so the
 * log is the one production writes, here at debug level.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, PRIVACY_MESSAGES, erasureCodeTexted } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { assertNoSecrets, freshIp, fromStorefront, register, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { FakeMsg91, msg91Env } from '../../test/msg91-server';
import { readOutbox } from '../../test/outbox';

const msg91 = new FakeMsg91();
/** Every line the API logged. */
const logLines: string[] = [];
let ctx: TestContext;

before(async () => {
  const base = await msg91.start();
  ctx = await createTestApp({
    seed: false,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
    env: { ...msg91Env(base), LOG_LEVEL: 'debug' },
  });
});
after(async () => {
  await ctx.close();
  await msg91.stop();
});

let numberCounter = 0;
/** A mobile number no other test here uses (10 digits starting 8). */
function freshNumber(): string {
  numberCounter += 1;
  return `8${String(process.pid % 10_000).padStart(4, '0')}${String(numberCounter).padStart(5, '0')}`;
}

/** Moves every recorded text `minutes` into the past, past the one-a-minute limit. */
async function timePasses(minutes: number): Promise<void> {
  await ctx.database.db.execute(
    sql`update sms_sends set created_at = created_at - make_interval(mins => ${minutes}::int)`,
  );
}

/** A wrong code for `code`: the same digits shifted by one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

type PhoneAccount = { phone: string; userId: string; cookie: string };

/** Signs in by a texted code to `phone`: a new account, no email, no password. */
async function phoneSignIn(phone: string): Promise<{ userId: string; cookie: string; created: boolean }> {
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/start',
    payload: { phone },
    remoteAddress: freshIp(),
  });
  assert.equal(started.statusCode, 200, started.body);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/sign-in',
    payload: { phone, otp: msg91.latestCode(phone) },
  });
  assert.equal(res.statusCode, 200, res.body);
  return { userId: res.json().data.user.id, cookie: sessionCookie(res), created: res.json().data.created };
}

async function phoneAccount(): Promise<PhoneAccount> {
  const phone = freshNumber();
  const { userId, cookie } = await phoneSignIn(phone);
  return { phone, userId, cookie };
}

const askCode = (account: { cookie: string }, headers = fromStorefront(account.cookie)) =>
  ctx.app.inject({ method: 'POST', url: '/account/erase/code', headers, remoteAddress: freshIp() });
const erase = (account: { cookie: string }, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/account/erase', headers: fromStorefront(account.cookie), payload });
const summary = (account: { cookie: string }) =>
  ctx.app.inject({ method: 'GET', url: '/account/data', headers: fromStorefront(account.cookie) });

async function userRow(userId: string) {
  const [row] = await queryRows<{ phone: string | null; phone_verified_at: Date | null; erased_at: Date | null }>(
    ctx.database.db,
    sql`SELECT phone, phone_verified_at, erased_at FROM users WHERE id = ${userId}`,
  );
  return row!;
}

describe('a phone-only account', () => {
  test('gets the code by SMS, closes with it, and its number then signs up afresh', async () => {
    const shopper = await phoneAccount();
    assert.equal((await summary(shopper)).json().data.reauth, 'sms_code');
    let res = await erase(shopper, {});
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().message, PRIVACY_MESSAGES.smsCodeRequired);

    await timePasses(2);
    const sent = await askCode(shopper);
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().message, erasureCodeTexted(shopper.phone.slice(-4)));
    assert.equal(msg91.textsTo(shopper.phone).length, 2, 'the sign-in text, then the closing one');
    assert.deepEqual(await readOutbox(ctx.dataDir), [], 'no mail: the account has no email');
    const again = await askCode(shopper);
    assert.equal(again.statusCode, 429, 'one text a minute, as every phone code');
    assert.equal(again.json().message, AUTH_MESSAGES.codeResendTooSoon);

    res = await erase(shopper, { code: msg91.latestCode(shopper.phone) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, PRIVACY_MESSAGES.erased);
    assert.equal((await summary(shopper)).statusCode, 401, 'the session is gone');
    const user = await userRow(shopper.userId);
    assert.equal(user.phone, null);
    assert.equal(user.phone_verified_at, null);
    assert.ok(user.erased_at);
    const [codes] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM phone_codes WHERE phone = ${shopper.phone} OR user_id = ${shopper.userId}`,
    );
    assert.equal(codes!.n, 0, 'its codes are gone');

    // Its number no longer opens it: a sign-in by phone makes a new, empty account.
    await timePasses(2);
    const fresh = await phoneSignIn(shopper.phone);
    assert.equal(fresh.created, true);
    assert.notEqual(fresh.userId, shopper.userId);
  });

  test('a wrong code, a sign-in code or another account’s code closes nothing; its own still does', async () => {
    const shopper = await phoneAccount();
    const other = await phoneAccount();
    await timePasses(2);
    assert.equal((await askCode(shopper)).statusCode, 200);
    assert.equal((await askCode(other)).statusCode, 200);
    const code = msg91.latestCode(shopper.phone);
    const othersCode = msg91.latestCode(other.phone);
    assert.notEqual(othersCode, code);

    const forbidden = await askCode(shopper, { cookie: shopper.cookie, origin: 'https://evil.example' });
    assert.equal(forbidden.statusCode, 403);
    assert.equal(forbidden.json().message, AUTH_MESSAGES.originNotAllowed);

    let res = await erase(shopper, { code: wrong(code) });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, AUTH_MESSAGES.codeIncorrect);
    res = await erase(shopper, { code: othersCode });
    assert.equal(res.statusCode, 400, 'the other account’s code');
    res = await erase(other, { code });
    assert.equal(res.statusCode, 400, 'this account’s code in the other’s session');
    // A closing code signs nobody in, and a sign-in code to the number closes nothing.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/sign-in',
      payload: { phone: shopper.phone, otp: code },
    });
    assert.equal(signIn.statusCode, 400);
    await timePasses(2);
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/start',
      payload: { phone: shopper.phone },
      remoteAddress: freshIp(),
    });
    const signInCode = msg91.latestCode(shopper.phone);
    res = await erase(shopper, { code: signInCode });
    assert.equal(res.statusCode, 400, 'the sign-in code');

    for (const account of [shopper, other]) {
      assert.equal((await summary(account)).statusCode, 200, 'still open');
      const user = await userRow(account.userId);
      assert.equal(user.phone, account.phone);
      assert.ok(user.phone_verified_at);
      assert.equal(user.erased_at, null);
    }
    res = await erase(shopper, { code });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await summary(other)).statusCode, 200, 'the other account stays');
  });

  test('the export lists its codes without the code', async () => {
    const shopper = await phoneAccount();
    await timePasses(2);
    assert.equal((await askCode(shopper)).statusCode, 200);
    const code = msg91.latestCode(shopper.phone);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/account/data/export?format=json',
      headers: fromStorefront(shopper.cookie),
    });
    assert.equal(res.statusCode, 200);
    const purposes = (res.json().tables.phone_codes as { purpose: string }[]).map((row) => row.purpose);
    assert.ok(purposes.includes('erase_account'), 'the closing code is listed');
    assertNoSecrets(res.body);
    assert.doesNotMatch(res.body, new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });

  test('without a verified number it is told no code can be sent, and nothing is texted', async () => {
    const shopper = await phoneAccount();
    await ctx.database.db.execute(sql`UPDATE users SET phone_verified_at = NULL WHERE id = ${shopper.userId}`);
    assert.equal((await summary(shopper)).json().data.reauth, 'code');
    const texts = msg91.received.length;
    await timePasses(2);
    const res = await askCode(shopper);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, PRIVACY_MESSAGES.noEmailForCode);
    assert.equal(msg91.received.length, texts);
  });
});

test('an account with an email and a verified number keeps the mailed code', async () => {
  const phone = freshNumber();
  const shopper = await register(ctx.app, { name: 'Mail Shopper', phone });
  await ctx.database.db.execute(
    sql`UPDATE users SET password_hash = NULL, phone_verified_at = now() WHERE id = ${shopper.userId}`,
  );
  assert.equal((await summary(shopper)).json().data.reauth, 'code');
  const res = await askCode(shopper);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, PRIVACY_MESSAGES.codeSent);
  assert.equal(msg91.textsTo(phone).length, 0, 'no SMS');
});

test('no code texted here reached the log', () => {
  const log = logLines.join('');
  assert.ok(log.includes('/account/erase'), 'requests were logged');
  const codes = msg91.codes();
  assert.ok(codes.length > 5);
  // Codes are digits: only a standalone match counts, not six digits inside a timestamp.
  for (const code of codes) assert.doesNotMatch(log, new RegExp(`(?<!\\d)${code}(?!\\d)`));
});
