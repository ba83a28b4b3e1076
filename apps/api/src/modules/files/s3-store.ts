/**
 * Files in an S3 bucket (AWS S3, or an S3-compatible server such as MinIO or Cloudflare R2),
 * behind the same FileStore interface as local disk (docs/architecture.md "Providers"). The
 * bucket stays private: every file is still served by the API's own routes, which check the
 * owner of private files (return evidence) as they do on local disk.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStore, type StoredFile } from './store';

/** Where the bucket is and how to reach it (config.ts, the S3_* settings). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address, e.g. `http://127.0.0.1:9000`; undefined = AWS. */
  endpoint: string | undefined;
  /** Both or neither; neither = the SDK's default credential chain (environment, instance role…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO and most local servers). */
  forcePathStyle: boolean;
  /** Put before every key, without a trailing `/`, e.g. `vastra`; undefined = none. */
  prefix: string | undefined;
};

/** No such object; a missing bucket is a configuration error and is not one of these. */
function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket';
}

/**
 * Each file is one object, `<prefix>/<key>`, with its content type as the object's
 * Content-Type. Keys are checked with isSafeKey as on disk, so both stores accept the same
 * keys. Errors other than a missing object (no bucket, no access, the server unreachable) are
 * thrown as the SDK raised them.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    const { accessKeyId, secretAccessKey } = settings;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // Checksums only where S3 demands them: several S3-compatible servers refuse or
      // mangle the SDK's default CRC32 headers and aws-chunked bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store fails the request rather than holding it open.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return { body, contentType: object.ContentType ?? 'application/octet-stream', size: body.length };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      // S3 answers 204 for a missing object; some compatible servers answer 404.
      if (!isMissing(err)) throw err;
    }
  }

  /** Closes the client's kept-alive connections; the store is not used afterwards. */
  close(): void {
    this.client.destroy();
  }

  /** The object's key: `key` (checked) under the prefix. */
  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }
}
