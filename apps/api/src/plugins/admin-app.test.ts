/**
 * The admin app's pages (docs/admin.md): every path under /admin answers its index.html with
 * the page's own Content-Security-Policy, so a reload on any admin page works; /admin/api stays
 * the API's (an unknown API path is a JSON 404, not the page); hashed assets are cached for a
 * year; without a build the page says how to make one.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import Fastify from 'fastify';
import { registerErrorHandling } from '../lib/error-handler';
import { registerAdminApp } from './admin-app';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-admin-dist-'));
after(() => fs.rmSync(dist, { recursive: true, force: true }));

async function appWith(dir: string) {
  const app = Fastify();
  registerErrorHandling(app);
  await registerAdminApp(app, dir);
  await app.ready();
  return app;
}

test('serves the admin page for its routes, its assets, and leaves /admin/api to the API', async () => {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vastra admin</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  const app = await appWith(dist);
  for (const url of ['/admin', '/admin/orders/7f0c/show', '/admin/setup?token=abc']) {
    const res = await app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200, url);
    assert.match(res.body, /Vastra admin/);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    assert.equal(res.headers['cache-control'], 'no-cache');
  }
  const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-abc.js' });
  assert.equal(asset.statusCode, 200);
  assert.match(String(asset.headers['cache-control']), /immutable/);
  const api = await app.inject({ method: 'GET', url: '/admin/api/no-such-thing' });
  assert.equal(api.statusCode, 404);
  assert.equal(api.json().success, false);
  await app.close();
});

test('says how to build the admin when it is not built', async () => {
  const app = await appWith(path.join(dist, 'missing'));
  const res = await app.inject({ method: 'GET', url: '/admin' });
  assert.equal(res.statusCode, 503);
  assert.match(res.json().message, /npm run build -w apps\/admin/);
  await app.close();
});
