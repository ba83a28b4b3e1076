/**
 * WhatsApp's settings (docs/deploy.md "WhatsApp (Cloud API)"): production refuses to start with
 * WhatsApp updates on and the Cloud API not configured, and starts with them off (the default
 * there); outside production they are on, through the outbox. And the Cloud API's webhook
 * signature as Meta computes it.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { loadConfig } from '../../config';
import { productionEnv } from '../../test/production';
import { isValidHubSignature } from './webhook';

const CLOUD = {
  WHATSAPP_PHONE_NUMBER_ID: '109876543210987',
  WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
  WHATSAPP_APP_SECRET: 'app-secret',
  WHATSAPP_VERIFY_TOKEN: 'verify-token',
};

test('production refuses WhatsApp updates without the Cloud API, and starts with them off or configured', () => {
  assert.throws(
    () => loadConfig(productionEnv({ WHATSAPP_UPDATES: 'true' })),
    /WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: required in production/,
  );
  assert.throws(
    () => loadConfig(productionEnv({ ...CLOUD, WHATSAPP_APP_SECRET: '', WHATSAPP_UPDATES: 'true' })),
    /WHATSAPP_APP_SECRET/,
  );
  assert.equal(loadConfig(productionEnv()).whatsapp.enabled, false, 'off in production unless asked for');
  const on = loadConfig(productionEnv({ ...CLOUD, WHATSAPP_UPDATES: 'true' })).whatsapp;
  assert.equal(on.enabled, true);
  assert.deepEqual(on.cloud, {
    phoneNumberId: '109876543210987',
    accessToken: 'EAAG-token',
    baseUrl: 'https://graph.facebook.com',
    apiVersion: 'v21.0',
  });
  const dev = loadConfig({ NODE_ENV: 'development' }).whatsapp;
  assert.equal(dev.enabled, true);
  assert.equal(dev.cloud, undefined, 'the outbox outside production');
});

test('X-Hub-Signature-256 is sha256= and the HMAC-SHA256 of the raw body with the app secret', () => {
  const body = '{"object":"whatsapp_business_account","entry":[]}';
  const good = `sha256=${createHmac('sha256', 'app-secret').update(body).digest('hex')}`;
  assert.equal(isValidHubSignature(body, good, 'app-secret'), true);
  assert.equal(isValidHubSignature(`${body} `, good, 'app-secret'), false, 'another body');
  assert.equal(isValidHubSignature(body, good.slice('sha256='.length), 'app-secret'), false, 'no sha256= prefix');
  assert.equal(isValidHubSignature(body, good, null), false, 'no secret: nothing is accepted');
  assert.equal(isValidHubSignature(body, undefined, 'app-secret'), false);
});
