/**
 * The API with its uploads in an S3 bucket (S3_* settings, a local s3rver): an avatar, a
 * review photo and return evidence are stored as objects under S3_PREFIX, nothing lands in
 * DATA_DIR/files, the public files are served by the public route, the evidence only to its
 * owner.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ReturnRequest } from '@vastra/contracts';
import sharp from 'sharp';
import { bearer, multipart, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { JPEG, PNG } from '../../test/images';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { startLocalS3, type LocalS3 } from '../../test/s3';

let s3: LocalS3;
let ctx: TestContext;
let client: S3Client;
let shopper: Account;
let other: Account;
let piece: Piece;

before(async () => {
  s3 = await startLocalS3();
  ctx = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'vastra' } });
  const { region, endpoint, accessKeyId, secretAccessKey } = s3.settings;
  client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! },
  });
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 }))[0]!;
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  other = await register(ctx.app, { name: 'Ravi Kumar' });
});
after(async () => {
  client?.destroy();
  await ctx?.close();
  await s3?.close();
});

/** The bucket's object keys under `prefix`. */
async function objects(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

async function putAvatar(account: Account, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set('avatar', new Blob([bytes]), 'me.png');
  const body = await multipart(form);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/auth/profile/full',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(account.token) },
  });
  assert.equal(res.statusCode, 200, res.body);
  return new URL(res.json().data.user.avatarUrl).pathname;
}

describe('uploads in an S3 bucket', () => {
  test('an avatar is an object under the prefix, served by the API; a new one replaces it', async () => {
    const first = await putAvatar(shopper, PNG);
    const name = path.basename(first);
    assert.deepEqual(await objects('vastra/avatars/'), [`vastra/avatars/${name}`]);
    const served = await ctx.app.inject({ method: 'GET', url: first });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    assert.equal((await sharp(served.rawPayload).metadata()).format, 'webp');

    const second = await putAvatar(shopper, JPEG);
    assert.deepEqual(await objects('vastra/avatars/'), [`vastra/avatars/${path.basename(second)}`]);
    assert.equal((await ctx.app.inject({ method: 'GET', url: first })).statusCode, 404);
    assert.equal(fs.existsSync(path.join(ctx.dataDir, 'files')), false, 'nothing is kept on local disk');
  });

  test('a review photo is an object under the prefix, served by the API', async () => {
    const form = new FormData();
    form.set('productId', piece.productId);
    form.set('rating', '4');
    form.set('title', 'Good fabric');
    form.set('body', 'Soft and true to size.');
    form.append('photos', new Blob([JPEG], { type: 'image/jpeg' }), 'a.jpg');
    const body = await multipart(form);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/reviews',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(other.token) },
    });
    assert.equal(res.statusCode, 201, res.body);
    const url = new URL(res.json().data.review.photos[0].url).pathname;
    assert.deepEqual(await objects('vastra/reviews/'), [`vastra/reviews/${path.basename(url)}`]);
    const served = await ctx.app.inject({ method: 'GET', url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test("return evidence is served to its owner only; another shopper's request is 404", async () => {
    const order = await placePaidOrder(ctx, shopper, {
      items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }],
    });
    await deliver(ctx, order.id);
    const res = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' }, [
      { name: 'c.jpg', type: 'image/jpeg', body: JPEG },
    ]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const file = (res.body.data.returnRequest as ReturnRequest).files[0]!;
    const stored = await objects(`vastra/returns/${order.id}/`);
    assert.equal(stored.length, 1);

    const url = new URL(file.url).pathname;
    const own = await ctx.app.inject({ method: 'GET', url, headers: bearer(shopper.token) });
    assert.equal(own.statusCode, 200);
    assert.equal(own.headers['content-type'], 'image/webp');
    assert.equal((await sharp(own.rawPayload).metadata()).format, 'webp');
    assert.equal((await ctx.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode, 404);
    assert.equal((await ctx.app.inject({ method: 'GET', url })).statusCode, 401);
    // Evidence is no public file: the public route refuses its folder.
    const name = path.basename(stored[0]!);
    assert.equal((await ctx.app.inject({ method: 'GET', url: `/files/returns/${name}` })).statusCode, 400);
  });
});
