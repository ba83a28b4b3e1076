/**
 * The admin's product photos (docs/admin.md "Product images"): an upload is sniffed from its
 * bytes and size-limited, re-encoded upright into its widths in WebP and JPEG with no
 * metadata left, served immutable; order, primary and removal reach the admin's and the
 * shoppers' product; the last photo of a product on sale stays; support is refused and every
 * change is one audit entry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MESSAGES,
  type AdminProduct,
  type AdminRole,
  type ProductDetail,
  type ProductImage,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { products } from '../../db/schema';
import { multipart } from '../../test/accounts';
import { createTestApp, getJson, type TestContext } from '../../test/harness';
import { ADMIN_ORIGIN, asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let productId: string;
let seededUrl: string;

/** A 1600×1200 camera JPEG stored sideways (EXIF orientation 6) with the camera's owner and a GPS position. */
let cameraJpeg: Buffer;
const SECRET = 'Priya Raman, Jayanagar';

before(async () => {
  ctx = await createTestApp();
  team = await staffTeam(ctx);
  const [row] = await ctx.database.db
    .select({ id: products.id, images: products.images })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(1);
  productId = row!.id;
  seededUrl = row!.images[0]!.url;
  cameraJpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a1a42' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: SECRET, Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .toBuffer();
});
after(() => ctx.close());

const P = () => `/admin/api/products/${productId}/images`;

async function upload(who: StaffLogin, files: { name: string; type: string; body: Buffer }[], id = productId) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.body)], { type: f.type }), f.name);
  const { payload, headers } = await multipart(form);
  return ctx.app.inject({
    method: 'POST',
    url: `/admin/api/products/${id}/images`,
    payload,
    headers: { ...headers, cookie: who.cookie, origin: ADMIN_ORIGIN },
  });
}

