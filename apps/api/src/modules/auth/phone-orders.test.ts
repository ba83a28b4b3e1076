/**
 * An account made with a mobile number has no email (docs/behaviour.md "Phone sign-in"): it orders
 * like any other, and its order mails are simply not sent, the mail job completing without
 * error and nothing reaching the outbox.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bearer, freshIp } from '../../test/accounts';
import { pickProducts, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { latestSmsCode } from '../../test/sms-outbox';
import { ORDER_MAIL_JOB } from '../orders';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(() => ctx.close());

test('a shopper signed up by mobile number places a cash on delivery order and is mailed nothing', async () => {
  const phone = '9700012345';
  await ctx.app.inject({ method: 'POST', url: '/auth/phone/start', payload: { phone }, remoteAddress: freshIp() });
  const signedIn = await ctx.app.inject({
    method: 'POST',
    url: '/auth/phone/sign-in',
    payload: { phone, otp: await latestSmsCode(ctx.dataDir, phone) },
  });
  const { token, user } = signedIn.json().data;
  assert.equal(user.email, null);

  const [product] = await pickProducts(ctx.database.db, 1);
  await setStock(ctx.database.db, product!.variants[0]!.id, 10);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(token),
    payload: {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'cod',
      items: [{ productId: product!.id, variantId: product!.variants[0]!.id, quantity: 1 }],
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.json().data.order.status, 'placed');

  await ctx.app.jobs.idle();
  const mailJobs = (await ctx.app.jobs.recent(50)).filter((j) => j.name === ORDER_MAIL_JOB);
  assert.deepEqual(
    mailJobs.map((j) => j.state),
    ['completed'],
  );
  assert.deepEqual(await readOutbox(ctx.dataDir), [], 'no mail');
});
