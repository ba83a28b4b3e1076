/**
 * Outgoing webhooks (docs/admin.md "Webhooks") against a receiver on this machine: a delivery
 * signed as documented (and a receiver refusing a changed body or an old timestamp), retried
 * after a 500 with the same delivery id, an endpoint switched off after failing deliveries
 * with the owner mailed, a rotated secret signing beside the old one; private addresses
 * refused when saved and when a name resolves privately at delivery (DNS rebinding); owner
 * only; no secret in the logs, the audit log or the database in clear.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PassThrough } from 'node:stream';
import {
  WEBHOOK_MESSAGES,
  type AdminRole,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@vastra/contracts';
import { auditLog, webhookEndpoints } from '../../db/schema';
import { register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { outboxMailsTo } from '../../test/outbox';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { AddressGuard, isRefusedAddress } from './address-guard';
import { verifySignature } from './signing';

/** The main app's time limit of an attempt, in ms (10 s outside the tests). */
const TIMEOUT_MS = 1500;

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** The receiver: records each request; answers each path's queued statuses in turn (then its last one). */
const received: Received[] = [];
const answers = new Map<string, number[]>();
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    // Answers after the store stopped waiting (its limit in these tests: TIMEOUT_MS).
    if (path === '/slow') return void setTimeout(() => response.end('late'), 3 * TIMEOUT_MS).unref();
    const queue = answers.get(path) ?? [200];
    const status = queue.length > 1 ? queue.shift()! : queue[0]!;
    response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? `boom ${status}` : 'thanks');
  });
});

let base: string;
let ctx: TestContext;
let guarded: TestContext;
let team: Record<AdminRole, StaffLogin>;
let guardedOwner: StaffLogin;
const logLines: string[] = [];
const secrets: string[] = [];
/** The guarded app's DNS: `rebind.example` is public when saved, this machine afterwards. */
let rebindLookups = 0;

before(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    webhooks: {
      allowPrivateHosts: true,
      retry: { retryLimit: 2, retryDelayMs: 20, backoff: false },
      timeoutMs: TIMEOUT_MS,
      disableAfter: 2,
      // A host name for the receiver, so deliveries go through the guard's lookup too.
      resolve: async (host) => (host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
    },
  });
  team = await staffTeam(ctx);
  guarded = await createTestApp({
    webhooks: {
      retry: { retryLimit: 1, retryDelayMs: 20, backoff: false },
      resolve: async (host) => {
        if (host === 'rebind.example') {
          return rebindLookups++ === 0
            ? [{ address: '93.184.216.34', family: 4 }]
            : [{ address: '127.0.0.1', family: 4 }];
        }
        if (host === 'intranet.example') return [{ address: '192.168.1.10', family: 4 }];
        if (host === 'public.example') return [{ address: '93.184.216.34', family: 4 }];
        throw new Error('ENOTFOUND');
      },
    },
  });
  guardedOwner = (await staffTeam(guarded)).owner;
});
after(async () => {
  await ctx?.close();
  await guarded?.close();
  receiver.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, who = team.owner, app = ctx) =>
  asStaff(app.app, who, method, url, body);

async function addEndpoint(path: string, events: string[], origin = base): Promise<WebhookWithSecret> {
  const res = await call('POST', '/admin/api/webhooks', { url: `${origin}${path}`, events, description: path });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.json().message, WEBHOOK_MESSAGES.created);
  const made = res.json().data as WebhookWithSecret;
  secrets.push(made.secret);
  return made;
}

async function deliveries(id: string, app = ctx, who = team.owner): Promise<WebhookDelivery[]> {
  const res = await call('GET', `/admin/api/webhooks/${id}/deliveries`, undefined, who, app);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as WebhookDelivery[];
}

const to = (path: string) => received.filter((r) => r.path === path);

