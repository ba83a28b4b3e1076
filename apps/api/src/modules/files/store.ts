/**
 * File storage (docs/architecture.md "Providers"): a small interface over keys such as
 * `avatars/<uuid>.webp`, with local disk under `<DATA_DIR>/files` as the default and an S3
 * bucket (s3-store.ts) behind the same three calls.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type StoredFile = { body: Buffer; contentType: string; size: number };

export interface FileStore {
  /** Stores `body` under `key` with its content type, replacing what was there; throws on an unsafe key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none; throws on an unsafe key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; nothing happens when there is none; throws on an unsafe key. */
  delete(key: string): Promise<void>;
}

const META_SUFFIX = '.meta.json';
const MAX_KEY_LENGTH = 200;

/**
 * Whether `key` is safe to use as a path under the store's root: lowercase letters, digits,
 * `-`, `_`, `.` and `/` between non-empty segments, no segment starting with a dot (so no
 * `..`, no hidden files), no leading or trailing `/`, not ending in `.meta.json` (the
 * store's own files), at most 200 characters.
 */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    /^[a-z0-9_./-]+$/.test(key) &&
    key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.')) &&
    !key.endsWith(META_SUFFIX)
  );
}

/** Throws `Unsafe file key: "<key>"` unless isSafeKey(key). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe file key: ${JSON.stringify(key)}`);
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files on local disk: `<rootDir>/<key>` holds the bytes exactly as given and
 * `<rootDir>/<key>.meta.json` beside it `{ "contentType": "…" }`. Each is written to a
 * temporary file and renamed into place, the metadata first, so a reader never sees half a
 * file nor a file without its type.
 */
export class LocalFileStore implements FileStore {
  /** `rootDir`: an absolute directory, normally `<DATA_DIR>/files`; created on the first put. */
  constructor(private readonly rootDir: string) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(file + META_SUFFIX, JSON.stringify({ contentType }));
    await writeAtomically(file, body);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return { body, contentType: await this.contentTypeOf(file), size: body.length };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    // The bytes go first: a failure in between leaves a stray metadata file, never a file without its type.
    await fs.rm(file, { force: true });
    await fs.rm(file + META_SUFFIX, { force: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.rootDir, key);
  }

  // A file copied in by hand has no metadata: served as bytes, which with nosniff browsers only download.
  private async contentTypeOf(file: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.readFile(file + META_SUFFIX, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    return 'application/octet-stream';
  }
}

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
}
