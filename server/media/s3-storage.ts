import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { MEDIA_KEY_PATTERN } from '../../src/media.ts';
import type { S3Config } from '../config.ts';
import type { MediaStorage } from './storage.ts';

/** A storage call that hangs must fail the request that waits for it, not hold it for minutes. */
const S3_CONNECTION_TIMEOUT_MS = 5_000;
const S3_REQUEST_TIMEOUT_MS = 20_000;

/** Photos in a bucket of AWS S3 or any S3-compatible service (R2, MinIO, Spaces…), under their key. */
export function createS3Storage(settings: S3Config): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestHandler: {
      connectionTimeout: S3_CONNECTION_TIMEOUT_MS,
      requestTimeout: S3_REQUEST_TIMEOUT_MS,
    },
    // checksums only where S3 requires them: several compatible services reject the newer default ones
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = settings.bucket;
  const where = `bucket ${bucket} at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`;
  return {
    async put(key, body, contentType) {
      await client
        .send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }))
        .catch((error: unknown) => {
          throw storageError(where, `storing ${key}`, error);
        });
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw storageError(where, `reading ${key}`, error);
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success as well
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        throw storageError(where, `deleting ${key}`, error);
      });
    },
    async *list() {
      // ListObjectsV2, a page (up to 1000 keys) at a time; the bucket may hold things that are not ours
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
          for (const object of page.Contents ?? []) {
            if (object.Key && object.LastModified && MEDIA_KEY_PATTERN.test(object.Key)) {
              yield { key: object.Key, modifiedAt: object.LastModified };
            }
          }
        }
      } catch (error) {
        throw storageError(where, 'listing the photos', error);
      }
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket: bucket })).catch((error: unknown) => {
        throw storageError(where, 'reaching the bucket', error);
      });
    },
  };
}

/**
 * A failed call to the photo storage that names it ("photo storage (bucket b at http://…): storing k
 * failed"); the SDK's error is its cause, which the log line adds (pino writes the causes' messages after
 * it: "…: connect ECONNREFUSED …"), and by which an unreachable store still answers as a service that is
 * temporarily unavailable (503), not as a bug.
 */
function storageError(where: string, what: string, error: unknown): Error {
  return new Error(`photo storage (${where}): ${what} failed`, { cause: error });
}

/** NoSuchKey from AWS; some compatible services answer a plain 404 instead. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
