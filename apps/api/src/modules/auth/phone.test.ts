/**
 * Sign-in with a mobile number through HTTP (docs/behaviour.md "Phone sign-in"): sign-up and
 * sign-in by a texted code, the account's number change, the code's limits, every limit on
 * texts (per number, address and account, and the daily budgets per number and store-wide), and
 * answers that never tell whether a number has an account. Texts go to the development outbox.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { assertNoSecrets, bearer, freshIp, multipart, register, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { phoneCodes } from './tables';
import { latestSmsCode, readSmsOutbox, smsTo } from '../../test/sms-outbox';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ seed: false });
});
after(() => ctx.close());

let numberCounter = 0;
/** A mobile number no other test here uses (10 digits starting 9). */
function freshNumber(): string {
  numberCounter += 1;
  return `9${String(process.pid % 10_000).padStart(4, '0')}${String(numberCounter).padStart(5, '0')}`;
}

/** Moves every recorded text `minutes` into the past, as if that time had gone by. */
async function timePasses(minutes: number, c: TestContext = ctx): Promise<void> {
  await c.database.db.execute(
    sql`update sms_sends set created_at = created_at - make_interval(mins => ${minutes}::int)`,
  );
}

const start = (phone: string, ip = freshIp(), c: TestContext = ctx) =>
  c.app.inject({ method: 'POST', url: '/auth/phone/start', payload: { phone }, remoteAddress: ip });