const imagesOf = async () => (await asStaff(ctx.app, team.staff, 'GET', P())).json().data as ProductImage[];
const adminProduct = async () =>
  (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/products/${productId}`)).json().data as AdminProduct;
const shopperProduct = async () =>
  (await getJson<{ data: { product: ProductDetail } }>(ctx.app, `/products/${productId}`)).body.data.product;
const audited = async (action: string) => {
  const res = await asStaff(ctx.app, team.owner, 'GET', `/admin/api/audit?action=${action}&entityId=${productId}`);
  return (res.json().data as { total: number }).total;
};

describe('product images', () => {
  it('an upload is re-encoded upright into 400, 800 and 1200 px, WebP and JPEG, with no metadata, served immutable', async () => {
    const exif = (await sharp(cameraJpeg).metadata()).exif!;
    assert.ok(exif.includes(SECRET), 'the test photo carries EXIF');
    // Tag 0x8825 points to the GPS position, in either byte order.
    assert.ok(
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])),
      'and a GPS position',
    );
    const res = await upload(team.staff, [{ name: 'IMG_0001.jpg', type: 'image/jpeg', body: cameraJpeg }]);
    assert.equal(res.statusCode, 200, res.body);
    const images = res.json().data as ProductImage[];
    assert.equal(images.length, 2);
    assert.equal(images[0]!.url, seededUrl, 'the seeded photo stays first and primary');
    assert.equal(images[0]!.isPrimary, true);
    const added = images[1]!;
    assert.equal(added.isPrimary, false);
    assert.deepEqual([added.width, added.height], [1200, 1600], 'turned upright from its EXIF orientation');
    assert.deepEqual(
      added.variants.map((v) => `${v.width} ${v.format}`),
      ['400 webp', '400 jpeg', '800 webp', '800 jpeg', '1200 webp', '1200 jpeg'],
    );
    assert.equal(added.url, added.variants.at(-1)!.url, 'the storefront is given the widest JPEG');

    for (const variant of added.variants) {
      const file = await ctx.app.inject({ method: 'GET', url: variant.url });
      assert.equal(file.statusCode, 200, variant.url);
      assert.equal(file.headers['content-type'], `image/${variant.format}`);
      assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(file.headers['x-content-type-options'], 'nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      assert.equal(meta.format, variant.format);
      assert.equal(meta.width, variant.width);
      assert.equal(meta.height, Math.round((variant.width * 4) / 3));
      assert.equal(meta.exif, undefined, `${variant.url} has no EXIF`);
      assert.equal(meta.xmp, undefined);
      assert.equal(meta.orientation, undefined);
      assert.ok(!file.rawPayload.includes(SECRET) && !file.rawPayload.includes('PhoneCo'));
    }
    const missing = await ctx.app.inject({ method: 'GET', url: added.url.replace(/-1200\.jpg$/, '-1600.jpg') });
    assert.equal(missing.statusCode, 404);
    const traversal = await ctx.app.inject({
      method: 'GET',
      url: `/media/product-photos/${productId}/..%2F..%2Fx.jpg`,
    });
    assert.equal(traversal.statusCode, 400);

    const again = await upload(team.staff, [{ name: 'copy.jpg', type: 'image/jpeg', body: cameraJpeg }]);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, PRODUCT_IMAGE_MESSAGES.duplicate);
  });

  it('takes several files at once, PNG and WebP too, never wider than they are', async () => {
    const png = await sharp({
      create: { width: 600, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    const res = await upload(team.owner, [
      { name: 'a.png', type: 'image/png', body: png },
      { name: 'b.webp', type: 'image/webp', body: webp },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const [, , fromPng, fromWebp] = res.json().data as ProductImage[];
    assert.deepEqual(
      fromPng!.variants.filter((v) => v.format === 'jpeg').map((v) => v.width),
      [400, 600],
    );
    assert.deepEqual(
      fromWebp!.variants.filter((v) => v.format === 'webp').map((v) => v.width),
      [400, 800, 900],
    );
    const flattened = await sharp((await ctx.app.inject({ method: 'GET', url: fromPng!.url })).rawPayload)
      .raw()
      .toBuffer();
    assert.deepEqual([...flattened.subarray(0, 3)], [255, 255, 255], 'transparency becomes white');
  });

  it('sniffs the type from the bytes, and refuses large, tiny and broken files with a message', async () => {
    const before = await imagesOf();
    const text = await upload(team.staff, [
      { name: 'photo.jpg', type: 'image/jpeg', body: Buffer.from('not a photo\n') },
    ]);
    assert.equal(text.statusCode, 400);
    assert.equal(text.json().message, PRODUCT_IMAGE_MESSAGES.type);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const gifRes = await upload(team.staff, [{ name: 'photo.png', type: 'image/png', body: gif }]);
    assert.equal(gifRes.statusCode, 400, 'a GIF named .png');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    assert.equal((await upload(team.staff, [{ name: 'a.webp', type: 'image/webp', body: svg }])).statusCode, 400);

    const tiny = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const tinyRes = await upload(team.staff, [{ name: 'tiny.jpg', type: 'image/jpeg', body: tiny }]);
    assert.equal(tinyRes.statusCode, 400);
    assert.equal(tinyRes.json().message, PRODUCT_IMAGE_MESSAGES.tooSmall);

    const broken = cameraJpeg.subarray(0, 400);
    const brokenRes = await upload(team.staff, [{ name: 'cut.jpg', type: 'image/jpeg', body: broken }]);
    assert.equal(brokenRes.statusCode, 400, brokenRes.body);

    const big = Buffer.concat([cameraJpeg, Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]);
    const bigRes = await upload(team.staff, [{ name: 'big.jpg', type: 'image/jpeg', body: big }]);
    assert.equal(bigRes.statusCode, 413);
    assert.equal(bigRes.json().message, PRODUCT_IMAGE_MESSAGES.tooLarge);

    const none = await asStaff(ctx.app, team.staff, 'POST', P(), {});
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().message, PRODUCT_IMAGE_MESSAGES.noFile);
    const unknown = await upload(
      team.staff,
      [{ name: 'a.jpg', type: 'image/jpeg', body: cameraJpeg }],
      '00000000-0000-4000-8000-000000000000',
    );
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(await imagesOf(), before, 'nothing refused was added');
  });

  it('orders, makes primary and removes, seen in the admin’s and the shoppers’ product, each change audited once', async () => {
    const counts = {
      reorder: await audited('product.images.reorder'),
      primary: await audited('product.images.primary'),
      remove: await audited('product.images.remove'),
    };
    const images = await imagesOf();
    const ids = images.map((i) => i.id);
    const reversed = [...ids].reverse();
    const reordered = await asStaff(ctx.app, team.staff, 'PUT', `${P()}/order`, { ids: reversed });
    assert.equal(reordered.statusCode, 200, reordered.body);
    assert.deepEqual(
      (await imagesOf()).map((i) => i.id),
      reversed,
    );
    const shopper = await shopperProduct();
    assert.deepEqual(
      shopper.images.map((i) => new URL(i.url).pathname),
      [...images].reverse().map((i) => new URL(i.url, 'http://api.test').pathname),
    );
    for (const bad of [ids.slice(1), [...ids.slice(1), ids[1]!], [...ids.slice(1), 'ffffffffffffffff']]) {
      const refused = await asStaff(ctx.app, team.staff, 'PUT', `${P()}/order`, { ids: bad });
      assert.equal(refused.statusCode, 400);
      assert.equal(refused.json().message, PRODUCT_IMAGE_MESSAGES.order);
    }

    const upload1 = images[1]!;
    const primary = await asStaff(ctx.app, team.staff, 'POST', `${P()}/${upload1.id}/primary`);
    assert.equal(primary.statusCode, 200, primary.body);
    assert.equal((await adminProduct()).image, upload1.url, 'the admin’s list shows the primary');
    const card = await shopperProduct();
    assert.equal(card.images.filter((i) => i.isPrimary).length, 1);
    assert.equal(new URL(card.primaryImage!.url).pathname, upload1.url);
    assert.equal(
      card.primaryImage!.url,
      `http://api.test${upload1.url}`,
      'an absolute URL the storefront’s /media route passes on',
    );

    const removed = await asStaff(ctx.app, team.staff, 'DELETE', `${P()}/${upload1.id}`);
    assert.equal(removed.statusCode, 200, removed.body);
    const left = removed.json().data as ProductImage[];
    assert.ok(!left.some((i) => i.id === upload1.id));
    assert.equal(left.filter((i) => i.isPrimary).length, 1, 'another photo took over as primary');
    assert.ok(!(await shopperProduct()).images.some((i) => i.url.endsWith(upload1.url)));
    const file = await ctx.app.inject({ method: 'GET', url: upload1.url });
    assert.equal(file.statusCode, 200, 'the file stays for the orders placed with it');
    assert.equal((await asStaff(ctx.app, team.staff, 'DELETE', `${P()}/${upload1.id}`)).statusCode, 404);

    assert.deepEqual(
      {
        reorder: await audited('product.images.reorder'),
        primary: await audited('product.images.primary'),
        remove: await audited('product.images.remove'),
      },
      { reorder: counts.reorder + 1, primary: counts.primary + 1, remove: counts.remove + 1 },
      'one entry per change, none for the refused ones',
    );
    const [entry] = (
      await asStaff(ctx.app, team.owner, 'GET', `/admin/api/audit?action=product.images.remove&entityId=${productId}`)
    ).json().data.rows as { before: { images: ProductImage[] }; after: { images: ProductImage[] } }[];
    assert.equal(entry!.before.images.length, entry!.after.images.length + 1);
  });

  it('keeps the last photo of a product on sale', async () => {
    let images = await imagesOf();
    while (images.length > 1) {
      const res = await asStaff(ctx.app, team.staff, 'DELETE', `${P()}/${images.at(-1)!.id}`);
      assert.equal(res.statusCode, 200, res.body);
      images = res.json().data as ProductImage[];
    }
    assert.equal((await adminProduct()).isActive, true);
    const last = await asStaff(ctx.app, team.staff, 'DELETE', `${P()}/${images[0]!.id}`);
    assert.equal(last.statusCode, 409);
    assert.equal(last.json().message, PRODUCT_IMAGE_MESSAGES.lastPhotoOnSale);
    assert.equal((await imagesOf()).length, 1);
  });

  it('refuses support, with no audit entry; uploads are audited once per request', async () => {
    const adds = await audited('product.images.add');
    const images = await imagesOf();
    const id = images[0]!.id;
    const attempts = [
      () => upload(team.support, [{ name: 'a.jpg', type: 'image/jpeg', body: cameraJpeg }]),
      () => asStaff(ctx.app, team.support, 'PUT', `${P()}/order`, { ids: [id] }),
      () => asStaff(ctx.app, team.support, 'POST', `${P()}/${id}/primary`),
      () => asStaff(ctx.app, team.support, 'DELETE', `${P()}/${id}`),
    ];
    for (const attempt of attempts) assert.equal((await attempt()).statusCode, 403);
    assert.equal((await asStaff(ctx.app, team.support, 'GET', P())).statusCode, 403);
    assert.deepEqual(await imagesOf(), images);
    for (const action of ['add', 'reorder', 'primary', 'remove']) {
      const rows = (
        await asStaff(
          ctx.app,
          team.owner,
          'GET',
          `/admin/api/audit?action=product.images.${action}&entityId=${productId}`,
        )
      ).json().data.rows as { actor: { role: string } }[];
      assert.ok(!rows.some((r) => r.actor.role === 'support'), action);
    }
    const res = await upload(team.owner, [{ name: 'again.jpg', type: 'image/jpeg', body: cameraJpeg }]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await audited('product.images.add'), adds + 1);
  });
});
