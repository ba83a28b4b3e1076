/**
 * The modules as the app and the worker build them (compose.ts, docs/architecture.md "Modules
 * as plugins"): which module subscribes to which domain event, and that every job any module
 * queues has a handler in the worker, which builds no HTTP app.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { composeModules, type Composition } from './compose';
import type { Database } from './db/client';
import type { Jobs } from './lib/jobs';
import { registerJobs } from './lib/module';
import { createPlatform, type Platform } from './platform';
import { pgliteDatabase, testCatalog } from './test/databases';
import { testConfig } from './test/harness';

const SRC = path.dirname(new URL(import.meta.url).pathname);
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as unknown as FastifyBaseLogger;

/** A job queue that only records what is registered with it. */
function recordingJobs(): Jobs & { handled: Map<string, number> } {
  const handled = new Map<string, number>();
  return {
    kind: 'in-process',
    handled,
    work: (name) => void handled.set(name, 0),
    schedule: (name, everyMs) => void handled.set(name, everyMs),
    send: async () => null,
    later: () => {},
    start: async () => {},
    stop: async () => {},
    idle: async () => {},
    depth: async () => 0,
    recent: async () => [],
  };
}

let dataDir: string;
let database: Database;
let platform: Platform;
let composition: Composition;
let jobs: ReturnType<typeof recordingJobs>;

before(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vastra-compose-'));
  database = await pgliteDatabase(testCatalog(), false);
  jobs = recordingJobs();
  // The worker's way (worker.ts): the platform and the modules, no Fastify app.
  platform = { ...createPlatform(testConfig(dataDir), database, silent), jobs };
  composition = composeModules(platform);
  registerJobs(jobs, composition.modules);
});
after(async () => {
  await platform.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('domain events', () => {
  test('each event has the subscribers the modules declare, in order', () => {
    const webhooks = 'webhooks: deliver';
    assert.deepEqual(platform.events.subscribers(), {
      'review.changed': ['catalog: drop the answers that show ratings', webhooks],
      'stock.changed': ['catalog: drop the answers that show stock', 'alerts: scan when stock came back', webhooks],
      'catalog.changed': [
        'catalog: drop the caches and expire the storefront pages',
        'alerts: scan after a product or size edit',
        webhooks,
      ],
      'payment.settled': [
        'orders: place or release the order',
        'whatsapp: tell the shopper their paid order is placed',
        webhooks,
      ],
      'refund.changed': [
        'orders: mail the refund, or log a failed one',
        'push: tell the shopper their refund was issued',
        'whatsapp: tell the shopper their refund was issued',
        webhooks,
      ],
      'order.placed': [
        'consent: the checkout notice taken',
        'whatsapp: tell the shopper, or ask them to confirm cash on delivery',
        webhooks,
      ],
      'order.status_changed': [
        'shipping: cancel the courier order of a cancelled order',
        'push: tell the shopper their order shipped, is out, could not be delivered or is delivered',
        'whatsapp: tell the shopper of their order',
        'invoices: issue the GST documents due',
        webhooks,
      ],
    });
  });

  test('a subscriber made twice is refused', () => {
    assert.throws(
      () => platform.events.on('payment.settled', 'orders: place or release the order', () => {}),
      /already subscribes/,
    );
  });
});

/** Every non-test source file under src. */
function sources(): { file: string; text: string }[] {
  return readdirSync(SRC, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'))
    .map((f) => ({ file: f, text: readFileSync(path.join(SRC, f), 'utf8') }));
}

describe('jobs', () => {
  test('every job a module queues is handled by the worker', () => {
    const files = sources();
    const constants = new Map<string, string>();
    for (const { text } of files) {
      for (const [, name, value] of text.matchAll(/export const (\w+_JOB) = '([^']+)'/g)) constants.set(name!, value!);
    }
    const queued = new Set<string>();
    for (const { file, text } of files) {
      for (const [, arg] of text.matchAll(/jobs\.send(?:<[^>]*>)?\(\s*([\w'.-]+)/g)) {
        const name = arg!.startsWith("'") ? arg!.slice(1, -1) : constants.get(arg!);
        assert.ok(name, `${file}: jobs.send(${arg}) names no job constant`);
        queued.add(name);
      }
    }
    assert.ok(queued.size >= 4, `found ${[...queued].join(', ')}`);
    for (const name of queued) assert.ok(jobs.handled.has(name), `${name} is queued but the worker has no handler`);
  });

  test('the recurring jobs run on their periods, the worker registering each once', () => {
    const recurring = Object.fromEntries([...jobs.handled].filter(([, everyMs]) => everyMs > 0));
    assert.deepEqual(Object.keys(recurring).sort(), [
      'admin-store-notify',
      'alerts.scan',
      'cart-guest-cleanup',
      'cart.reminders-scan',
      'orders-expire-unpaid',
      'privacy.retention',
      'shipping.cancel-sweep',
      'sms-prune',
      'wallet-expire',
      'whatsapp.cod-expire',
    ]);
    assert.throws(
      () => registerJobs(recordingJobs(), [...composition.modules, ...composition.modules]),
      /declared twice/,
    );
  });

  test('the worker builds no HTTP app', () => {
    const worker = readFileSync(path.join(SRC, 'worker.ts'), 'utf8');
    assert.doesNotMatch(worker, /from '\.\/app'|from 'fastify'[^;]*\bFastify\b|import Fastify/);
    assert.ok(composition.modules.every((m) => typeof m.name === 'string'));
  });
});