describe('outgoing webhooks', () => {
  it('are the owner’s alone: staff and support get 403', async () => {
    for (const who of [team.staff, team.support]) {
      for (const [method, body] of [['GET'], ['POST', { url: `${base}/x`, events: ['order.placed'] }]] as const) {
        const res = await call(method, '/admin/api/webhooks', body, who);
        assert.equal(res.statusCode, 403, res.body);
        assert.equal(res.json().message, 'Your role does not allow this.');
      }
    }
    assert.equal((await call('GET', '/admin/api/webhooks')).statusCode, 200);
  });

  it('deliver an event signed with the endpoint’s secret, shown once; a changed body or an old timestamp does not verify', async () => {
    const { endpoint, secret } = await addEndpoint('/signed', ['order.placed']);
    assert.match(secret, /^whsec_[\w-]{43}$/);
    const listed = (await call('GET', '/admin/api/webhooks')).json().data as WebhookEndpoint[];
    assert.deepEqual(
      listed.find((e) => e.id === endpoint.id),
      endpoint,
    );
    assert.ok(!JSON.stringify(listed).includes(secret));

    const orderId = crypto.randomUUID();
    await ctx.app.events.emit('order.placed', { orderId, userId: (await register(ctx.app)).userId });
    await ctx.app.events.emit('review.changed', { productId: crypto.randomUUID() });
    await ctx.app.jobs.idle();

    const [got, ...more] = to('/signed');
    assert.ok(got);
    assert.equal(more.length, 0, 'one delivery: the endpoint did not ask for review.changed');
    assert.equal(got.headers['x-vastra-event'], 'order.placed');
    assert.equal(got.headers['content-type'], 'application/json');
    const body = JSON.parse(got.body) as { id: string; event: string; createdAt: string; data: unknown };
    assert.deepEqual(Object.keys(body), ['id', 'event', 'createdAt', 'data']);
    assert.equal(body.event, 'order.placed');
    assert.deepEqual(body.data, { orderId });
    const header = String(got.headers['x-vastra-signature']);
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(verifySignature(secret, header, got.body), true);
    assert.equal(verifySignature(secret, header, got.body.replace(orderId, crypto.randomUUID())), false);
    assert.equal(verifySignature(secret, header, got.body, Date.now() / 1000 + 301), false, 'a replay 5 min later');
    assert.equal(verifySignature(`${secret}x`, header, got.body), false);

    const [logged] = await deliveries(endpoint.id);
    assert.equal(logged?.id, got.headers['x-vastra-delivery']);
    assert.equal(logged?.status, 'succeeded');
    assert.deepEqual(
      logged?.attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt, a.error]),
      [[1, 200, 'thanks', null]],
    );
  });

  it('record a settled payment in the payment’s transaction and send it only once that commits, without the transaction', async () => {
    await addEndpoint('/payments', ['payment.settled']);
    const orderId = crypto.randomUUID();
    const afterCommit: (() => Promise<void>)[] = [];
    await ctx.database.db.transaction(async (tx) => {
      await ctx.app.events.emit('payment.settled', {
        db: tx,
        orderId,
        status: 'completed',
        source: 'webhook',
        afterCommit: (work) => afterCommit.push(work),
      });
    });
    await ctx.app.jobs.idle();
    assert.equal(to('/payments').length, 0, 'nothing sent before the commit’s work runs');
    for (const work of afterCommit) await work();
    await ctx.app.jobs.idle();
    const [got] = to('/payments');
    assert.deepEqual(JSON.parse(got!.body).data, { orderId, status: 'completed', source: 'webhook' });
  });

  it('retry a delivery the receiver answered 500, with the same id and body, and log both attempts', async () => {
    answers.set('/flaky', [500, 200]);
    const named = `http://receiver.test:${new URL(base).port}`;
    const { endpoint, secret } = await addEndpoint('/flaky', ['refund.changed'], named);
    const payload = {
      refundId: crypto.randomUUID(),
      orderId: crypto.randomUUID(),
      status: 'completed' as const,
      amountPaise: 129_900,
    };
    await ctx.app.events.emit('refund.changed', payload);
    await ctx.app.jobs.idle();

    const [first, second, third] = to('/flaky');
    assert.ok(first && second && !third);
    assert.equal(first.headers['x-vastra-delivery'], second.headers['x-vastra-delivery']);
    assert.equal(first.body, second.body);
    assert.deepEqual(JSON.parse(second.body).data, payload);
    assert.equal(verifySignature(secret, String(second.headers['x-vastra-signature']), second.body), true);
    const [logged] = await deliveries(endpoint.id);
    assert.equal(logged?.status, 'succeeded');
    assert.deepEqual(
      logged?.attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt, a.error]),
      [
        [1, 500, 'boom 500', 'The receiver answered 500.'],
        [2, 200, 'thanks', null],
      ],
    );
  });

  it('give up an attempt the receiver does not answer in time, and log it', async () => {
    const { endpoint } = await addEndpoint('/slow', ['order.status_changed']);
    await ctx.app.events.emit('order.status_changed', {
      orderId: crypto.randomUUID(),
      status: 'cancelled',
      storeStep: false,
    });
    await ctx.app.jobs.idle();
    assert.equal(to('/slow').length, 3);
    const [logged] = await deliveries(endpoint.id);
    assert.equal(logged?.status, 'failed');
    for (const attempt of logged?.attempts ?? []) {
      assert.deepEqual([attempt.statusCode, attempt.error], [null, 'No answer within 1.5 s.']);
      assert.ok(
        attempt.durationMs >= TIMEOUT_MS - 50 && attempt.durationMs < 3 * TIMEOUT_MS,
        `${attempt.durationMs} ms`,
      );
    }
  });

  it('switch an endpoint off after two deliveries in a row failed every attempt, mail the owner, and send nothing more until switched on', async () => {
    answers.set('/down', [503]);
    const { endpoint } = await addEndpoint('/down', ['stock.changed']);
    await ctx.app.events.emit('stock.changed', { productIds: [crypto.randomUUID()], cameBack: false });
    await ctx.app.jobs.idle();
    let [shown] = (await call('GET', '/admin/api/webhooks'))
      .json()
      .data.filter((e: WebhookEndpoint) => e.id === endpoint.id);
    assert.deepEqual([shown.enabled, shown.consecutiveFailures], [true, 1]);

    await ctx.app.events.emit('stock.changed', { productIds: [crypto.randomUUID()], cameBack: true });
    await ctx.app.jobs.idle();
    assert.equal(to('/down').length, 6, 'two deliveries, three attempts each');
    const logged = await deliveries(endpoint.id);
    assert.deepEqual(
      logged.map((d) => [d.status, d.attempts.map((a) => a.statusCode)]),
      [
        ['failed', [503, 503, 503]],
        ['failed', [503, 503, 503]],
      ],
    );
    [shown] = (await call('GET', '/admin/api/webhooks'))
      .json()
      .data.filter((e: WebhookEndpoint) => e.id === endpoint.id);
    assert.equal(shown.enabled, false);
    assert.equal(shown.disabledReason, 'Switched off after 2 deliveries in a row failed.');
    const [mail, again] = await outboxMailsTo(ctx.dataDir, team.owner.email);
    assert.ok(mail && !again, 'one mail to the owner');
    assert.equal(mail.subject, 'A webhook of your store was switched off');
    assert.match(mail.text ?? '', new RegExp(`The webhook to ${base}/down \\(/down\\) was switched off`));

    await ctx.app.events.emit('stock.changed', { productIds: [crypto.randomUUID()], cameBack: false });
    await ctx.app.jobs.idle();
    assert.equal(to('/down').length, 6, 'nothing sent while switched off');

    const on = await call('PATCH', `/admin/api/webhooks/${endpoint.id}`, { enabled: true });
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(
      [on.json().data.enabled, on.json().data.consecutiveFailures, on.json().data.disabledReason],
      [true, 0, null],
    );
  });

  it('rotates a secret: the new one shown once, the old one signing beside it for a day', async () => {
    const { endpoint, secret: old } = await addEndpoint('/rotated', ['catalog.changed']);
    const res = await call('POST', `/admin/api/webhooks/${endpoint.id}/rotate-secret`);
    assert.equal(res.statusCode, 200, res.body);
    const fresh = (res.json().data as WebhookWithSecret).secret;
    secrets.push(fresh);
    assert.notEqual(fresh, old);
    await ctx.app.events.emit('catalog.changed', { entity: 'product', entityId: null });
    await ctx.app.jobs.idle();
    const [got] = to('/rotated');
    const header = String(got?.headers['x-vastra-signature']);
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    assert.equal(verifySignature(fresh, header, got!.body), true);
    assert.equal(verifySignature(old, header, got!.body), true);
  });

  it('refuses private and local addresses when saved, with the reason, auditing nothing', async () => {
    const audits = (await guarded.database.db.select().from(auditLog)).length;
    const refused: [string, string][] = [
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://10.1.2.3/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://172.20.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
      ['https://100.64.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://0.0.0.0/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[fd00::1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[fe80::1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::ffff:8.8.8.8]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://2130706433/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://intranet.example/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://nowhere.example/hook', WEBHOOK_MESSAGES.hostNotFound],
      ['ftp://public.example/hook', WEBHOOK_MESSAGES.httpsRequired],
      ['https://user:pw@public.example/hook', WEBHOOK_MESSAGES.credentialsInUrl],
      ['public.example/hook', WEBHOOK_MESSAGES.urlInvalid],
    ];
    for (const [url, message] of refused) {
      const res = await call('POST', '/admin/api/webhooks', { url, events: ['order.placed'] }, guardedOwner, guarded);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.equal(res.json().message, message, url);
    }
    assert.equal((await guarded.database.db.select().from(auditLog)).length, audits);
    const ok = await call(
      'POST',
      '/admin/api/webhooks',
      { url: 'https://public.example/hook', events: ['order.placed'] },
      guardedOwner,
      guarded,
    );
    assert.equal(ok.statusCode, 201, ok.body);
  });

  it('refuses at delivery a name that resolved public when saved and resolves to this machine now', async () => {
    const made = await call(
      'POST',
      '/admin/api/webhooks',
      { url: `http://rebind.example:${new URL(base).port}/rebound`, events: ['review.changed'] },
      guardedOwner,
      guarded,
    );
    assert.equal(made.statusCode, 201, made.body);
    await guarded.app.events.emit('review.changed', { productId: crypto.randomUUID() });
    await guarded.app.jobs.idle();
    assert.equal(to('/rebound').length, 0, 'the receiver on this machine got nothing');
    const [logged] = await deliveries(made.json().data.endpoint.id, guarded, guardedOwner);
    assert.equal(logged?.status, 'failed');
    assert.deepEqual(
      logged?.attempts.map((a) => [a.statusCode, a.error]),
      [
        [null, WEBHOOK_MESSAGES.privateAddress],
        [null, WEBHOOK_MESSAGES.privateAddress],
      ],
    );
  });

  it('never shows a secret in the logs, the audit log or the database in clear', async () => {
    assert.ok(secrets.length >= 4);
    const logs = logLines.join('');
    assert.match(logs, /webhook/, 'the log was captured');
    const audit = JSON.stringify(await ctx.database.db.select().from(auditLog));
    assert.match(audit, /webhook\.create/);
    const stored = JSON.stringify(await ctx.database.db.select().from(webhookEndpoints));
    for (const secret of secrets) {
      assert.ok(!logs.includes(secret), 'a secret in the log');
      assert.ok(!audit.includes(secret), 'a secret in the audit log');
      assert.ok(!stored.includes(secret), 'a secret in clear in the database');
    }
  });
});

describe('the address guard', () => {
  it('knows the private, local and mapped ranges from public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.127.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:93.184.216.34',
      '64:ff9b::a00:1',
    ]) {
      assert.equal(isRefusedAddress(address), true, address);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '100.128.0.1', '8.8.8.8', '2606:4700::1111']) {
      assert.equal(isRefusedAddress(address), false, address);
    }
  });

  it('refuses http:// where only https is allowed (production)', async () => {
    const guard = new AddressGuard({
      allowHttp: false,
      allowPrivateHosts: false,
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    await assert.rejects(guard.check('http://public.example/hook'), { message: WEBHOOK_MESSAGES.httpsRequired });
    assert.equal(await guard.check('https://public.example/hook'), 'https://public.example/hook');
  });
});
