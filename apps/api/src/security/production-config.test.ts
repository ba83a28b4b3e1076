/**
 * Production settings (README "Running in production") and the API docs page: a production API refuses the
 * development defaults that would hand out goods or leak (sandbox gateway, demo coupons and
 * gift cards, seeding at start, the sample GSTIN, a local outbox, a generated operator token, the embedded
 * database, localhost links), naming every problem at once; a complete configuration starts,
 * with Secure cookies over https, HSTS, and no OpenAPI page unless API_DOCS_PUBLIC=true.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../config';
import { isCatalogEmpty, seedCatalog, seedOnFirstStart } from '../db/seed';
import { bearer, register } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/harness';
import { productionEnv } from '../test/production';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every variable a production start with only JWT_SECRET set must name. */
const UNSAFE = [
  'DATABASE_URL',
  'PAYMENT_GATEWAY',
  'SELLER_GSTIN',
  'SMTP_URL',
  'PUBLIC_URL',
  'STOREFRONT_URL',
  'OPERATOR_TOKEN',
];

describe('a production start with only JWT_SECRET', () => {
  test('`src/server.ts` exits non-zero naming every unsafe setting, before touching any database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-prod-'));
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        JWT_SECRET: 's'.repeat(40),
        DATA_DIR: dataDir,
        PORT: '0',
      };
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_DIR,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 1, run.stderr);
      for (const name of UNSAFE) assert.match(run.stderr, new RegExp(`^- ${name}: `, 'm'), `${name} not named`);
      assert.doesNotMatch(run.stderr, /\bat .+\(.+:\d+:\d+\)/, 'a message, not a stack trace');
      assert.deepEqual(fs.readdirSync(dataDir), [], 'no embedded database, outbox or generated secret was created');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('production settings one at a time', () => {
  const refused = (overrides: Record<string, string>, pattern: RegExp) =>
    assert.throws(() => loadConfig(productionEnv(overrides)), pattern);

  test('the sandbox gateway is refused even when asked for by name', () => {
    refused({ PAYMENT_GATEWAY: 'sandbox' }, /- PAYMENT_GATEWAY: set a real gateway/);
  });

  test('the sample GSTIN, local addresses and missing secrets are each refused', () => {
    refused({ SELLER_GSTIN: '29AAACV1234F1ZL' }, /- SELLER_GSTIN: /);
    refused({ PUBLIC_URL: 'http://127.0.0.1:9000' }, /- PUBLIC_URL: /);
    refused({ STOREFRONT_URL: 'https://vastra.example,http://localhost:3000' }, /- STOREFRONT_URL: /);
    refused({ OPERATOR_TOKEN: '' }, /- OPERATOR_TOKEN: /);
    refused({ SMTP_URL: '' }, /- SMTP_URL: /);
    refused({ DATABASE_URL: '' }, /- DATABASE_URL: /);
  });

  test('a storefront on another host without SESSION_COOKIE_DOMAIN is refused: its server could not see the session', () => {
    refused(
      { SESSION_COOKIE_DOMAIN: '' },
      /- SESSION_COOKIE_DOMAIN: the storefront is not on the API's host \(api\.vastra\.example\)/,
    );
    // One host for both (a same-origin path to the API) needs no domain.
    const oneHost = {
      SESSION_COOKIE_DOMAIN: '',
      PUBLIC_URL: 'https://vastra.example',
      STOREFRONT_URL: 'https://vastra.example',
    };
    assert.equal(loadConfig(productionEnv(oneHost)).sessionCookieDomain, undefined);
  });

  test('a SESSION_COOKIE_DOMAIN that does not cover the API and every storefront is refused, in any environment', () => {
    assert.throws(
      () => loadConfig(productionEnv({ SESSION_COOKIE_DOMAIN: 'other.example' })),
      /SESSION_COOKIE_DOMAIN=other\.example does not cover api\.vastra\.example, vastra\.example/,
    );
    assert.throws(
      () => loadConfig({ SESSION_COOKIE_DOMAIN: 'example.com', STOREFRONT_URL: 'http://localhost:3000' }),
      /does not cover localhost/,
    );
    // "evilvastra.example" is not a subdomain of vastra.example.
    assert.throws(
      () => loadConfig(productionEnv({ STOREFRONT_URL: 'https://evilvastra.example' })),
      /does not cover evilvastra\.example/,
    );
    assert.equal(
      loadConfig(productionEnv({ SESSION_COOKIE_DOMAIN: '.Vastra.example' })).sessionCookieDomain,
      'vastra.example',
    );
  });

  test('seeding at start is refused: a demo is seeded on purpose with npm run seed', () => {
    refused({ AUTO_SEED: 'true' }, /- AUTO_SEED: seeding never runs at start in production/);
    assert.equal(loadConfig(productionEnv({ AUTO_SEED: 'false' })).autoSeed, false);
  });

  test('the complete configuration is accepted', () => {
    const config = loadConfig(productionEnv());
    assert.equal(config.env, 'production');
    assert.equal(config.secureCookies, true);
    assert.equal(config.apiDocs, false);
  });
});

