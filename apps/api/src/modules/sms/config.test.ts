/**
 * Phone sign-in's configuration (docs/deploy.md "SMS (MSG91)"): production refuses to start with
 * phone sign-in on and MSG91 not configured; phone sign-in is off in production unless asked
 * for, on elsewhere, where texts go to the outbox without MSG91.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config';
import { productionEnv } from '../../test/production';

const MSG91 = { MSG91_AUTH_KEY: 'auth-key', MSG91_TEMPLATE_ID: 'template-id', MSG91_SENDER_ID: 'VASTRA' };

test('production refuses phone sign-in without MSG91, naming what is missing', () => {
  assert.throws(
    () => loadConfig(productionEnv({ PHONE_SIGN_IN: 'true' })),
    /MSG91_AUTH_KEY, MSG91_TEMPLATE_ID, MSG91_SENDER_ID: required in production while PHONE_SIGN_IN=true/,
  );
  for (const missing of Object.keys(MSG91)) {
    const partial: Record<string, string> = { ...MSG91, PHONE_SIGN_IN: 'true' };
    delete partial[missing];
    assert.throws(() => loadConfig(productionEnv(partial)), /required in production while PHONE_SIGN_IN=true/);
  }
  const on = loadConfig(productionEnv({ ...MSG91, PHONE_SIGN_IN: 'true' }));
  assert.equal(on.sms.phoneSignIn, true);
  assert.equal(on.sms.msg91?.templateId, 'template-id');
  assert.equal(on.sms.msg91?.baseUrl, 'https://control.msg91.com');
});

test('phone sign-in is off in production unless asked for, on elsewhere with the outbox', () => {
  assert.equal(loadConfig(productionEnv()).sms.phoneSignIn, false);
  const dev = loadConfig({ NODE_ENV: 'development' });
  assert.equal(dev.sms.phoneSignIn, true);
  assert.equal(dev.sms.msg91, undefined);
  assert.deepEqual(
    { perNumber: dev.sms.dailyPerNumber, store: dev.sms.dailyStore, perIp: dev.sms.perIpPerHour },
    { perNumber: 10, store: 2000, perIp: 10 },
  );
});
