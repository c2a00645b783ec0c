import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  mediaKeyOf,
  mediaPath,
  MEDIA_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MB,
  type MediaKind,
} from '../../src/media.ts';
import { isUnlimited, PLANS } from '../../src/plans.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import { AppError } from '../lib/errors.ts';
import { REASONS_LOGGED_BY_WATCH } from '../lib/outage-watch.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { processPhoto, type ProcessedPhoto } from './process.ts';

/** First key of the per-user advisory lock of the quota check; any constant no other feature uses. */
const MEDIA_LOCK_NAMESPACE = 7002;

const BYTES_PER_MB = 1024 * 1024;

export interface UploadedPhoto {
  /** Where the photo is served (/media/<key>): what cards and profiles store. */
  path: string;
  width: number;
  height: number;
}

/**
 * Stores an uploaded photo or graphic (MediaKind) for an account, the signed-in user's unless another is
 * named (a team's: server/access/team-access.ts photoAccount), as storePhoto does. Throws payload_too_large,
 * invalid_image, heic_unsupported and storage_quota_exceeded (meta.limitMb).
 */
export async function uploadPhoto(
  ctx: ServiceContext,
  bytes: Buffer,
  kind: MediaKind = 'photo',
  accountId: string = ctx.user.id,
): Promise<UploadedPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('payload_too_large', { limitMb: PHOTO_MAX_MB });
  const { key, photo } = await storePhoto(ctx, accountId, bytes, kind);
  return { path: mediaPath(key), width: photo.width, height: photo.height };
}

/**
 * Re-encodes untrusted image bytes (process.ts) and stores them for `accountId` under a new random key,
 * within that account's plan's photo storage: its row first, committed, then its file. A process killed in
 * between leaves a row that nothing uses, which the clean-up removes as it does every unused photo, never
 * a file no row names; a file that cannot be written takes its row back. The upload's, and an account
 * import's for each of its photos. Throws invalid_image, heic_unsupported and storage_quota_exceeded.
 */
export async function storePhoto(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  accountId: string,
  bytes: Buffer,
  kind: MediaKind,
): Promise<{ key: string; photo: ProcessedPhoto }> {
  const photo = await processPhoto(bytes, kind);
  const key = `${randomBytes(16).toString('hex')}.${photo.extension}`;
  await deps.db.transaction().execute(async (trx) => {
    // one photo per account at a time: two at once cannot both slip under the quota
    await sql`select pg_advisory_xact_lock(${sql.lit(MEDIA_LOCK_NAMESPACE)}, hashtext(${accountId}))`.execute(
      trx,
    );
    await assertStorageRoom(trx, accountId, photo.body.length);
    await trx
      .insertInto('media')
      .values({
        key,
        user_id: accountId,
        content_type: MEDIA_TYPES[photo.extension],
        bytes: photo.body.length,
        width: photo.width,
        height: photo.height,
      })
      .execute();
  });
  try {
    await deps.storage.put(key, photo.body, MEDIA_TYPES[photo.extension]);
  } catch (error) {
    // whatever of the file was written goes before its row
    await deleteStoredObject(deps, key);
    await deps.db.deleteFrom('media').where('key', '=', key).execute();
    throw error;
  }
  return { key, photo };
}

/** Throws storage_quota_exceeded unless the user's photos plus `bytes` fit in their plan's storage. */
async function assertStorageRoom(db: Kysely<Database>, userId: string, bytes: number): Promise<void> {
  const plan = await planInEffectOf({ db }, userId);
  const usage = await db
    .selectFrom('media')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('bytes'), sql<number>`0`).as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const limitMb = PLANS[plan].limits.storageMb;
  if (isUnlimited(limitMb)) return;
  // sum() of integers is a bigint, which the Postgres driver returns as a string
  if (Number(usage.used) + bytes > limitMb * BYTES_PER_MB) {
    throw new AppError('storage_quota_exceeded', { limitMb });
  }
}

/**
 * For the card and profile services, which accept a photo path from the client: throws
 * validation_failed (field photo) unless it is a /media/ path of a photo this user uploaded.
 */
export async function assertOwnPhoto(db: Kysely<Database>, userId: string, path: string): Promise<void> {
  const key = mediaKeyOf(path);
  if (!key || !(await isOwnPhotoKey(db, userId, key))) {
    throw new AppError('validation_failed', { field: 'photo' });
  }
}

/** Whether the photo stored under `key` was uploaded by this user. */
export async function isOwnPhotoKey(db: Kysely<Database>, userId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('media')
    .select('key')
    .where('key', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes a photo that nothing uses any more (replaced, or its card deleted): its row, then its stored
 * object. A missing photo is not an error. Once the row is gone the photo no longer counts against the
 * quota, so a failed object delete is only logged.
 */
export async function releasePhoto(deps: AppDeps, path: string | null): Promise<void> {
  const key = mediaKeyOf(path);
  if (!key) return;
  await deps.db.deleteFrom('media').where('key', '=', key).execute();
  await deleteStoredObject(deps, key);
}

/** The stored bytes of a photo path (for embedding in a .vcf), or null when there is none. */
export async function readPhoto(deps: AppDeps, path: string | null): Promise<Buffer | null> {
  const key = mediaKeyOf(path);
  if (!key) return null;
  const stored = await deps.storage.get(key);
  return stored?.body ?? null;
}

/** Removes a stored object as a clean-up step: a failure is logged, never thrown over the real outcome. */
export async function deleteStoredObject(deps: Pick<AppDeps, 'storage'>, key: string): Promise<void> {
  try {
    await deps.storage.delete(key);
  } catch (error) {
    // a storage outage is logged once by the storage's watch (server/media/create-storage.ts); the
    // nightly clean-up removes the file no row points to
    if (error instanceof AppError && REASONS_LOGGED_BY_WATCH.has(error.reason)) return;
    // services have no logger; this is rare and must still reach the operator
    console.warn(`media: could not delete the stored photo ${key}; it is left over in storage`, error);
  }
}
