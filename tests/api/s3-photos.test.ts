import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeyOf } from '../../src/media.ts';
import { cleanUp, PHOTO_GRACE_HOURS } from '../../server/cleanup/service.ts';
import type { S3Config } from '../../server/config.ts';
import { createS3Storage } from '../../server/media/s3-storage.ts';
import { addLink, addVcard, createSignedInOwner } from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  readinessAsOperator,
  TEST_METRICS_TOKEN,
  trpcMutate,
  uploadTestPhoto,
  type ReadinessDetails,
  type TestApp,
} from '../support/harness.ts';
import { captureLogs, WARN } from '../support/logs.ts';
import { s3rverSettings } from '../support/s3rver-settings.ts';

// Photos through the S3 path against a real S3-compatible server (s3rver, on loopback, keeping its bucket
// in a temporary folder), not only the disk path: stored, served, listed and removed by the clean-up and
// the account deletion. With that server gone, pages and short links are still served, an upload is
// refused with the storage-unavailable answer and nothing stored, and one log line and /health/ready say
// what failed.

const BUCKET = 'tapcard-photos';
const HOUR_MS = 60 * 60 * 1000;

let s3Dir: string;
let s3: S3rver;
let port: number;
let settings: S3Config;
let t: TestApp;
const logs = captureLogs();

/** s3rver, on the same port and folder each time, so that a stopped server can come back. */
async function startS3(): Promise<void> {
  s3 = new S3rver({
    address: '127.0.0.1',
    port,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  port = (await s3.run()).port;
}

/** The object as the S3 server holds it, read with a client of its own (not Tapcard's storage code). */
async function objectInBucket(
  key: string,
): Promise<{ body: Buffer; contentType: string | undefined } | null> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return {
      body: Buffer.from((await object.Body?.transformToByteArray()) ?? []),
      contentType: object.ContentType,
    };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  } finally {
    client.destroy();
  }
}

/** Every photo key the storage lists (what the clean-up walks). */
async function listedKeys(): Promise<Map<string, Date>> {
  const keys = new Map<string, Date>();
  for await (const object of createS3Storage(settings).list()) keys.set(object.key, object.modifiedAt);
  return keys;
}

/** Makes s3rver's copy of an object look written `ms` ago (ListObjects reports the file's time). */
function ageObject(key: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  utimesSync(path.join(s3Dir, BUCKET, `${key}._S3rver_object`), when, when);
}

function keyOf(photoPath: string): string {
  const key = mediaKeyOf(photoPath);
  if (!key) throw new Error(`not a photo path: ${photoPath}`);
  return key;
}

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'tapcard-s3rver-'));
  port = 0;
  await startS3();
  settings = s3rverSettings(BUCKET, port);
  t = await buildTestApp(
    { s3: settings, metricsToken: TEST_METRICS_TOKEN },
    { logger: { level: 'info', stream: logs.stream } },
  );
});