describe('a complete production configuration', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  // A mail server that takes the shoppers' verification mails: productionEnv's is not reachable from here.
  before(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ seed: false, env: productionEnv({ SMTP_URL: smtp.url }) });
  });
  after(async () => {
    await ctx.close();
    await smtp.close();
  });

  test('an empty database is not seeded at start; the seed command gives the demo catalogue but never the demo coupons or gift cards', async () => {
    const atStart = await seedOnFirstStart(ctx.database.db, {
      autoSeed: ctx.config.autoSeed,
      demoOffers: ctx.config.seedDemoOffers,
    });
    assert.equal(atStart, null, 'nothing seeded at start');
    assert.equal(await isCatalogEmpty(ctx.database.db), true);
    // What `npm run seed` does with the production configuration (db/seed/cli.ts).
    const summary = await seedCatalog(ctx.database.db, { demoOffers: ctx.config.seedDemoOffers });
    assert.ok(summary.products > 0, 'the seed command seeded the catalogue');
    const coupon = await ctx.app.inject({ method: 'GET', url: '/coupons/code/WELCOME10' });
    assert.equal(coupon.statusCode, 404, coupon.body);
    const card = await ctx.app.inject({
      method: 'POST',
      url: '/coupons/validate',
      payload: { code: 'VASTRA-GIFT-2000-29PE-EQ7H', isGiftCard: true, preDiscountAmount: 1000 },
    });
    assert.equal(card.statusCode, 404, card.body);
  });

  test('checkout offers the real gateway and never the sandbox page', async () => {
    const shopper = await register(ctx.app);
    const options = await ctx.app.inject({
      method: 'GET',
      url: '/orders/checkout-options',
      headers: bearer(shopper.token),
    });
    assert.equal(options.statusCode, 200, options.body);
    const methods: string[] = options.json().data.paymentMethods;
    assert.ok(!methods.includes('sandbox'), `offered ${methods.join(', ')}`);
    assert.ok(methods.includes('phonepe'));
  });

  test('the session cookie is Secure and HSTS is sent, since the public URL is https', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Secure Cookie', email: `secure.${Date.now()}@example.com`, password: 'correct horse 1' },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.match(String(res.headers['set-cookie']), /auth_token=[^;]+;.*\bSecure\b/i);
    assert.match(String(res.headers['strict-transport-security']), /max-age=31536000/);
  });

  test('the session cookie carries Domain=vastra.example, so the storefront at vastra.example sees it; logout ends it there', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Shared Cookie', email: `shared.${Date.now()}@example.com`, password: 'correct horse 1' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const session = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('auth_token='));
    assert.match(String(session), /;\s*Domain=vastra\.example\b/i);
    assert.match(String(session), /;\s*HttpOnly\b/i);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(res.json().data.token),
    });
    const cleared = [logout.headers['set-cookie']]
      .flat()
      .map(String)
      .filter((c) => c.startsWith('auth_token=;'));
    assert.ok(
      cleared.some((c) => /Domain=vastra\.example/i.test(c)),
      `the domain cookie is cleared: ${cleared.join(' | ')}`,
    );
  });

  test('the OpenAPI page is not served', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
    }
  });

  test('no mail outbox, generated secret or operator token is written to DATA_DIR', () => {
    const kept = fs.readdirSync(ctx.dataDir).filter((name) => ['secrets', 'outbox'].includes(name));
    assert.deepEqual(kept, []);
  });
});

describe('API_DOCS_PUBLIC=true in production', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ seed: false, env: productionEnv({ API_DOCS_PUBLIC: 'true' }) });
  });
  after(() => ctx.close());

  test('serves the OpenAPI page under its own content security policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    const spec = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(spec.statusCode, 200);
  });
});
