/**
 * A product's photos (docs/admin.md "Product images"): uploads sniffed from their bytes
 * (JPEG, PNG or WebP), turned upright from their EXIF orientation, re-encoded with sharp into
 * PRODUCT_IMAGE_WIDTHS in WebP and JPEG with no metadata at all (no GPS, no camera), stored
 * through the FileStore under names made of the upload's hash, so a URL never changes content
 * and is cached for a year; then listed on `products.images`, in order, one of them primary.
 */
import { createHash } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  PRODUCT_IMAGE_MESSAGES,
  PRODUCT_IMAGE_MIN_SIDE_PX,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_IMAGE_WIDTHS,
  PRODUCT_IMAGES_MAX,
  photoTooManyPixels,
  type ProductImage,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { detectFileType, type FileStore } from '../files';
import { products, type ImageJson } from './tables';

/** FileStore folder of the derived files, and the URL path they are served under. */
export const PRODUCT_PHOTOS_FOLDER = 'product-photos';
export const PRODUCT_PHOTOS_PATH = `/media/${PRODUCT_PHOTOS_FOLDER}`;

/** Largest image decoded, in pixels (a 50 MP camera's photo); a small PNG can declare far more. */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_INPUT_MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;

/** `<hash>-<width>.<ext>`: the name of a derived file; the hash is of the uploaded bytes. */
export const DERIVED_FILE_NAME = /^[0-9a-f]{32}-[0-9]{1,4}\.(webp|jpg)$/;

type Variant = ProductImage['variants'][number];

/** An entry of `products.images`: the storefront reads `url` and `isPrimary`; uploads add the rest. */
type StoredImage = ImageJson & { width?: number; height?: number; variants?: Variant[] };

/** The id of a photo in the admin's routes: a hash of its URL, so photos of the seed have one too. */
function productImageId(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 16);
}

function present(image: StoredImage): ProductImage {
  return {
    id: productImageId(image.url),
    url: image.url,
    isPrimary: image.isPrimary,
    width: image.width ?? null,
    height: image.height ?? null,
    variants: image.variants ?? [],
  };
}

/** The derived widths of an upload `width` pixels wide: those below it, and its own up to the widest. */
function derivedWidths(width: number): number[] {
  const widest = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1]!;
  return [...PRODUCT_IMAGE_WIDTHS.filter((w) => w < Math.min(width, widest)), Math.min(width, widest)];
}

/** Exactly one primary: the one asked for, else the first marked, else the first. */
function withOnePrimary(images: StoredImage[], primaryUrl?: string): StoredImage[] {
  const primary = primaryUrl ?? images.find((i) => i.isPrimary)?.url ?? images[0]?.url;
  return images.map((i) => ({ ...i, isPrimary: i.url === primary }));
}

type Encoded = { image: StoredImage; files: { key: string; body: Buffer; mime: string }[] };

