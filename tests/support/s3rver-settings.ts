import type { S3Config } from '../../server/config.ts';

/** Tapcard's S3 settings for a bucket of s3rver (the S3-compatible test server) on loopback at `port`. */
export function s3rverSettings(bucket: string, port: number): S3Config {
  return {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}
