/**
 * Order mails are jobs (lib/jobs): a confirmation the SMTP server refuses at first arrives
 * after a retry, and its stored job holds the order's id and the kind of mail only; an order
 * placement that fails (out of stock) queues no mail.
 *
 * @postgres: jobs and their retries run in pg-boss on a server database.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { ORDER_MAIL_JOB } from './jobs';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** Two retries, 1 s then 2 s apart (pg-boss counts whole seconds), polled every 0.5 s. */
const FAST_JOBS = { JOBS_RETRY_LIMIT: '2', JOBS_RETRY_DELAY_MS: '1000', JOBS_POLL_MS: '500' };

let ctx: TestContext;
let smtp: TestSmtpServer;
let product: TestProduct;
let shopper: Account;

before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { ...FAST_JOBS, SMTP_URL: smtp.url } });
  product = (await pickProducts(ctx.database.db, 1))[0]!;
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
  await smtp.waitForMail(shopper.email); // the verification code
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

/** POST /orders of `quantity` pieces, cash on delivery (placed at once). */
const placeCod = (quantity: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    payload: {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'cod',
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity }],
    },
  });

const mailJobs = async () => (await ctx.app.jobs.recent(200)).filter((j) => j.name === ORDER_MAIL_JOB);

describe('order mails on the jobs', () => {
  test('a confirmation refused by the SMTP server arrives after a retry; its job holds ids only', async () => {
    await setStock(ctx.database.db, product.variants[0]!.id, 10);
    smtp.refuseNext(1);
    const res = await placeCod(1);
    assert.equal(res.statusCode, 201, res.body);
    const order = res.json().data.order as Order;
    const mail = await smtp.waitForMail(shopper.email, 20_000);
    assert.equal(mail.subject, `Your Vastra order ${order.orderNumber} is confirmed`);
    await ctx.app.jobs.idle();
    const [job] = await mailJobs();
    assert.deepEqual([job!.state, job!.retryCount], ['completed', 1]);
    if (onPostgres) {
      const stored = await queryRows<{ data: unknown }>(
        ctx.database.db,
        sql`SELECT data FROM pgboss.job WHERE name = ${ORDER_MAIL_JOB}
            UNION ALL SELECT data FROM pgboss.archive WHERE name = ${ORDER_MAIL_JOB}`,
      );
      assert.deepEqual(stored, [{ data: { orderId: order.id, mail: 'confirmation' } }]);
    }
  });

  test('an order refused for want of stock queues no mail', async () => {
    await setStock(ctx.database.db, product.variants[0]!.id, 1);
    const before = (await mailJobs()).length;
    const res = await placeCod(2);
    assert.equal(res.statusCode, 409, res.body);
    await ctx.app.jobs.idle();
    assert.equal((await mailJobs()).length, before);
    await assert.rejects(smtp.waitForMail(shopper.email, 1000), /No mail/);
  });
});
