/**
 * Pictures the owner uploads for the store (docs/admin.md "Store settings"): the logo, and the
 * pictures of homepage sections and collections. Like product photos (catalog/images.ts) an
 * upload is sniffed from its bytes (JPEG, PNG or WebP), turned upright, stripped of every
 * metadata and re-encoded with sharp into STORE_PICTURE_WIDTHS (none wider than the upload)
 * in WebP (transparency kept, for a logo) and JPEG (on white, for mail clients), under names
 * made of the upload's hash: a URL never changes content and is cached for a year.
 */
import { createHash } from 'node:crypto';
import {
  PRODUCT_IMAGE_TYPES,
  STORE_PICTURE_MIN_SIDE_PX,
  STORE_PICTURE_WIDTHS,
  STORE_PICTURES_PATH,
  photoTooManyPixels,
  type StorePicture,
} from '@vastra/contracts';
import sharp from 'sharp';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { detectFileType, type FileStore } from '../files';

/** FileStore folder of the derived files. */
export const STORE_PICTURES_FOLDER = 'store-pictures';
/** `<hash>-<width>.<ext>`: the name of a derived file. */
export const STORE_PICTURE_NAME = /^[0-9a-f]{32}-[0-9]{1,4}\.(webp|jpg)$/;

const MAX_INPUT_PIXELS = 50_000_000;

export const STORE_PICTURE_MESSAGES = {
  type: 'A picture must be a JPEG, PNG or WebP image.',
  unreadable: 'This picture could not be read. Save it again as JPEG, PNG or WebP.',
  tooSmall: `A picture must be at least ${STORE_PICTURE_MIN_SIDE_PX} pixels on its shorter side.`,
} as const;

/** The JPEG of a store picture's URL (mail clients show JPEG, not always WebP). */
export function jpegOf(url: string): string {
  return url.replace(/\.webp$/, '.jpg');
}

export class StorePictures {
  constructor(private readonly files: FileStore) {}

  /**
   * Stores an upload's derived files; answers the URL path of its widest WebP and its size.
   * ValidationError when its bytes are not JPEG, PNG or WebP, cannot be decoded or its shorter
   * side is under STORE_PICTURE_MIN_SIDE_PX; PayloadTooLargeError over 50 MP.
   */
  async add(body: Buffer): Promise<StorePicture> {
    const type = await detectFileType(body);
    if (!type || !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new ValidationError(STORE_PICTURE_MESSAGES.type);
    }
    const header = await sharp(body)
      .metadata()
      .catch(() => null);
    if (!header?.width || !header.height) throw new ValidationError(STORE_PICTURE_MESSAGES.unreadable);
    if (header.width * header.height > MAX_INPUT_PIXELS) {
      throw new PayloadTooLargeError(photoTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
    }
    if (Math.min(header.width, header.height) < STORE_PICTURE_MIN_SIDE_PX) {
      throw new ValidationError(STORE_PICTURE_MESSAGES.tooSmall);
    }
    const upright = header.autoOrient;
    const widest = STORE_PICTURE_WIDTHS[STORE_PICTURE_WIDTHS.length - 1]!;
    const widths = [
      ...STORE_PICTURE_WIDTHS.filter((w) => w < Math.min(upright.width, widest)),
      Math.min(upright.width, widest),
    ];
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
    let url = '';
    let height = 0;
    try {
      for (const width of widths) {
        // Decoded from the upload each time, with no metadata carried over (sharp drops it by default).
        const resized = () =>
          sharp(body, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
        const webp = await resized().webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
        const jpeg = await resized().flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
        await this.files.put(`${STORE_PICTURES_FOLDER}/${hash}-${width}.webp`, webp.data, 'image/webp');
        await this.files.put(`${STORE_PICTURES_FOLDER}/${hash}-${width}.jpg`, jpeg, 'image/jpeg');
        url = `${STORE_PICTURES_PATH}/${hash}-${width}.webp`;
        height = webp.info.height;
      }
    } catch {
      throw new ValidationError(STORE_PICTURE_MESSAGES.unreadable);
    }
    return { url, width: widths[widths.length - 1]!, height };
  }

  /** A derived file by its name, or null. */
  get(name: string) {
    return this.files.get(`${STORE_PICTURES_FOLDER}/${name}`);
  }
}
