import type { MediaStorage } from './storage.ts';

// The growth path from photos in a folder (MEDIA_DIR) to an S3-compatible bucket (docs/deploy.md, "A plain
// server", and scripts/media-to-s3.ts). Keys are the same in both stores and the database names photos by
// key only, so moving them changes no row. Photos are written once under a random name and never changed:
// a photo already in the bucket under its key is that photo, and the copy can run while servers upload.

export interface PhotoMove {
  /** Photos in the folder. */
  local: number;
  /** Copied to the bucket by this run. */
  copied: number;
  /** In the bucket already (an earlier run, or a server writing there). */
  alreadyThere: number;
  /** Removed from the folder, once found in the bucket (only with removeLocal). */
  removed: number;
}

/** How often a long move says how far it got, in photos. */
export const PROGRESS_EVERY = 100;

/**
 * Copies every photo of `local` that `bucket` lacks, then checks that the bucket lists each of them; with
 * `removeLocal`, removes from the folder each photo the bucket lists. A photo that cannot be read or
 * stored stops the move with its error: what was copied stays, and a second run takes up the rest.
 */
export async function movePhotosToBucket(
  local: MediaStorage,
  bucket: MediaStorage,
  options: { removeLocal: boolean; progress?: (done: number, total: number) => void },
): Promise<PhotoMove> {
  const keys: string[] = [];
  for await (const { key } of local.list()) keys.push(key);
  const inBucket = await keysOf(bucket);
  const missing = keys.filter((key) => !inBucket.has(key));
  let copied = 0;
  for (const key of missing) {
    const photo = await local.get(key);
    // removed from the folder meanwhile (the clean-up of a server still on it): nothing to move
    if (!photo) continue;
    await bucket.put(key, photo.body, photo.contentType);
    copied += 1;
    if (copied % PROGRESS_EVERY === 0) options.progress?.(copied, missing.length);
  }
  const stored = await keysOf(bucket);
  const notStored = missing.filter((key) => !stored.has(key));
  if (notStored.length > 0) {
    throw new Error(
      `the bucket does not list ${notStored.length} of the photos just copied (${notStored[0]}…)`,
    );
  }
  let removed = 0;
  if (options.removeLocal) {
    for (const key of keys.filter((candidate) => stored.has(candidate))) {
      await local.delete(key);
      removed += 1;
    }
  }
  return { local: keys.length, copied, alreadyThere: keys.length - missing.length, removed };
}

async function keysOf(storage: MediaStorage): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const { key } of storage.list()) keys.add(key);
  return keys;
}
