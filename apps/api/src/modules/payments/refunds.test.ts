/**
 * Refunds through the gateway (behaviour.md §10): against the local PhonePe server (test/phonepe-server.ts)
 * a refund is created in paise with our merchantRefundId and the original merchantOrderId under
 * the O-Bearer token; it settles by a status read or by a webhook (applied once, a replay
 * ignored), or fails; a PhonePe that is down leaves it pending with the error kept until a
 * later refresh submits it; the refund listener hears of each settled refund once; no secret is
 * logged; two API instances on one database retrying a failed refund at once ask PhonePe once.
 * Then the sandbox gateway, whose refunds complete at once.
 *
 * @postgres: a refund submitted, refreshed and retried at once races there; two instances.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { InProcessJobs } from '../../lib/jobs';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders';
import { paymentsOf } from '../../test/payments';
import { asStaff, staffOfRole } from '../../test/staff';
import { CLIENT_SECRET, FakePhonePe, WEBHOOK_AUTH, WEBHOOK_PASSWORD, phonePeEnv } from '../../test/phonepe-server';
import type { DomainEvents } from '../../lib/events';
import { registerJobs } from '../../lib/module';
import { paymentsJobs } from './jobs';
import type { PaymentService } from './service';
import { refunds, type RefundRow } from './tables';

const phonePe = new FakePhonePe();
const logLines: string[] = [];
/** A refund as `refund.changed` tells it. */
type HeardRefund = Pick<RefundRow, 'id' | 'status' | 'amountPaise'>;
const toHeard = (e: DomainEvents['refund.changed']): HeardRefund => ({
  id: e.refundId,
  status: e.status,
  amountPaise: e.amountPaise,
});
/** What `refund.changed` told, in order. */
const heard: HeardRefund[] = [];
let ctx: TestContext;
let phonePeBase: string;

before(async () => {
  const base = await phonePe.listen();
  phonePeBase = base;
  ctx = await createTestApp({
    seed: false,
    env: {
      LOG_LEVEL: 'info',
      ...phonePeEnv(base),
    },
    logStream: new Writable({
      write(chunk, _encoding, next) {
        logLines.push(String(chunk));
        next();
      },
    }),
  });
  ctx.app.events.on('refund.changed', 'test: heard', (refund) => void heard.push(toHeard(refund)));
});
after(async () => {
  await ctx.close();
  await phonePe.close();
});
beforeEach(() => {
  heard.length = 0;
  phonePe.down = false;
});

