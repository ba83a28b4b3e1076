/**
 * Start-up configuration: bad values stop the API with one message naming each, and
 * production refuses to run without its own session secret.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES, loadConfig } from './config';
import { loadSigningSecret } from './modules/auth/secret';
import { productionEnv } from './test/production';

test('production refuses to start without JWT_SECRET', () => {
  assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /JWT_SECRET: required in production/);
  const config = loadConfig(productionEnv({ JWT_SECRET: 'x'.repeat(32) }));
  assert.equal(config.jwtSecret, 'x'.repeat(32));
});

test('every bad variable is named in one message', () => {
  assert.throws(
    () =>
      loadConfig({
        JWT_SECRET: 'too short',
        SMTP_URL: 'http://mail',
        REDIS_URL: 'localhost:6379',
        PUBLISHABLE_API_KEY: 'my-key',
      }),
    (err: Error) =>
      /JWT_SECRET: must be at least 32 characters/.test(err.message) &&
      /SMTP_URL: must be an smtp/.test(err.message) &&
      /REDIS_URL: must be a redis/.test(err.message) &&
      /PUBLISHABLE_API_KEY: must be pk_/.test(err.message),
  );
});

test('empty optional variables count as unset', () => {
  const config = loadConfig({
    JWT_SECRET: '',
    SMTP_URL: '',
    REDIS_URL: '',
    GOOGLE_CLIENT_ID: '',
    PUBLISHABLE_API_KEY: '',
  });
  assert.equal(config.jwtSecret, undefined);
  assert.equal(config.mail.smtpUrl, undefined);
  assert.equal(config.redisUrl, undefined);
  assert.equal(config.google.clientId, undefined);
  assert.equal(config.publishableApiKey, undefined);
  assert.equal(config.sessionTtlMs, 30 * 24 * 60 * 60 * 1000);
});

test('outside production a secret is generated once into DATA_DIR, readable only by its owner', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-secret-'));
  try {
    const first = loadSigningSecret({ jwtSecret: undefined, dataDir });
    const second = loadSigningSecret({ jwtSecret: undefined, dataDir });
    assert.ok(first.length >= 48);
    assert.deepEqual(second, first, 'sessions survive a restart');
    const mode = fs.statSync(path.join(dataDir, 'secrets', 'jwt-secret')).mode & 0o777;
    assert.equal(mode, 0o600);
    const configured = loadSigningSecret({ jwtSecret: 'y'.repeat(40), dataDir });
    assert.deepEqual(configured, new TextEncoder().encode('y'.repeat(40)));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('uploads go to an S3 bucket only with S3_BUCKET; any other S3_* alone is refused', () => {
  assert.equal(loadConfig({ S3_BUCKET: '', S3_PREFIX: '' }).s3, undefined, 'empty counts as unset');
  assert.deepEqual(loadConfig({ S3_BUCKET: 'vastra-uploads' }).s3, {
    bucket: 'vastra-uploads',
    region: 'ap-south-1',
    endpoint: undefined,
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: false,
    prefix: undefined,
  });
  const minio = loadConfig({
    S3_BUCKET: 'vastra',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_ACCESS_KEY_ID: 'minio',
    S3_SECRET_ACCESS_KEY: 'minio-secret',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'shop/uploads/',
  }).s3;
  assert.deepEqual(minio, {
    bucket: 'vastra',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    accessKeyId: 'minio',
    secretAccessKey: 'minio-secret',
    forcePathStyle: true,
    prefix: 'shop/uploads',
  });
  assert.throws(
    () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    /S3_BUCKET is required when any S3_\* setting is set/,
  );
  assert.throws(
    () => loadConfig({ S3_BUCKET: 'vastra', S3_ACCESS_KEY_ID: 'minio' }),
    /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
  );
  assert.throws(
    () =>
      loadConfig({
        S3_BUCKET: 'Vastra_Uploads',
        S3_ENDPOINT: 'minio:9000',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_PREFIX: '../x',
      }),
    (err: Error) =>
      /S3_BUCKET: must be a bucket name/.test(err.message) &&
      /S3_ENDPOINT: must be an http/.test(err.message) &&
      /S3_FORCE_PATH_STYLE/.test(err.message) &&
      /S3_PREFIX: must be lowercase/.test(err.message),
  );
});

/**
 * The API's part of `.env.example` (everything above the storefront's section): each variable
 * with its value and whether a comment above it (above the run of variables it stands in)
 * says what it is. `# NAME=value` is a variable left unset on purpose.
 */
function exampleVariables(): { name: string; value: string; documented: boolean }[] {
  const file = fileURLToPath(new URL('../../../.env.example', import.meta.url));
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const storefront = lines.findIndex((l) => l.startsWith('# --- Storefront'));
  assert.ok(storefront > 0, '.env.example has a storefront section');
  const variable = (line: string) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line) ?? /^# ?([A-Z][A-Z0-9_]*)=(\S*)$/.exec(line);
  return lines.slice(0, storefront).flatMap((line, i) => {
    const match = variable(line);
    if (!match) return [];
    let above = i - 1;
    while (above >= 0 && variable(lines[above]!)) above--;
    return [{ name: match[1]!, value: match[2]!, documented: above >= 0 && lines[above]!.startsWith('#') }];
  });
}

test('.env.example lists every variable the API reads, each with a comment, and nothing else; its values start the API', () => {
  const example = exampleVariables();
  const names = example.map((v) => v.name);
  assert.deepEqual(
    CONFIG_VARIABLES.filter((name) => !names.includes(name)),
    [],
    'read by the API but missing from .env.example',
  );
  assert.deepEqual(
    names.filter((name) => !CONFIG_VARIABLES.includes(name)),
    [],
    'in .env.example but unknown to the API',
  );
  assert.deepEqual(
    example.filter((v) => !v.documented).map((v) => v.name),
    [],
    'in .env.example without a comment',
  );
  const config = loadConfig(Object.fromEntries(example.map((v) => [v.name, v.value])));
  assert.equal(config.env, 'development');
});

test('production refuses to start with Razorpay chosen and its keys or webhook secret missing', () => {
  const razorpay = { PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' };
  assert.throws(
    () => loadConfig(productionEnv({ ...razorpay, RAZORPAY_KEY_SECRET: '' })),
    /PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET/,
  );
  assert.throws(() => loadConfig(productionEnv(razorpay)), /PAYMENT_GATEWAY=razorpay needs/);
  // Offered beside PhonePe from the admin, its webhooks still need their secret.
  const beside = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' };
  assert.throws(() => loadConfig(productionEnv(beside)), /- RAZORPAY_WEBHOOK_SECRET: required in production/);
  const config = loadConfig(productionEnv({ ...razorpay, RAZORPAY_WEBHOOK_SECRET: 'hook-secret' }));
  assert.deepEqual(config.configuredGateways, ['phonepe', 'razorpay']);
  assert.equal(config.razorpay.checkoutUrl, 'https://checkout.razorpay.com/v1/checkout.js');
});
