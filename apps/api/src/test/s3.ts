/**
 * A local S3-compatible server for tests: s3rver in this process on a loopback port the
 * system picks, its objects in a temporary directory, one bucket made at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../modules/files';

export type LocalS3 = {
  /** Settings for S3FileStore, without a prefix. */
  settings: S3Settings;
  /** The same as the API's S3_* variables, for createTestApp's `env`. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** Starts s3rver with the bucket `vastra-test`; s3rver's default credentials (S3RVER). */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-s3-'));
  const bucket = 'vastra-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      bucket,
      region: 'ap-south-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: undefined,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
