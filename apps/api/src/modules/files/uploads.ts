/**
 * Shoppers' uploads (avatars, review photos, return photos and videos), stored through one
 * door: every image is decoded and encoded again with sharp before it is stored, so nothing a
 * camera wrote into the file (EXIF: the GPS position of the shopper's home, the device, the
 * time) reaches anyone, and what is kept is a WebP whose longest side is at most 1600 px.
 * Videos are kept as sent. Each stored file is on the `uploads` ledger with its owner and size,
 * and one account's files may take at most the quota (UPLOAD_QUOTA_MB_PER_ACCOUNT).
 */
import { randomUUID } from 'node:crypto';
import { photoTooManyPixels, uploadQuotaExceeded } from '@vastra/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import type { FileStore } from './store';
import { uploads } from './tables';

/** The longest side, in pixels, of a stored image; smaller images are not enlarged. */
export const IMAGE_MAX_SIDE_PX = 1600;

/**
 * Largest image decoded, in pixels: a 50 MP camera's photo. A few MB of PNG can declare far
 * more, and decoding it would take gigabytes of memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

const MB = 1024 * 1024;

/** A file as received, its type sniffed from its bytes (files/detect.ts). */
export type Upload = { body: Buffer; mime: string; ext: string };

/** A file as stored: its key, type and size in bytes. */
export type StoredUpload = { key: string; mime: string; sizeBytes: number };

/**
 * The image as it is stored: turned upright as its EXIF orientation says, scaled down so its
 * longest side is at most IMAGE_MAX_SIDE_PX, encoded as WebP without any metadata (sharp
 * keeps none unless asked). Rejects when sharp cannot decode it or it has more than 50 MP.
 */
export async function reencodeImage(body: Buffer): Promise<Buffer> {
  return sharp(body, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(IMAGE_MAX_SIDE_PX, IMAGE_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
    .webp()
    .toBuffer();
}

export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    /** `quotaBytes`: what one account's stored files may take in all. */
    private readonly options: { quotaBytes: number },
  ) {}

  /**
   * Stores `userId`'s files under `<folder>/<uuid>.<ext>`, in order: images re-encoded
   * (reencodeImage), anything else as it is. Their sizes are first reserved on the ledger
   * under a lock of the account, so uploads sent at once cannot pass the quota together.
   * Throws ValidationError(`invalidImage`) for an image that cannot be decoded,
   * PayloadTooLargeError(photoTooManyPixels) for one of more than 50 MP (read from its header,
   * before decoding), and PayloadTooLargeError(uploadQuotaExceeded) when the account's files would pass the quota;
   * either way nothing is stored. Call `remove` with the keys if what the files belong to is
   * not saved after all.
   */
  async save(
    userId: string,
    folder: string,
    files: Upload[],
    messages: { invalidImage: string },
  ): Promise<StoredUpload[]> {
    const prepared: (StoredUpload & { body: Buffer })[] = [];
    for (const file of files) {
      const image = file.mime.startsWith('image/');
      let body = file.body;
      if (image) {
        const { width = 0, height = 0 } = await sharp(file.body)
          .metadata()
          .catch(() => ({ width: 0, height: 0 }));
        if (width * height > MAX_INPUT_PIXELS) {
          throw new PayloadTooLargeError(photoTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
        }
        try {
          body = await reencodeImage(file.body);
        } catch {
          throw new ValidationError(messages.invalidImage);
        }
      }
      const ext = image ? 'webp' : file.ext;
      prepared.push({
        key: `${folder}/${randomUUID()}.${ext}`,
        mime: image ? 'image/webp' : file.mime,
        sizeBytes: body.length,
        body,
      });
    }
    if (prepared.length === 0) return [];
    await this.reserve(userId, prepared);
    try {
      for (const file of prepared) await this.files.put(file.key, file.body, file.mime);
    } catch (err) {
      await this.remove(prepared.map((f) => f.key));
      throw err;
    }
    return prepared.map(({ key, mime, sizeBytes }) => ({ key, mime, sizeBytes }));
  }

  /** Deletes the files and their ledger rows; keys with no file or no row are skipped. */
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await Promise.all(keys.map((key) => this.files.delete(key).catch(() => undefined)));
    await this.db.delete(uploads).where(inArray(uploads.key, keys));
  }

  /** Puts the files on the ledger if the account's total stays within the quota (else PayloadTooLargeError). */
  private async reserve(userId: string, files: StoredUpload[]): Promise<void> {
    const adding = files.reduce((total, f) => total + f.sizeBytes, 0);
    await this.db.transaction(async (tx) => {
      // Held until commit: one account's reservations take turns, whichever instance serves them.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
      const [used] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
        .from(uploads)
        .where(eq(uploads.userId, userId));
      if (Number(used?.bytes ?? 0) + adding > this.options.quotaBytes) {
        throw new PayloadTooLargeError(uploadQuotaExceeded(Math.round(this.options.quotaBytes / MB)));
      }
      await tx.insert(uploads).values(files.map((f) => ({ key: f.key, userId, sizeBytes: f.sizeBytes })));
    });
  }
}
