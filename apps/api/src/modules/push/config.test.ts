/**
 * Push's settings (docs/deploy.md "Web Push"): production refuses to start without the VAPID
 * keys while push is on; elsewhere a pair is generated once into DATA_DIR and kept. And the
 * push texts of each language (texts.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../config';
import { productionEnv } from '../../test/production';
import { loadVapidKeys } from './keys';
import { alertPush, orderPush } from './texts';

test('production refuses to start without VAPID keys while push is on, and starts with push off', () => {
  const without = { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' };
  assert.throws(
    () => loadConfig(productionEnv(without)),
    /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: required/,
  );
  assert.equal(loadConfig(productionEnv({ ...without, PUSH_ENABLED: 'false' })).push.enabled, false);
  assert.throws(() => loadConfig({ VAPID_PUBLIC_KEY: 'only-one' }), /must be set together/);
});

test('outside production a VAPID pair is generated once into DATA_DIR, readable only by its owner', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-vapid-'));
  try {
    const first = loadVapidKeys({ dataDir });
    assert.equal(Buffer.from(first.publicKey, 'base64url').length, 65);
    assert.deepEqual(loadVapidKeys({ dataDir }), first, 'kept across restarts');
    const mode = fs.statSync(path.join(dataDir, 'secrets', 'vapid.json')).mode & 0o777;
    assert.equal(mode, 0o600);
    assert.deepEqual(loadVapidKeys({ dataDir, publicKey: 'pub', privateKey: 'priv' }), {
      publicKey: 'pub',
      privateKey: 'priv',
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('push texts follow the account language, English when it has none the store speaks', () => {
  const item = { productId: 'p1', name: 'Anarkali Kurta', size: 'M', pricePaise: 129_900 };
  const opts = { storefrontUrl: 'https://shop.test' };
  assert.deepEqual(alertPush('priceDrop', [item, { ...item, productId: 'p2' }], { ...opts, locale: 'hi' }), {
    title: 'आपकी विशलिस्ट में दाम घटे',
    body: 'Anarkali Kurta (साइज़ M) अब ₹ 1,299 का है। इसके साथ एक और चीज़ सस्ती हुई है।',
    url: 'https://shop.test/hi/shop/product/p1',
    tag: 'price-drop',
  });
  assert.equal(
    alertPush('backInStock', [item], { ...opts, locale: 'ta' }).body,
    'Anarkali Kurta (size M) is back in stock.',
  );
  const order = orderPush({ id: 'o1', orderNumber: 'VST-001001' }, 'refunded', { ...opts, amountPaise: 50_000 });
  assert.equal(order.body, 'Your refund of ₹ 500 has been issued.');
  assert.equal(order.url, 'https://shop.test/account/orders/o1');
});
