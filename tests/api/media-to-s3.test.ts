import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../server/config.ts';
import { createS3Storage } from '../../server/media/s3-storage.ts';
import { createLocalStorage } from '../../server/media/storage.ts';
import { runAdminScript } from '../support/admin-script.ts';
import { onceOnEmbedded } from '../support/postgres.ts';
import { s3rverSettings } from '../support/s3rver-settings.ts';

// The growth path from photos in a folder to an S3-compatible bucket: `npm run media:to-s3`, run as the
// built script (dist/server/media-to-s3.js, as the Docker image and a plain server run it) against a real
// S3-compatible server (s3rver on loopback). It touches no database, so it runs once, on the embedded
// database's run.

const BUCKET = 'tapcard-photos';

let s3Dir: string;
let s3: S3rver;
let settings: S3Config;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'tapcard-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  settings = s3rverSettings(BUCKET, port);
});

afterAll(async () => {
  await s3?.close().catch(() => undefined);
  rmSync(s3Dir, { recursive: true, force: true });
});

/** The environment of the script: a data folder, the photos' folder, and the bucket's settings. */
function scriptEnv(mediaDir: string, bucket: Partial<S3Config> = settings): Record<string, string> {
  return {
    DATA_DIR: path.dirname(mediaDir),
    MEDIA_DIR: mediaDir,
    ...(bucket.bucket ? { S3_BUCKET: bucket.bucket } : {}),
    ...(bucket.accessKeyId ? { S3_ACCESS_KEY_ID: bucket.accessKeyId } : {}),
    ...(bucket.secretAccessKey ? { S3_SECRET_ACCESS_KEY: bucket.secretAccessKey } : {}),
    ...(bucket.endpoint ? { S3_ENDPOINT: bucket.endpoint } : {}),
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** A folder of `count` photos under keys of their own (half JPEG, half PNG), and their bytes by key. */
async function photoFolder(count: number): Promise<{ mediaDir: string; photos: Map<string, Buffer> }> {
  const mediaDir = path.join(mkdtempSync(path.join(tmpdir(), 'tapcard-media-move-')), 'media');
  const local = createLocalStorage(mediaDir);
  const photos = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    const key = `${randomBytes(16).toString('hex')}.${index % 2 ? 'png' : 'jpg'}`;
    const body = randomBytes(2_000 + index);
    await local.put(key, body, '');
    photos.set(key, body);
  }
  return { mediaDir, photos };
}

describe('npm run media:to-s3', onceOnEmbedded(), () => {
  it(
    'copies the photos the bucket lacks, keeps the folder, and with --remove-local empties it',
    { timeout: 60_000 },
    async () => {
      const { mediaDir, photos } = await photoFolder(5);
      // not a photo: never copied, never removed
      writeFileSync(path.join(mediaDir, 'notes.txt'), 'kept');
      const bucket = createS3Storage(settings);
      // one of them was stored in the bucket already (a first run, or a server already writing there)
      const [firstKey, firstBody] = [...photos][0]!;
      await bucket.put(firstKey, firstBody, 'image/jpeg');
      try {
        const run = await runAdminScript('media-to-s3', [], scriptEnv(mediaDir));
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(
          `Moving the photos of ${mediaDir} to the bucket ${BUCKET} at ${settings.endpoint}…`,
        );
        expect(run.stdout).toContain(`5 photos in ${mediaDir}: 4 copied, 1 in the bucket already.`);
        expect(run.stdout).toContain('Nothing was removed from the folder (--remove-local does).');
        for (const [key, body] of photos) {
          const stored = await bucket.get(key);
          expect(stored?.body.equals(body), key).toBe(true);
          expect(stored?.contentType, key).toBe(key.endsWith('.png') ? 'image/png' : 'image/jpeg');
          expect(existsSync(path.join(mediaDir, key)), key).toBe(true);
        }

        // again, as after the servers' restart with the S3 settings: nothing to copy, the folder emptied
        const again = await runAdminScript('media-to-s3', ['--remove-local'], scriptEnv(mediaDir));
        expect(again.code, again.stderr).toBe(0);
        expect(again.stdout).toContain(`5 photos in ${mediaDir}: 0 copied, 5 in the bucket already.`);
        expect(again.stdout).toContain(`Removed 5 from ${mediaDir}: each is in the bucket ${BUCKET}`);
        expect(readdirSync(mediaDir)).toEqual(['notes.txt']);
        for (const key of photos.keys()) expect(await bucket.get(key), key).not.toBeNull();
      } finally {
        rmSync(path.dirname(mediaDir), { recursive: true, force: true });
      }
    },
  );

  it(
    'refuses without a bucket, or with one it cannot reach, and removes nothing',
    { timeout: 60_000 },
    async () => {
      const { mediaDir, photos } = await photoFolder(2);
      try {
        const none = await runAdminScript('media-to-s3', ['--remove-local'], scriptEnv(mediaDir, {}));
        expect(none.code).toBe(1);
        expect(none.stderr.trim()).toBe(
          'media:to-s3: no bucket to move the photos to: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a provider other than AWS)',
        );

        // nothing listens on the discard port
        const unreachable = await runAdminScript(
          'media-to-s3',
          ['--remove-local'],
          scriptEnv(mediaDir, { ...settings, endpoint: 'http://127.0.0.1:9' }),
        );
        expect(unreachable.code).toBe(1);
        expect(unreachable.stderr).toMatch(
          new RegExp(
            `^media:to-s3: photo storage \\(bucket ${BUCKET} at http://127\\.0\\.0\\.1:9\\): listing the photos failed: .*ECONNREFUSED`,
          ),
        );
        expect(readdirSync(mediaDir).sort()).toEqual([...photos.keys()].sort());

        const bad = await runAdminScript('media-to-s3', ['--everything'], scriptEnv(mediaDir));
        expect(bad.code).toBe(2);
        expect(bad.stderr.trim()).toBe('usage: npm run media:to-s3 [-- --remove-local]');
      } finally {
        rmSync(path.dirname(mediaDir), { recursive: true, force: true });
      }
    },
  );
});
