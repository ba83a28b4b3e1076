/**
 * The error handler's mapping of errors to answers: text PostgreSQL cannot store (a NUL
 * character, which zod's string checks let through) is the caller's mistake, a 400, not a 500.
 * Found by `npm run reliability` (malformed input: a NUL in the login email answered 500).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { freshIp } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/harness';
import { UNSTORABLE_TEXT_MESSAGE } from './error-handler';

describe('error handler', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ seed: false });
  });
  after(() => ctx.close());

  test('a NUL character in text that reaches the database answers 400, not 500', async () => {
    for (const email of ['asha\u0000@example.com', '\u0000']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: freshIp(),
        payload: { email, password: 'correct horse 1' },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().message, UNSTORABLE_TEXT_MESSAGE);
    }
  });
});