/** A PhonePe order paid in full (completed by a status read), ready to be refunded. */
async function paidOrder(payablePaise = 2_49_900) {
  const order = await insertOrder(ctx.database.db, { gateway: 'phonepe', payablePaise });
  await ctx.app.payments.start({
    id: order.id,
    orderNumber: order.orderNumber,
    gateway: 'phonepe',
    amountPaise: payablePaise,
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  const [payment] = await paymentsOf(ctx.database.db, order.id);
  phonePe.status.set(payment!.merchantOrderId, { state: 'COMPLETED' });
  assert.equal(await ctx.app.payments.refresh(order.id), 'completed');
  return { order, merchantOrderId: payment!.merchantOrderId };
}

/** Records a gateway refund of a return (a fresh return id each time) and submits it after the commit. */
async function refunded(payments: PaymentService, orderId: string, amountPaise: number) {
  const row = await ctx.database.db.transaction((tx) =>
    payments.requestRefund(tx, {
      orderId,
      returnRequestId: randomUUID(),
      method: 'gateway',
      amountPaise,
      reason: 'Returned: size too small',
    }),
  );
  assert.ok(row);
  return payments.submitRefund(row.id);
}

async function refundRow(id: string): Promise<RefundRow> {
  const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

const webhook = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/payments/phonepe/webhook',
    headers: { authorization: WEBHOOK_AUTH },
    payload: payload as Record<string, unknown>,
  });

/** A refund webhook as PhonePe documents it. */
const refundEvent = (event: string, refund: RefundRow, merchantOrderId: string, state: string) => ({
  event,
  type: event === 'pg.refund.completed' ? 'PG_REFUND_COMPLETED' : 'PG_REFUND_FAILED',
  payload: {
    merchantId: 'VASTRAUAT',
    merchantRefundId: refund.merchantRefundId,
    originalMerchantOrderId: merchantOrderId,
    refundId: 'OMR7878098045517540996',
    amount: refund.amountPaise,
    state,
    timestamp: Date.now(),
    ...(state === 'FAILED' ? { errorCode: 'REFUND_FAILED', detailedErrorCode: 'BANK_DECLINED' } : {}),
  },
});

describe('a PhonePe refund', () => {
  test('is created in paise with our merchantRefundId and the original merchantOrderId, under the O-Bearer token', async () => {
    const { order, merchantOrderId } = await paidOrder();
    const before = phonePe.refunds.length;
    const refund = await refunded(ctx.app.payments, order.id, 1_24_950);
    assert.equal(phonePe.refunds.length, before + 1);
    const sent = phonePe.refunds.at(-1)!;
    assert.match(sent.authorization ?? '', /^O-Bearer pp-token-\d+$/);
    assert.deepEqual(sent.body, {
      merchantRefundId: refund.merchantRefundId,
      originalMerchantOrderId: merchantOrderId,
      amount: 1_24_950,
    });
    assert.match(refund.merchantRefundId, /^[A-Za-z0-9_-]{1,63}$/);
    assert.equal(refund.status, 'pending');
    assert.equal(refund.providerState, 'PENDING');
    assert.equal(refund.providerRefundId, `OMR${7000 + phonePe.refunds.length}`);
    assert.equal(heard.length, 0);
  });

  test('stays pending while PhonePe says PENDING or CONFIRMED, then completes by a status read, told once', async () => {
    const { order } = await paidOrder();
    const refund = await refunded(ctx.app.payments, order.id, 2_49_900);
    const reads = phonePe.refundStatusReads.length;
    assert.equal((await ctx.app.payments.refreshRefund(refund.id)).status, 'pending');
    phonePe.refundStatus.set(refund.merchantRefundId, { state: 'CONFIRMED' });
    const confirmed = await ctx.app.payments.refreshRefund(refund.id);
    assert.equal(confirmed.status, 'pending');
    assert.equal(confirmed.providerState, 'CONFIRMED');
    assert.equal(heard.length, 0);

    phonePe.refundStatus.set(refund.merchantRefundId, { state: 'COMPLETED' });
    const completed = await ctx.app.payments.refreshRefund(refund.id);
    assert.equal(completed.status, 'completed');
    assert.equal(phonePe.refundStatusReads.length, reads + 3);
    assert.equal(
      phonePe.refundStatusReads.at(-1)!.url,
      `/pg/payments/v2/refund/${encodeURIComponent(refund.merchantRefundId)}/status`,
    );
    assert.match(phonePe.refundStatusReads.at(-1)!.authorization ?? '', /^O-Bearer /);
    assert.deepEqual(
      heard.map((r) => [r.id, r.status]),
      [[refund.id, 'completed']],
    );

    // Settled: no more reads, and nothing more is told.
    assert.equal((await ctx.app.payments.refreshRefund(refund.id)).status, 'completed');
    assert.equal(phonePe.refundStatusReads.length, reads + 3);
    assert.equal(heard.length, 1);
  });

  test('completed by webhook is applied once; a replay and a late failure change nothing', async () => {
    const { order, merchantOrderId } = await paidOrder();
    const refund = await refunded(ctx.app.payments, order.id, 50_000);
    // The refund status API confirms the webhook (a webhook is only applied as far as it does).
    phonePe.refundStatus.set(refund.merchantRefundId, { state: 'COMPLETED' });
    const completed = refundEvent('pg.refund.completed', refund, merchantOrderId, 'COMPLETED');

    const first = await webhook(completed);
    assert.equal(first.statusCode, 200);
    const row = await refundRow(refund.id);
    assert.equal(row.status, 'completed');
    assert.equal(row.providerState, 'COMPLETED');
    assert.equal(heard.length, 1);
    const settledAt = row.updatedAt.getTime();

    assert.equal((await webhook(completed)).statusCode, 200);
    assert.equal((await webhook(refundEvent('pg.refund.failed', refund, merchantOrderId, 'FAILED'))).statusCode, 200);
    const after = await refundRow(refund.id);
    assert.equal(after.status, 'completed');
    assert.equal(after.updatedAt.getTime(), settledAt);
    assert.equal(heard.length, 1);
    // The payment itself is untouched by refund news.
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'completed');
  });

  test('two refunds of one order are each settled by their own webhook', async () => {
    const { order, merchantOrderId } = await paidOrder();
    const one = await refunded(ctx.app.payments, order.id, 40_000);
    const two = await refunded(ctx.app.payments, order.id, 60_000);
    for (const r of [one, two]) phonePe.refundStatus.set(r.merchantRefundId, { state: 'COMPLETED' });
    await webhook(refundEvent('pg.refund.completed', one, merchantOrderId, 'COMPLETED'));
    await webhook(refundEvent('pg.refund.completed', two, merchantOrderId, 'COMPLETED'));
    assert.equal((await refundRow(one.id)).status, 'completed');
    assert.equal((await refundRow(two.id)).status, 'completed');
    assert.deepEqual(heard.map((r) => r.id).sort(), [one.id, two.id].sort());
  });

  test('fails by webhook or by a status read, keeping PhonePe error code, told once', async () => {
    const { order, merchantOrderId } = await paidOrder();
    const byHook = await refunded(ctx.app.payments, order.id, 30_000);
    phonePe.refundStatus.set(byHook.merchantRefundId, { state: 'FAILED', errorCode: 'REFUND_FAILED' });
    await webhook(refundEvent('pg.refund.failed', byHook, merchantOrderId, 'FAILED'));
    assert.equal((await refundRow(byHook.id)).status, 'failed');

    const byRead = await refunded(ctx.app.payments, order.id, 20_000);
    phonePe.refundStatus.set(byRead.merchantRefundId, { state: 'FAILED', errorCode: 'INTERNAL_SERVER_ERROR' });
    const failed = await ctx.app.payments.refreshRefund(byRead.id);
    assert.equal(failed.status, 'failed');
    assert.equal((failed.lastResponse as { errorCode: string }).errorCode, 'INTERNAL_SERVER_ERROR');
    assert.deepEqual(
      heard.map((r) => [r.id, r.status]),
      [
        [byHook.id, 'failed'],
        [byRead.id, 'failed'],
      ],
    );
  });

  test('a failed refund retried by the store is asked for again under a new id, once, and completes', async () => {
    const { order, merchantOrderId } = await paidOrder();
    const refund = await refunded(ctx.app.payments, order.id, 25_000);
    phonePe.refundStatus.set(refund.merchantRefundId, { state: 'FAILED', errorCode: 'REFUND_FAILED' });
    assert.equal((await ctx.app.payments.refreshRefund(refund.id)).status, 'failed');
    const sentBefore = phonePe.refunds.length;

    const [retried, again] = await Promise.all([
      ctx.app.payments.retryRefund(refund.id),
      ctx.app.payments.retryRefund(refund.id),
    ]);
    assert.equal(phonePe.refunds.length, sentBefore + 1, 'two retries at once ask PhonePe once');
    const sent = phonePe.refunds.at(-1)!.body;
    assert.notEqual(sent.merchantRefundId, refund.merchantRefundId, 'a new merchantRefundId');
    assert.deepEqual([sent.amount, sent.originalMerchantOrderId], [25_000, merchantOrderId]);
    for (const r of [retried, again]) assert.equal(r.status, 'pending');
    const row = await refundRow(refund.id);
    assert.equal(row.merchantRefundId, sent.merchantRefundId);

    phonePe.refundStatus.set(row.merchantRefundId, { state: 'COMPLETED' });
    await webhook(refundEvent('pg.refund.completed', row, merchantOrderId, 'COMPLETED'));
    assert.equal((await refundRow(refund.id)).status, 'completed');
    assert.deepEqual(
      heard.filter((r) => r.id === refund.id).map((r) => r.status),
      ['failed', 'completed'],
    );
  });

  test('PhonePe down: stays pending with the error kept; a later refresh submits it', async () => {
    const { order, merchantOrderId } = await paidOrder();
    phonePe.down = true;
    const before = phonePe.refunds.length;
    const refund = await refunded(ctx.app.payments, order.id, 1_00_000);
    assert.equal(refund.status, 'pending');
    assert.equal(refund.providerState, null);
    const { error } = refund.lastResponse as { error: { message: string; status: number; code: string } };
    assert.match(error.message, /answered 503$/);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'INTERNAL_SERVER_ERROR');
    assert.equal(phonePe.refunds.length, before);

    // Still down: the refresh tries again and keeps it pending.
    assert.ok((await ctx.app.payments.refreshPendingRefunds()) >= 1);
    assert.equal((await refundRow(refund.id)).status, 'pending');

    phonePe.down = false;
    assert.ok((await ctx.app.payments.refreshPendingRefunds()) >= 1);
    const submitted = await refundRow(refund.id);
    assert.equal(submitted.providerState, 'PENDING');
    const sent = phonePe.refunds.filter((r) => r.body.merchantRefundId === refund.merchantRefundId);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.body.originalMerchantOrderId, merchantOrderId);

    // Accepted now: the next refresh reads its state instead of submitting it again.
    phonePe.refundStatus.set(refund.merchantRefundId, { state: 'COMPLETED' });
    await ctx.app.payments.refreshPendingRefunds();
    assert.equal((await refundRow(refund.id)).status, 'completed');
    assert.equal(phonePe.refunds.filter((r) => r.body.merchantRefundId === refund.merchantRefundId).length, 1);
    assert.deepEqual(
      heard.map((r) => r.id),
      [refund.id],
    );
  });

  test('a refund submitted, refreshed and retried at once is asked for once', async () => {
    const { order } = await paidOrder();
    phonePe.down = true;
    const refund = await refunded(ctx.app.payments, order.id, 45_000);
    phonePe.down = false;
    const sentOf = () => phonePe.refunds.filter((r) => r.body.merchantRefundId === refund.merchantRefundId);
    assert.equal(sentOf().length, 0);

    const answers = await Promise.all([
      ctx.app.payments.submitRefund(refund.id),
      ctx.app.payments.submitRefund(refund.id),
      ctx.app.payments.refreshRefund(refund.id),
      ctx.app.payments.retryRefund(refund.id),
    ]);
    assert.equal(sentOf().length, 1, 'PhonePe is asked once');
    for (const answer of answers) assert.equal(answer.status, 'pending');
    assert.equal((await refundRow(refund.id)).providerState, 'PENDING');
  });

  test('a submit whose answer was lost is not asked for twice: the refresh finds it at PhonePe', async () => {
    const { order } = await paidOrder();
    phonePe.loseNextRefundAnswer = true;
    const refund = await refunded(ctx.app.payments, order.id, 70_000);
    assert.equal(refund.providerState, null);
    assert.equal((refund.lastResponse as { error: { status: number } }).error.status, 504);
    phonePe.refundStatus.set(refund.merchantRefundId, { state: 'COMPLETED' });
    const refreshed = await ctx.app.payments.refreshRefund(refund.id);
    assert.equal(refreshed.status, 'completed');
    assert.equal(phonePe.refunds.filter((r) => r.body.merchantRefundId === refund.merchantRefundId).length, 1);
    assert.deepEqual(
      heard.map((r) => r.id),
      [refund.id],
    );
  });

  test('the timer-style refresh leaves a refund changed just now to its own submit', async () => {
    const { order } = await paidOrder();
    phonePe.down = true;
    const refund = await refunded(ctx.app.payments, order.id, 10_000);
    phonePe.down = false;
    const before = phonePe.refunds.length;
    await ctx.app.payments.refreshPendingRefunds({ idleForMs: 60_000 });
    assert.equal(phonePe.refunds.length, before);
    assert.equal((await refundRow(refund.id)).providerState, null);
  });
});

