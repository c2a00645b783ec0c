// The part of s3rver (no types of its own) that the S3 tests use: an S3-compatible server on loopback that
// keeps its buckets in a folder.
declare module 's3rver' {
  export interface S3rverOptions {
    address?: string;
    /** 0: any free port (run() tells which). */
    port?: number;
    /** Where buckets and objects are kept, one folder per bucket. */
    directory: string;
    silent?: boolean;
    /** Buckets made at start. */
    configureBuckets?: { name: string }[];
    /** Also accept requests signed with other keys than S3RVER/S3RVER (off by default). */
    allowMismatchedSignatures?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number; family: string }>;
    close(): Promise<void>;
  }
}
