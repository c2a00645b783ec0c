import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage, type MediaStorage } from './storage.ts';

/** The storage the config names: an S3-compatible bucket when configured, DATA_DIR/media otherwise. */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.s3) {
    // the AWS SDK takes a noticeable time to load: only when photos go to S3
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(path.join(config.dataDir, 'media'));
}
