import { describe, expect, it } from 'vitest';
import { movePhotosToBucket, PROGRESS_EVERY } from '../../server/media/move-to-s3.ts';
import type { MediaStorage, StoredObject } from '../../server/media/storage.ts';

// The move of photos from a folder to a bucket, on two stores in memory: what it copies, what it says
// on the way, and what it leaves when the bucket fails. The built script against a real S3-compatible
// server: tests/api/media-to-s3.test.ts.

function memoryStorage(failPutAfter = Infinity): MediaStorage & { objects: Map<string, StoredObject> } {
  const objects = new Map<string, StoredObject>();
  let puts = 0;
  return {
    objects,
    async put(key, body, contentType) {
      puts += 1;
      if (puts > failPutAfter) throw new Error('the bucket refused it');
      objects.set(key, { body, contentType });
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async delete(key) {
      objects.delete(key);
    },
    async *list() {
      for (const key of objects.keys()) yield { key, modifiedAt: new Date(0) };
    },
    async probe() {},
  };
}

function folderOf(count: number) {
  const folder = memoryStorage();
  for (let index = 0; index < count; index += 1) {
    const key = `${index.toString(16).padStart(32, '0')}.jpg`;
    folder.objects.set(key, { body: Buffer.from(key), contentType: 'image/jpeg' });
  }
  return folder;
}

describe('moving photos to a bucket', () => {
  it(`says how far it got every ${PROGRESS_EVERY} photos`, async () => {
    const folder = folderOf(2 * PROGRESS_EVERY + 50);
    const bucket = memoryStorage();
    const said: [number, number][] = [];
    const moved = await movePhotosToBucket(folder, bucket, {
      removeLocal: false,
      progress: (done, total) => said.push([done, total]),
    });
    expect(said).toEqual([
      [PROGRESS_EVERY, 2 * PROGRESS_EVERY + 50],
      [2 * PROGRESS_EVERY, 2 * PROGRESS_EVERY + 50],
    ]);
    expect(moved).toEqual({ local: 250, copied: 250, alreadyThere: 0, removed: 0 });
    expect([...bucket.objects.keys()].sort()).toEqual([...folder.objects.keys()].sort());
  });

  it('stops at a photo the bucket refuses, keeps what it copied and removes nothing; a second run ends it', async () => {
    const folder = folderOf(5);
    const failing = memoryStorage(3);
    await expect(movePhotosToBucket(folder, failing, { removeLocal: true })).rejects.toThrow(
      'the bucket refused it',
    );
    expect(failing.objects.size).toBe(3);
    expect(folder.objects.size).toBe(5);

    const bucket = memoryStorage();
    for (const [key, photo] of failing.objects) bucket.objects.set(key, photo);
    const moved = await movePhotosToBucket(folder, bucket, { removeLocal: true });
    expect(moved).toEqual({ local: 5, copied: 2, alreadyThere: 3, removed: 5 });
    expect(folder.objects.size).toBe(0);
    expect(bucket.objects.size).toBe(5);
  });
});