const signIn = (phone: string, otp: string, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/auth/phone/sign-in', payload: { phone, otp, ...extra } });

/** PUT /auth/profile/full with these fields, as the account of `token`. */
async function putProfile(token: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const body = await multipart(form);
  return ctx.app.inject({
    method: 'PUT',
    url: '/auth/profile/full',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

/** A wrong code for `code`: the same digits shifted by one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up and sign-in by mobile number', () => {
  test('a new number gets a code by SMS and makes an account with no email, its name asked after', async () => {
    const phone = freshNumber();
    const asked = await start(`+91 ${phone}`);
    assert.equal(asked.statusCode, 200);
    assert.equal(asked.json().message, AUTH_MESSAGES.phoneCodeSent);
    const [sms] = await smsTo(ctx.dataDir, phone);
    assert.ok(sms, 'one text in the outbox');
    // WebOTP's origin-bound line ends the text: the storefront's host and the code.
    assert.match(sms.text, /@shop\.test #\d{6}$/);
    const code = await latestSmsCode(ctx.dataDir, phone);

    const res = await signIn(phone, code, { locale: 'hi' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.message, AUTH_MESSAGES.phoneSignedIn);
    assert.equal(body.data.created, true);
    assert.equal(body.data.user.email, null);
    assert.equal(body.data.user.phone, phone);
    assert.equal(body.data.user.phoneVerified, true);
    assert.equal(body.data.user.isEmailVerified, false);
    assert.equal(body.data.user.hasPassword, false);
    assert.equal(body.data.user.name, '');
    assert.equal(body.data.user.locale, 'hi');
    assertNoSecrets(res.body, [code]);
    const cookie = sessionCookie(res);
    assert.ok(cookie, 'the session cookie is set');

    // The name is asked next and saved through the profile.
    const named = await putProfile(body.data.token, { name: 'Meena Kumari' });
    assert.equal(named.statusCode, 200);
    assert.equal(named.json().data.user.name, 'Meena Kumari');
    assert.equal(named.json().data.user.phoneVerified, true, 'a name change keeps the number verified');
  });

  test('a known number signs in to its account; the code works once', async () => {
    const phone = freshNumber();
    await start(phone);
    const first = await signIn(phone, await latestSmsCode(ctx.dataDir, phone));
    const userId = first.json().data.user.id;

    await timePasses(2);
    await start(phone);
    const code = await latestSmsCode(ctx.dataDir, phone);
    const again = await signIn(phone, code);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().data.created, false);
    assert.equal(again.json().data.user.id, userId);

    const reused = await signIn(phone, code);
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json().message, AUTH_MESSAGES.codeIncorrect);
  });

  test('only +91 mobile numbers (10 digits starting 6–9), and only a 6-digit code', async () => {
    for (const phone of ['5876543210', '98765', '+1 9876543210', '98765432101']) {
      const res = await start(phone);
      assert.equal(res.statusCode, 400, phone);
      assert.equal(res.json().message, VALIDATION_MESSAGES.phone);
    }
    const res = await signIn(freshNumber(), '12ab56');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, VALIDATION_MESSAGES.smsOtp);
  });

  test('the same answers whether or not a number has an account', async () => {
    const known = freshNumber();
    await start(known);
    await signIn(known, await latestSmsCode(ctx.dataDir, known));
    await timePasses(2);
    const unknown = freshNumber();

    const [forKnown, forUnknown] = [await start(known), await start(unknown)];
    assert.equal(forKnown.statusCode, forUnknown.statusCode);
    assert.equal(forKnown.body, forUnknown.body);

    const [wrongKnown, wrongUnknown] = [
      await signIn(known, wrong(await latestSmsCode(ctx.dataDir, known))),
      await signIn(unknown, wrong(await latestSmsCode(ctx.dataDir, unknown))),
    ];
    assert.equal(wrongKnown.statusCode, 400);
    assert.equal(wrongKnown.body, wrongUnknown.body);
    // A number nobody asked a code for answers as a wrong code does.
    const never = await signIn(freshNumber(), '123456');
    assert.equal(never.body, wrongKnown.body);
  });

  test('a phone sign-in proves the number, not the email; a number typed in a profile signs nobody in', async () => {
    const phone = freshNumber();
    const account = await register(ctx.app, { phone });
    let me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) });
    assert.equal(me.json().data.user.phone, phone);
    assert.equal(me.json().data.user.phoneVerified, false);

    // The number is only typed in: a code to it makes a new account, never opens this one.
    await start(phone);
    const other = await signIn(phone, await latestSmsCode(ctx.dataDir, phone));
    assert.equal(other.json().data.created, true);
    assert.notEqual(other.json().data.user.id, account.userId);
    me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) });
    assert.equal(me.json().data.user.isEmailVerified, false, 'the email is not verified by a phone sign-in');
  });

  test('a blocked account cannot sign in by phone', async () => {
    const phone = freshNumber();
    await start(phone);
    const first = await signIn(phone, await latestSmsCode(ctx.dataDir, phone));
    await ctx.database.db.execute(sql`update users set blocked_at = now() where id = ${first.json().data.user.id}`);
    await timePasses(2);
    await start(phone);
    const res = await signIn(phone, await latestSmsCode(ctx.dataDir, phone));
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, AUTH_MESSAGES.accountBlocked);
  });
});

describe('the code: 10 minutes, 5 tries, a new one replaces the old', () => {
  test('five wrong tries use the code up, the right one included', async () => {
    const phone = freshNumber();
    await start(phone);
    const code = await latestSmsCode(ctx.dataDir, phone);
    for (let i = 1; i <= 4; i += 1) {
      const res = await signIn(phone, wrong(code));
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, AUTH_MESSAGES.codeIncorrect);
    }
    const fifth = await signIn(phone, wrong(code));
    assert.equal(fifth.statusCode, 429);
    assert.equal(fifth.json().message, AUTH_MESSAGES.codeAttemptsExceeded);
    const right = await signIn(phone, code);
    assert.equal(right.statusCode, 429);
    assert.equal(right.json().message, AUTH_MESSAGES.codeAttemptsExceeded);
  });

  test('a code older than 10 minutes has expired; a new code replaces the previous one', async () => {
    const phone = freshNumber();
    await start(phone);
    const old = await latestSmsCode(ctx.dataDir, phone);
    await timePasses(2);
    await start(phone);
    const fresh = await latestSmsCode(ctx.dataDir, phone);
    if (old !== fresh) {
      const res = await signIn(phone, old);
      assert.equal(res.json().message, AUTH_MESSAGES.codeIncorrect, 'the replaced code no longer works');
    }
    await ctx.database.db.execute(
      sql`update phone_codes set expires_at = now() - interval '1 second' where phone = ${phone}`,
    );
    const res = await signIn(phone, fresh);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, AUTH_MESSAGES.codeExpired);
  });

  test('stored hashed: the code is nowhere in the database', async () => {
    const phone = freshNumber();
    await start(phone);
    const code = await latestSmsCode(ctx.dataDir, phone);
    const rows = await ctx.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    assert.equal(rows.length, 1);
    assert.ok(!JSON.stringify(rows).includes(code));
  });
});

describe('limits on texts (held in the database, shared by every instance)', () => {
  test('one text a minute per number', async () => {
    const phone = freshNumber();
    assert.equal((await start(phone)).statusCode, 200);
    const again = await start(phone);
    assert.equal(again.statusCode, 429);
    assert.equal(again.json().message, AUTH_MESSAGES.codeResendTooSoon);
    assert.ok(Number(again.headers['retry-after']) > 0);
    assert.equal((await smsTo(ctx.dataDir, phone)).length, 1, 'no second text went');
    await timePasses(2);
    assert.equal((await start(phone)).statusCode, 200);
  });

  test('five texts an hour per number, whichever address asks', async () => {
    const phone = freshNumber();
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await start(phone)).statusCode, 200);
      await timePasses(2);
    }
    const sixth = await start(phone);
    assert.equal(sixth.statusCode, 429);
    assert.equal(sixth.json().message, AUTH_MESSAGES.tooManyRequests);
    await timePasses(60);
    assert.equal((await start(phone)).statusCode, 200, 'an hour later the number may have texts again');
  });

  test('the daily budget of one number: 10 texts in 24 hours', async () => {
    const phone = freshNumber();
    for (let hour = 0; hour < 2; hour += 1) {
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await start(phone)).statusCode, 200);
        await timePasses(2);
      }
      await timePasses(60);
    }
    const eleventh = await start(phone);
    assert.equal(eleventh.statusCode, 429);
    assert.equal(eleventh.json().message, AUTH_MESSAGES.smsNumberDailyLimit);
    assert.equal((await smsTo(ctx.dataDir, phone)).length, 10);
    await timePasses(24 * 60);
    assert.equal((await start(phone)).statusCode, 200, 'the next day the budget is back');
  });

  test('ten texts an hour per client address, whatever the numbers', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) assert.equal((await start(freshNumber(), ip)).statusCode, 200);
    const eleventh = await start(freshNumber(), ip);
    assert.equal(eleventh.statusCode, 429);
    assert.equal(eleventh.json().message, AUTH_MESSAGES.tooManyRequests);
    assert.equal((await start(freshNumber())).statusCode, 200, 'another address is not held up');
  });

  test('five texts an hour per account asking to change its number', async () => {
    const account = await register(ctx.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/phone/change',
        payload: { phone: freshNumber() },
        headers: bearer(account.token),
        remoteAddress: freshIp(),
      });
      assert.equal(res.statusCode, 200);
    }
    const sixth = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/change',
      payload: { phone: freshNumber() },
      headers: bearer(account.token),
      remoteAddress: freshIp(),
    });
    assert.equal(sixth.statusCode, 429);
    assert.equal(sixth.json().message, AUTH_MESSAGES.tooManyRequests);
  });

  test("the store's daily budget stops every text once spent", async () => {
    const small = await createTestApp({ seed: false, env: { SMS_DAILY_BUDGET_STORE: '3' } });
    try {
      for (let i = 0; i < 3; i += 1) assert.equal((await start(freshNumber(), freshIp(), small)).statusCode, 200);
      const fourth = await start(freshNumber(), freshIp(), small);
      assert.equal(fourth.statusCode, 429);
      assert.equal(fourth.json().message, AUTH_MESSAGES.smsStoreDailyLimit);
      assert.equal((await readSmsOutbox(small.dataDir)).length, 3, 'the refused text never went');
      await timePasses(24 * 60, small);
      assert.equal((await start(freshNumber(), freshIp(), small)).statusCode, 200, 'the next day it is back');
    } finally {
      await small.close();
    }
  });
});

describe("a signed-in shopper's number", () => {
  test('is added or changed with a code texted to the new number, then signs in to that account', async () => {
    const account = await register(ctx.app);
    const phone = freshNumber();
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/change',
      payload: { phone },
      headers: bearer(account.token),
    });
    assert.equal(asked.statusCode, 200);
    assert.equal(asked.json().message, AUTH_MESSAGES.phoneCodeSent);
    const code = await latestSmsCode(ctx.dataDir, phone);

    // The change's code is not a sign-in code.
    assert.equal((await signIn(phone, code)).json().message, AUTH_MESSAGES.codeIncorrect);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/change/confirm',
      payload: { phone, otp: code },
      headers: bearer(account.token),
    });
    assert.equal(confirmed.statusCode, 200);
    assert.equal(confirmed.json().message, AUTH_MESSAGES.phoneVerified);
    assert.equal(confirmed.json().data.user.phone, phone);
    assert.equal(confirmed.json().data.user.phoneVerified, true);
    assert.equal(confirmed.json().data.user.email, account.email);

    await timePasses(2);
    await start(phone);
    const res = await signIn(phone, await latestSmsCode(ctx.dataDir, phone));
    assert.equal(res.json().data.created, false);
    assert.equal(res.json().data.user.id, account.userId);

    // Typing another number in the profile drops the verification; typing the same keeps it.
    const kept = await putProfile(account.token, { phone });
    assert.equal(kept.json().data.user.phoneVerified, true);
    const typed = await putProfile(account.token, { phone: freshNumber() });
    assert.equal(typed.json().data.user.phoneVerified, false);
  });

  test("another account's verified number is refused, and only after its code proved it", async () => {
    const phone = freshNumber();
    await start(phone);
    await signIn(phone, await latestSmsCode(ctx.dataDir, phone));
    await timePasses(2);

    const account = await register(ctx.app);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/change',
      payload: { phone },
      headers: bearer(account.token),
    });
    assert.equal(asked.statusCode, 200, 'asking says nothing about the number');
    const code = await latestSmsCode(ctx.dataDir, phone);
    const wrongTry = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/change/confirm',
      payload: { phone, otp: wrong(code) },
      headers: bearer(account.token),
    });
    assert.equal(wrongTry.json().message, AUTH_MESSAGES.codeIncorrect);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/phone/change/confirm',
      payload: { phone, otp: code },
      headers: bearer(account.token),
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, AUTH_MESSAGES.phoneTaken);
  });

  test('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/phone/change', payload: { phone: freshNumber() } });
    assert.equal(res.statusCode, 401);
  });
});

test('with phone sign-in off, the phone routes answer 503 and text nothing', async () => {
  const off = await createTestApp({ seed: false, env: { PHONE_SIGN_IN: 'false' } });
  try {
    off.expectServerErrors(/^503 POST \/auth\/phone\/start/);
    const phone = freshNumber();
    const res = await start(phone, freshIp(), off);
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().message, AUTH_MESSAGES.phoneSignInOff);
    assert.deepEqual(await smsTo(off.dataDir, phone), []);
  } finally {
    await off.close();
  }
});
