/** The part of s3rver 3.7 (which ships no types) that the tests use (src/test/s3.ts). */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  type Options = {
    address?: string;
    /** 0 = a free port chosen by the OS. */
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  };

  export default class S3rver {
    constructor(options: Options);
    /** Makes the configured buckets and listens; the address it listens on. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
