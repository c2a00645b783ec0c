import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createOutageWatch, type OutageWatch } from '../lib/outage-watch.ts';
import { AppError } from '../lib/errors.ts';
import { createLocalStorage, type MediaStorage } from './storage.ts';

/**
 * The storage the config names: an S3-compatible bucket when configured, MEDIA_DIR otherwise. Its
 * failures (an unreachable bucket, a full disk) are watched: logged once per outage, and each call that
 * meets one fails with storage_unavailable (503, "try again in a moment").
 */
export async function createMediaStorage(config: Config, logger: FastifyBaseLogger): Promise<MediaStorage> {
  let storage: MediaStorage;
  if (config.s3) {
    // the AWS SDK takes a noticeable time to load: only when photos go to S3
    const { createS3Storage } = await import('./s3-storage.ts');
    storage = createS3Storage(config.s3);
  } else {
    storage = createLocalStorage(config.mediaDir);
  }
  const outage = createOutageWatch(
    { check: 'storage', service: 'photo storage', probe: () => storage.probe() },
    logger,
  );
  return watchStorage(storage, outage);
}

function watchStorage(storage: MediaStorage, outage: OutageWatch): MediaStorage {
  const unavailable = (error: unknown) => {
    outage.failed(error);
    return new AppError('storage_unavailable', undefined, { cause: error });
  };
  const watched = async <T>(call: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await call();
    } catch (error) {
      throw unavailable(error);
    }
    outage.succeeded();
    return result;
  };
  return {
    put: (key, body, contentType) => watched(() => storage.put(key, body, contentType)),
    get: (key) => watched(() => storage.get(key)),
    delete: (key) => watched(() => storage.delete(key)),
    async *list() {
      try {
        yield* storage.list();
      } catch (error) {
        throw unavailable(error);
      }
      outage.succeeded();
    },
    probe: () => storage.probe(),
    outage,
  };
}