export class ProductImageService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {}

  /** The product's photos in order; NotFoundError for an unknown product. */
  async list(productId: string): Promise<ProductImage[]> {
    return (await this.stored(this.db, productId)).images.map(present);
  }

  /**
   * Adds the uploads, in order, after the product's photos; the first photo of a product
   * becomes its primary. Each upload is checked before anything is stored: ValidationError
   * when its bytes are not JPEG, PNG or WebP (whatever its name or declared type says), cannot
   * be decoded or its shorter side is under PRODUCT_IMAGE_MIN_SIDE_PX; PayloadTooLargeError
   * over 50 MP; ConflictError when it is already on the product or the product would pass
   * PRODUCT_IMAGES_MAX photos; NotFoundError for an unknown product. Answers the photos.
   */
  async add(productId: string, uploads: Buffer[]): Promise<ProductImage[]> {
    const { images } = await this.stored(this.db, productId);
    const encoded: Encoded[] = [];
    for (const body of uploads) encoded.push(await this.encode(productId, body));
    checkAddable(images, encoded);
    // Content-addressed names: a retried or racing upload writes the same bytes again.
    for (const { files } of encoded) {
      for (const file of files) await this.files.put(file.key, file.body, file.mime);
    }
    return this.update(productId, (current) => {
      checkAddable(current, encoded);
      return withOnePrimary([...current, ...encoded.map((e) => e.image)]);
    });
  }

  /** Puts the photos in the order of `ids` (every photo's id once, else ValidationError). */
  async reorder(productId: string, ids: string[]): Promise<ProductImage[]> {
    return this.update(productId, (current) => {
      const byId = new Map(current.map((i) => [productImageId(i.url), i]));
      if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) {
        throw new ValidationError(PRODUCT_IMAGE_MESSAGES.order);
      }
      return ids.map((id) => byId.get(id)!);
    });
  }

  /** Makes photo `imageId` the primary, the one product cards show; NotFoundError when it is not on the product. */
  async setPrimary(productId: string, imageId: string): Promise<ProductImage[]> {
    return this.update(productId, (current) => withOnePrimary(current, find(current, imageId).url));
  }

  /**
   * Takes photo `imageId` off the product; when it was the primary, the next photo becomes
   * it. ConflictError for the last photo of a product on sale. The files stay: orders placed
   * with the photo still show it.
   */
  async remove(productId: string, imageId: string): Promise<ProductImage[]> {
    return this.update(productId, (current, isActive) => {
      const image = find(current, imageId);
      if (current.length === 1 && isActive) throw new ConflictError(PRODUCT_IMAGE_MESSAGES.lastPhotoOnSale);
      return withOnePrimary(current.filter((i) => i !== image));
    });
  }

  private async stored(db: Pick<Db, 'select'>, productId: string, forUpdate = false) {
    const query = db
      .select({ images: products.images, isActive: products.isActive })
      .from(products)
      .where(eq(products.id, productId));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
    return { images: row.images as StoredImage[], isActive: row.isActive };
  }

  /** Rewrites the product's photos in one transaction, the row locked, so concurrent uploads all land. */
  private async update(
    productId: string,
    change: (current: StoredImage[], isActive: boolean) => StoredImage[],
  ): Promise<ProductImage[]> {
    return this.db.transaction(async (tx) => {
      const { images, isActive } = await this.stored(tx, productId, true);
      const next = change(images, isActive);
      await tx.update(products).set({ images: next, updatedAt: new Date() }).where(eq(products.id, productId));
      return next.map(present);
    });
  }

  /** The derived files of one upload and its entry on the product; throws as `add` says. */
  private async encode(productId: string, body: Buffer): Promise<Encoded> {
    const type = await detectFileType(body);
    if (!type || !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new ValidationError(PRODUCT_IMAGE_MESSAGES.type);
    }
    // The header alone says how large the decoded image would be.
    const header = await sharp(body)
      .metadata()
      .catch(() => null);
    if (!header?.width || !header.height) throw new ValidationError(PRODUCT_IMAGE_MESSAGES.unreadable);
    if (header.width * header.height > MAX_INPUT_PIXELS) {
      throw new PayloadTooLargeError(photoTooManyPixels(MAX_INPUT_MEGAPIXELS));
    }
    if (Math.min(header.width, header.height) < PRODUCT_IMAGE_MIN_SIDE_PX) {
      throw new ValidationError(PRODUCT_IMAGE_MESSAGES.tooSmall);
    }

    // Decoded once, upright and on white (JPEG has no transparency), to raw pixels: nothing
    // of the file's metadata survives into what is encoded from them.
    const widths = derivedWidths(header.autoOrient.width);
    let master: { data: Buffer; info: OutputInfo };
    try {
      master = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new ValidationError(PRODUCT_IMAGE_MESSAGES.unreadable);
    }
    const raw = { width: master.info.width, height: master.info.height, channels: master.info.channels };
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
    const files: Encoded['files'] = [];
    const variants: Variant[] = [];
    for (const width of widths) {
      const resized = () => sharp(master.data, { raw }).resize({ width });
      for (const [format, ext, mime, encode] of [
        ['webp', 'webp', 'image/webp', () => resized().webp({ quality: 80 }).toBuffer()],
        ['jpeg', 'jpg', 'image/jpeg', () => resized().jpeg({ quality: 82, mozjpeg: true }).toBuffer()],
      ] as const) {
        const name = `${hash}-${width}.${ext}`;
        files.push({ key: `${PRODUCT_PHOTOS_FOLDER}/${productId}/${name}`, body: await encode(), mime });
        variants.push({ width, format, url: `${PRODUCT_PHOTOS_PATH}/${productId}/${name}` });
      }
    }
    const widest = variants.filter((v) => v.format === 'jpeg').at(-1)!;
    return {
      image: { url: widest.url, isPrimary: false, width: master.info.width, height: master.info.height, variants },
      files,
    };
  }
}

function find(images: StoredImage[], imageId: string): StoredImage {
  const image = images.find((i) => productImageId(i.url) === imageId);
  if (!image) throw new NotFoundError(PRODUCT_IMAGE_MESSAGES.notFound);
  return image;
}

function checkAddable(current: StoredImage[], encoded: Encoded[]): void {
  const urls = new Set(current.map((i) => i.url));
  for (const { image } of encoded) {
    if (urls.has(image.url)) throw new ConflictError(PRODUCT_IMAGE_MESSAGES.duplicate);
    urls.add(image.url);
  }
  if (urls.size > PRODUCT_IMAGES_MAX) throw new ConflictError(PRODUCT_IMAGE_MESSAGES.tooMany);
}