afterAll(async () => {
  await t?.close();
  await s3?.close().catch(() => undefined);
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('photos in an S3-compatible bucket', () => {
  it('are stored in the bucket by the upload and served back on the card, its page and its .vcf', async () => {
    const owner = await createSignedInOwner(t);
    const photoPath = await uploadTestPhoto(t.app, owner.cookie);
    const key = keyOf(photoPath);

    const object = await objectInBucket(key);
    expect(object?.contentType).toBe('image/jpeg');
    expect((await sharp(object?.body).metadata()).format).toBe('jpeg');
    expect((await listedKeys()).has(key)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: photoPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(object?.body ?? Buffer.alloc(0))).toBe(true);

    const vcardId = await addVcard(t.db, owner.userId, { photo: photoPath });
    const page = await t.app.inject({ method: 'GET', url: `/${owner.username}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(photoPath);
    // the .vcf embeds the photo itself, read from the bucket
    const vcf = await t.app.inject({ method: 'GET', url: `/vcard/${vcardId}/contact.vcf` });
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:\S+/m);
  });

  it('that no row points to are removed by the clean-up once past the grace period, and only those', async () => {
    const storage = createS3Storage(settings);
    const owner = await createSignedInOwner(t);
    const kept = keyOf(await uploadTestPhoto(t.app, owner.cookie));
    // a photo row past the grace period is in use: it stays whatever its age
    ageObject(kept, (PHOTO_GRACE_HOURS + 1) * HOUR_MS);
    await addVcard(t.db, owner.userId, { photo: `/media/${kept}` });
    // stored objects without a row (what an upload that died before its row leaves), one old, one new
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const [oldStray, youngStray] = ['0', '1'].map((c) => `${c.repeat(32)}.jpg`) as [string, string];
    await storage.put(oldStray, jpeg, 'image/jpeg');
    await storage.put(youngStray, jpeg, 'image/jpeg');
    ageObject(oldStray, (PHOTO_GRACE_HOURS + 1) * HOUR_MS);
    const before = await listedKeys();
    expect(before.get(oldStray)?.getTime()).toBeLessThan(Date.now() - PHOTO_GRACE_HOURS * HOUR_MS);
    expect(before.has(youngStray)).toBe(true);

    const counts = await cleanUp(await depsOf(t), { dryRun: false });
    expect(counts.strayPhotoFiles).toBe(1);
    const after = await listedKeys();
    expect(after.has(oldStray)).toBe(false);
    expect(await objectInBucket(oldStray)).toBeNull();
    expect(after.has(youngStray)).toBe(true);
    expect(after.has(kept)).toBe(true);
    await storage.delete(youngStray);
  });

  it('of an account are removed from the bucket when the account is deleted', async () => {
    const owner = await createSignedInOwner(t);
    const photoPath = await uploadTestPhoto(t.app, owner.cookie);
    const key = keyOf(photoPath);
    await addVcard(t.db, owner.userId, { photo: photoPath });
    expect(await objectInBucket(key)).not.toBeNull();

    const deleted = await trpcMutate(t.app, 'account.delete', owner.cookie, { confirmation: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await objectInBucket(key)).toBeNull();
    expect((await listedKeys()).has(key)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(404);
  });
});

describe('with the S3 server unreachable', () => {
  it('serves pages, .vcf files and short links, refuses an upload, says so in one log line and in /health/ready, and recovers', async () => {
    const owner = await createSignedInOwner(t);
    const photoPath = await uploadTestPhoto(t.app, owner.cookie);
    const vcardId = await addVcard(t.db, owner.userId, { photo: photoPath });
    const link = await addLink(t.db, owner.userId, { url: 'https://example.com/while-s3-is-down' });
    const mediaRows = async () =>
      (await t.db.selectFrom('media').select('key').where('user_id', '=', owner.userId).execute()).length;
    const ready = async () => {
      const response = await readinessAsOperator(t.app);
      expect(response.statusCode).toBe(200);
      return response.json<ReadinessDetails>();
    };
    const vcfPath = `/vcard/${vcardId}/contact.vcf`;
    expect(await mediaRows()).toBe(1);
    expect((await ready()).checks.storage).toBe('ok');

    await s3.close();
    logs.lines.length = 0;

    const page = await t.app.inject({ method: 'GET', url: `/${owner.username}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(photoPath);
    const redirect = await t.app.inject({ method: 'GET', url: `/l/${link.code}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/while-s3-is-down');
    // the .vcf goes out without the photo it cannot read
    const vcf = await t.app.inject({ method: 'GET', url: vcfPath });
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).toContain('BEGIN:VCARD');
    expect(vcf.body).not.toContain('PHOTO');

    const upload = uploadTestPhoto(t.app, owner.cookie);
    await expect(upload).rejects.toThrow(/^upload failed: 503 /);
    await upload.catch((error: Error) => {
      // the reason the client turns into its translated "photos cannot be stored right now" message
      expect(JSON.parse(error.message.replace(/^upload failed: 503 /, ''))).toEqual({
        reason: 'storage_unavailable',
        message: 'storage_unavailable',
      });
    });
    expect(await mediaRows()).toBe(1);
    for (let request = 0; request < 3; request += 1) {
      expect((await t.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(503);
    }
    // still ready (every process shares the bucket, and pages are served), and says what is wrong
    const degraded = await ready();
    expect(degraded.status).toBe('degraded');
    expect(degraded.checks.storage).toMatch(
      new RegExp(
        `^failing since \\S+: photo storage \\(bucket ${BUCKET} at http://127\\.0\\.0\\.1:${port}\\): reaching the bucket failed: .*ECONNREFUSED`,
      ),
    );
    // anyone without the token is told the status alone: no bucket, host, port or error text
    const anonymous = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'degraded' });
    // one line for the whole outage, however many requests met it
    const problems = logs.lines.filter((line) => (line.level ?? 0) >= WARN);
    expect(problems).toHaveLength(1);
    const { message } = (problems[0]?.err ?? {}) as { message?: string };
    expect(message).toMatch(
      new RegExp(
        `^photo storage \\(bucket ${BUCKET} at http://127\\.0\\.0\\.1:${port}\\): reading [0-9a-f]{32}\\.jpg failed: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}$`,
      ),
    );

    await startS3();
    // seen by the readiness check itself, before any request uses the bucket
    expect(await ready()).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });
    expect(logs.lines.filter((line) => line.msg === 'photo storage answers again')).toHaveLength(1);
    // the .vcf made without its photo was not kept
    expect((await t.app.inject({ method: 'GET', url: vcfPath })).body).toContain('PHOTO');
    const again = await uploadTestPhoto(t.app, owner.cookie);
    expect(await objectInBucket(keyOf(again))).not.toBeNull();
    expect(await mediaRows()).toBe(2);
  });
});
