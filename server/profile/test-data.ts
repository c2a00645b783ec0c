import { sql } from 'kysely';
import { AppError } from '../lib/errors.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import type { ServiceContext } from '../lib/app-deps.ts';

// The test-data banner (spec section 4): people who tried the dashboard before finishing onboarding can
// wipe what they made. The "dismissed" flag is the browser's (per user); the other conditions are here.

/** Spec section 4: the banner waits until the profile is at least this old. */
export const TEST_DATA_MIN_PROFILE_AGE_MS = 60_000;

/** Whether the banner should show, apart from a dismissal stored in the browser. */
export async function testDataStatus(ctx: ServiceContext, now = new Date()): Promise<{ show: boolean }> {
  const row = await ctx.db
    .selectFrom('profiles')
    .select((eb) => [
      'initialized',
      'created_at',
      eb
        .or([
          eb.exists(eb.selectFrom('vcards').select(sql.lit(1).as('one')).where('user_id', '=', ctx.user.id)),
          eb.exists(eb.selectFrom('links').select(sql.lit(1).as('one')).where('user_id', '=', ctx.user.id)),
        ])
        .as('hasData'),
    ])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found');
  const oldEnough = now.getTime() - row.created_at.getTime() >= TEST_DATA_MIN_PROFILE_AGE_MS;
  return { show: !row.initialized && oldEnough && Boolean(row.hasData) };
}

/** 'Clear all test data?': the user's links, vCards, scans, clicks and views, all or nothing. */
export async function clearTestData(ctx: ServiceContext): Promise<void> {
  const userId = ctx.user.id;
  const photos = await ctx.db.transaction().execute(async (trx) => {
    // Links first, their events with them (on delete cascade): the short-link writer also locks a link
    // before its owner's activity counts (migration 2026-11-22T0510), so neither waits for the other.
    const links = await trx
      .deleteFrom('links')
      .where('user_id', '=', userId)
      .returning(['id', 'vcard_id'])
      .execute();
    await trx.deleteFrom('profile_views').where('user_id', '=', userId).execute();
    const deleted = await trx
      .deleteFrom('vcards')
      .where('user_id', '=', userId)
      .returning(['id', 'photo'])
      .execute();
    // the events of deleting each one alone: a vCard's own QR code goes with its card (card.deleted)
    for (const { id } of deleted) await ctx.webhooks.emit(trx, userId, 'card.deleted', () => ({ id }));
    for (const { id, vcard_id } of links) {
      if (vcard_id === null) await ctx.webhooks.emit(trx, userId, 'link.deleted', () => ({ id }));
    }
    return deleted.map((vcard) => vcard.photo);
  });
  ctx.changes.publish({ userId, topic: 'cards' });
  ctx.changes.publish({ userId, topic: 'links' });
  ctx.changes.publish({ userId, topic: 'views' });
  ctx.webhooks.wake();
  await releaseUnusedPhotos(ctx, photos);
}