describe(
  'two API instances on one PostgreSQL database',
  { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' },
  () => {
    test('a failed refund retried by the store on both at once is asked for once', async () => {
      const other = await createTestApp({ seed: false, env: phonePeEnv(phonePeBase), sameDatabaseAs: ctx });
      try {
        const owner = await staffOfRole(ctx, 'owner');
        const { order } = await paidOrder();
        const refund = await refunded(ctx.app.payments, order.id, 35_000);
        phonePe.refundStatus.set(refund.merchantRefundId, { state: 'FAILED', errorCode: 'REFUND_FAILED' });
        assert.equal((await ctx.app.payments.refreshRefund(refund.id)).status, 'failed');
        const sentBefore = phonePe.refunds.length;

        const answers = await Promise.all(
          [ctx, other, ctx, other].map((instance) =>
            asStaff(instance.app, owner, 'POST', `/admin/api/refunds/${refund.id}/retry`),
          ),
        );
        for (const res of answers) assert.equal(res.statusCode, 200, res.body);
        assert.equal(phonePe.refunds.length, sentBefore + 1, 'PhonePe is asked once');
        assert.equal(phonePe.refunds.at(-1)!.body.merchantRefundId, (await refundRow(refund.id)).merchantRefundId);
      } finally {
        await other.close();
      }
    });
  },
);

describe('the refund timer', () => {
  test('at start, the refund job submits a refund left pending a while ago; with 0 minutes it never runs', async () => {
    const { order } = await paidOrder();
    phonePe.down = true;
    const refund = await refunded(ctx.app.payments, order.id, 15_000);
    phonePe.down = false;
    await ctx.database.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(refunds.id, refund.id));
    const submitted = () => phonePe.refunds.some((r) => r.body.merchantRefundId === refund.merchantRefundId);

    const log = { error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
    const settings = { work: true, retryLimit: 0, retryDelayMs: 0, backoff: false, pollMs: 500 };
    const off = new InProcessJobs(settings, log);
    registerJobs(off, [{ name: 'payments', jobs: paymentsJobs(ctx.app.payments, 0, log) }]);
    await off.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await off.stop();
    assert.equal(submitted(), false);

    const on = new InProcessJobs(settings, log);
    registerJobs(on, [{ name: 'payments', jobs: paymentsJobs(ctx.app.payments, 5 * 60_000, log) }]);
    try {
      await on.start();
      await on.idle();
      assert.equal(submitted(), true);
      assert.equal((await refundRow(refund.id)).providerState, 'PENDING');
    } finally {
      await on.stop();
    }
  });
});

describe('logs', () => {
  test('never carry the client secret, a token, the webhook password or its digest', () => {
    const logs = logLines.join('');
    assert.ok(logs.includes('refund could not be submitted'));
    assert.ok(logs.includes('refund settled'));
    for (const secret of [CLIENT_SECRET, WEBHOOK_PASSWORD, WEBHOOK_AUTH, WEBHOOK_AUTH.toUpperCase(), 'pp-token-']) {
      assert.ok(!logs.includes(secret), `logs contain ${secret.slice(0, 6)}…`);
    }
  });
});

describe('a sandbox refund', () => {
  test('completes at once and refund.changed is told once', async () => {
    const sandbox = await createTestApp({ seed: false });
    try {
      const told: HeardRefund[] = [];
      sandbox.app.events.on('refund.changed', 'test: told', (refund) => void told.push(toHeard(refund)));
      const order = await insertOrder(sandbox.database.db, { payablePaise: 1_29_900 });
      const { paymentUrl } = await sandbox.app.payments.start({
        id: order.id,
        orderNumber: order.orderNumber,
        gateway: 'sandbox',
        amountPaise: 1_29_900,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
      const merchantOrderId = decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop()!);
      await sandbox.app.payments.pickSandboxOutcome(merchantOrderId, 'success');
      const row = await sandbox.database.db.transaction((tx) =>
        sandbox.app.payments.requestRefund(tx, {
          orderId: order.id,
          returnRequestId: null,
          method: 'gateway',
          amountPaise: 1_29_900,
          reason: 'Cancelled by the shopper',
        }),
      );
      const refund = await sandbox.app.payments.submitRefund(row!.id);
      assert.equal(refund.status, 'completed');
      assert.deepEqual(
        told.map((r) => [r.id, r.status, r.amountPaise]),
        [[refund.id, 'completed', 1_29_900]],
      );
      // Submitting or refreshing again tells nothing more.
      await sandbox.app.payments.submitRefund(refund.id);
      await sandbox.app.payments.refreshPendingRefunds();
      assert.equal(told.length, 1);
    } finally {
      await sandbox.close();
    }
  });
});
