import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { MEDIA_PATH_PREFIX, mediaKeyOf } from '../../src/media.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { deleteStoredObject } from './service.ts';

// Which photos are in use: the one definition, shared by the services that replace or delete a photo and
// by the clean-up job (server/cleanup). One upload can be both the profile picture and a card's photo
// (card creation uses it for both), so a photo is only deleted once nothing points at it.

/** The path a media row's photo is served at (src/media.ts mediaPath, in SQL). */
const servedPathOfRow = sql<string>`${MEDIA_PATH_PREFIX} || media.key`;

/**
 * SQL: true while a profile, a vCard (its photo, or its design's logo or cover), a QR code's design, a team
 * (its logo) or a team's template points at the media row's photo.
 */
function photoInUse(eb: ExpressionBuilder<Database, 'media'>) {
  return eb.or([
    eb.exists(
      eb.selectFrom('profiles').select('profiles.id').where('profiles.profile_pic', '=', servedPathOfRow),
    ),
    eb.exists(eb.selectFrom('vcards').select('vcards.id').where('vcards.photo', '=', servedPathOfRow)),
    // a QR code's centre logo (server/qr-studio), kept while the design is, even when the plan lapses
    eb.exists(
      eb
        .selectFrom('links')
        .select('links.id')
        .where(sql<string>`links.qr_design->>'logo'`, '=', servedPathOfRow),
    ),
    // a card design's logo and cover (server/designs), kept the same way
    eb.exists(
      eb
        .selectFrom('vcards')
        .select('vcards.id')
        .where((vcards) =>
          vcards.or([
            vcards(sql`vcards.design->>'logo'`, '=', servedPathOfRow),
            vcards(sql`vcards.design->>'coverImage'`, '=', servedPathOfRow),
          ]),
        ),
    ),
    // a team's logo (server/teams/logo.ts)
    eb.exists(eb.selectFrom('teams').select('teams.id').where('teams.logo', '=', servedPathOfRow)),
    // a team template's logo (server/team-records/template.ts), shown on the team's cards
    eb.exists(
      eb
        .selectFrom('team_templates')
        .select('team_templates.team_id')
        .where(sql<string>`team_templates.fields->>'logo'`, '=', servedPathOfRow),
    ),
  ]);
}

/** Releases the photos at `paths` that no profile or vCard points at any more (after a replace or delete). */
export async function releaseUnusedPhotos(deps: AppDeps, paths: readonly (string | null)[]): Promise<void> {
  const keys = new Set(paths.map((path) => mediaKeyOf(path)).filter((key) => key !== null));
  await releaseUnusedPhotoKeys(deps, [...keys]);
}

/**
 * Deletes the photos among `keys` that nothing uses: their rows, in one statement that checks the use
 * (so a card saved meanwhile keeps its photo), then their stored files. Returns the keys deleted.
 */
export async function releaseUnusedPhotoKeys(deps: AppDeps, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const released = await deps.db
    .deleteFrom('media')
    .where('key', 'in', keys)
    .where((eb) => eb.not(photoInUse(eb)))
    .returning('key')
    .execute();
  for (const { key } of released) await deleteStoredObject(deps, key);
  return released.map(({ key }) => key);
}

/** Keys of the photos uploaded before `uploadedBefore` that no profile or vCard uses. */
export async function findUnusedPhotoKeys(db: Kysely<Database>, uploadedBefore: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('media')
    .select('key')
    .where('created_at', '<', uploadedBefore)
    .where((eb) => eb.not(photoInUse(eb)))
    .execute();
  return rows.map(({ key }) => key);
}
