/**
 * Files: the store's contract run against both stores (local disk on a temporary directory,
 * S3 on a local s3rver), type detection from real image bytes, and
 * GET /files/avatars/:name through HTTP with the app's validation and error handling, on
 * both stores.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerErrorHandling } from '../../lib/error-handler';
import { detectFileType } from './detect';
import { avatarUrl, filesRoutes } from './routes';
import { JPEG, PNG, WEBP } from '../../test/images';
import { startLocalS3, type LocalS3 } from '../../test/s3';
import { S3FileStore } from './s3-store';
import { LocalFileStore, isSafeKey, type FileStore } from './store';

const AVATAR = 'avatars/3f0c2b9e-5d7a-4c1e-9b2f-8a1a42c0ffee.png';
const UNSAFE_KEYS = [
  '../secret',
  'avatars/../../etc/passwd',
  '/etc/passwd',
  'avatars//a.png',
  'avatars/',
  'avatars/.hidden',
  'Avatars/A.png',
  'avatars\\a.png',
  'avatars/a.png.meta.json',
  '',
  `avatars/${'a'.repeat(200)}.png`,
];
/** Keys of the S3 store's objects start with it, as with S3_PREFIX=shop. */
const S3_PREFIX = 'shop';

let root: string;
let s3: LocalS3;

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-files-'));
  s3 = await startLocalS3();
});
after(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The stores under test: `open` makes one (a new client for S3), `close` lets it go. */
const backends: { name: string; open: () => FileStore; close: (store: FileStore) => void }[] = [
  { name: 'LocalFileStore', open: () => new LocalFileStore(path.join(root, 'files')), close: () => {} },
  {
    name: 'S3FileStore',
    open: () => new S3FileStore({ ...s3.settings, prefix: S3_PREFIX }),
    close: (store) => (store as S3FileStore).close(),
  },
];

for (const backend of backends) {
  describe(`${backend.name}: the FileStore contract`, () => {
    let store: FileStore;
    before(() => {
      store = backend.open();
    });
    after(() => backend.close(store));

    test('keeps the bytes and the content type, and forgets them on delete', async () => {
      await store.put(AVATAR, PNG, 'image/png');
      const stored = await store.get(AVATAR);
      assert.ok(stored);
      assert.deepEqual(stored.body, PNG);
      assert.equal(stored.contentType, 'image/png');
      assert.equal(stored.size, PNG.length);

      await store.put(AVATAR, WEBP, 'image/webp');
      const replaced = await store.get(AVATAR);
      assert.deepEqual(replaced?.body, WEBP, 'a second put replaces the file');
      assert.equal(replaced?.contentType, 'image/webp');

      await store.delete(AVATAR);
      assert.equal(await store.get(AVATAR), null);
      await store.delete(AVATAR);
    });

    test('a missing file is null, and deleting it does nothing', async () => {
      assert.equal(await store.get('avatars/never-written.png'), null);
      await store.delete('avatars/never-written.png');
    });

    test('keeps binary bytes and an empty file exactly', async () => {
      const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await store.put('returns/order-1/all-bytes.bin', bytes, 'application/octet-stream');
      await store.put('returns/order-1/empty.bin', Buffer.alloc(0), 'video/mp4');
      assert.deepEqual((await store.get('returns/order-1/all-bytes.bin'))?.body, bytes);
      const empty = await store.get('returns/order-1/empty.bin');
      assert.deepEqual(empty, { body: Buffer.alloc(0), contentType: 'video/mp4', size: 0 });
    });

    test('refuses keys that could leave its directory or clash with its own files', async () => {
      for (const key of UNSAFE_KEYS) {
        assert.equal(isSafeKey(key), false, key);
        await assert.rejects(store.put(key, PNG, 'image/png'), /Unsafe file key/, key);
        await assert.rejects(store.get(key), /Unsafe file key/, key);
        await assert.rejects(store.delete(key), /Unsafe file key/, key);
      }
      assert.equal(isSafeKey(AVATAR), true);
      assert.equal(isSafeKey('invoices/2025/inv_0001.pdf'), true);
    });
  });
}

describe('LocalFileStore on disk', () => {
  test('leaves no metadata or temporary file behind, and nothing outside its directory', async () => {
    const store = new LocalFileStore(path.join(root, 'disk'));
    await store.put(AVATAR, PNG, 'image/png');
    await store.delete(AVATAR);
    assert.deepEqual(fs.readdirSync(path.join(root, 'disk', 'avatars')), []);
    await assert.rejects(store.put('../secret', PNG, 'image/png'), /Unsafe file key/);
    assert.equal(fs.existsSync(path.join(root, 'secret')), false);
  });
});

describe('S3FileStore in the bucket', () => {
  let client: S3Client;
  before(() => {
    const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = s3.settings;
    client = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! },
    });
  });
  after(() => client.destroy());

  test('one object per file under the prefix, with the Content-Type as stored; unsafe keys write nothing', async () => {
    const store = new S3FileStore({ ...s3.settings, prefix: 'objects' });
    try {
      await store.put(AVATAR, JPEG, 'image/jpeg');
      for (const key of UNSAFE_KEYS) await store.put(key, PNG, 'image/png').catch(() => undefined);
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'objects/' }));
      assert.deepEqual(
        listed.Contents?.map((o) => o.Key),
        [`objects/${AVATAR}`],
      );
      const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: `objects/${AVATAR}` }));
      assert.equal(object.ContentType, 'image/jpeg');
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), JPEG);
    } finally {
      store.close();
    }
  });

  test('a missing bucket is an error, never a missing file', async () => {
    const store = new S3FileStore({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      await assert.rejects(store.get(AVATAR), { name: 'NoSuchBucket' });
      await assert.rejects(store.put(AVATAR, PNG, 'image/png'), { name: 'NoSuchBucket' });
    } finally {
      store.close();
    }
  });

  test('an unreachable server is an error', async () => {
    const store = new S3FileStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9', prefix: undefined });
    try {
      await assert.rejects(store.get(AVATAR));
    } finally {
      store.close();
    }
  });
});

describe('detectFileType', () => {
  test('recognises PNG, JPEG and WebP from their bytes', async () => {
    assert.deepEqual(await detectFileType(PNG), { mime: 'image/png', ext: 'png' });
    assert.deepEqual(await detectFileType(JPEG), { mime: 'image/jpeg', ext: 'jpg' });
    assert.deepEqual(await detectFileType(WEBP), { mime: 'image/webp', ext: 'webp' });
  });

  test('refuses text, markup and text named like an image', async () => {
    assert.equal(await detectFileType(Buffer.from('hello, this is not an image\n')), undefined);
    assert.equal(
      await detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      undefined,
    );
    const renamed = path.join(root, 'photo.png');
    fs.writeFileSync(renamed, '<script>alert(1)</script>');
    assert.equal(await detectFileType(fs.readFileSync(renamed)), undefined);
    assert.equal(await detectFileType(Buffer.alloc(0)), undefined);
  });
});

for (const backend of backends) {
  describe(`GET /files/avatars/:name from ${backend.name}`, () => {
    let app: FastifyInstance;
    let store: FileStore;

    before(async () => {
      store = backend.open();
      app = Fastify().withTypeProvider<ZodTypeProvider>();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandling(app);
      await app.register(filesRoutes, { files: store });
      await app.ready();
      await store.put(AVATAR, JPEG, 'image/jpeg');
      await store.put('secret.txt', Buffer.from('not public'), 'text/plain');
    });
    after(async () => {
      await app?.close();
      backend.close(store);
    });

    test('serves the stored bytes with their type, cacheable for a year and never sniffed', async () => {
      const res = await app.inject({ method: 'GET', url: avatarUrl('', AVATAR) });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/jpeg');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['content-length'], String(JPEG.length));
      assert.deepEqual(res.rawPayload, JPEG);
    });

    test('only the public folders can be read', async () => {
      const name = AVATAR.slice('avatars/'.length);
      await store.put(`returns/${name}`, JPEG, 'image/jpeg');
      const res = await app.inject({ method: 'GET', url: `/files/returns/${name}` });
      assert.equal(res.statusCode, 400);
      assert.notEqual(res.headers['content-type'], 'image/jpeg');
    });

    test('a missing avatar is 404 with a message', async () => {
      const res = await app.inject({ method: 'GET', url: '/files/avatars/00000000-0000-4000-8000-000000000000.png' });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { success: false, message: 'File not found' });
    });

    test('a name that is not a plain file name is 400 and reaches nothing outside avatars', async () => {
      for (const name of ['..%2Fsecret.txt', '..%2F..%2Fsecret.txt', '.hidden.png', 'UPPER.PNG', 'noextension']) {
        const res = await app.inject({ method: 'GET', url: `/files/avatars/${name}` });
        assert.equal(res.statusCode, 400, name);
        assert.equal(res.json().success, false);
        assert.match(res.json().message, /^Invalid params: .*file name/, name);
      }
    });
  });
}

describe('avatarUrl', () => {
  test('turns an avatar key into its public URL', () => {
    const name = AVATAR.slice('avatars/'.length);
    assert.equal(avatarUrl('https://api.vastra.in', AVATAR), `https://api.vastra.in/files/avatars/${name}`);
    assert.equal(avatarUrl('https://api.vastra.in/', AVATAR), `https://api.vastra.in/files/avatars/${name}`);
  });

  test('refuses keys that are not avatars', () => {
    assert.throws(() => avatarUrl('https://api.vastra.in', 'secret.txt'), /Not a key of avatars/);
    assert.throws(() => avatarUrl('https://api.vastra.in', 'avatars/../secret.txt'), /Not a key of avatars/);
  });
});
