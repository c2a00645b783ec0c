import { sql } from 'kysely';
import { AppError } from '../lib/errors.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { announceWrite } from '../lib/after-write.ts';

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

/**
 * 'Clear all test data?': the user's links, vCards, leads, scans, clicks, views and counts of leads, all or
 * nothing.
 */
export async function clearTestData(ctx: ServiceContext): Promise<void> {
  const userId = ctx.user.id;
  const photos = await ctx.db.transaction().execute(async (trx) => {
    // Locks taken in the order the writers take them, so that none waits for another in a circle: the
    // cards first (a lead or a view being recorded holds its card's row before the activity counts; one
    // recorded meanwhile is waited for and cleared, or waits until its card is gone), then links with
    // their events (on delete cascade; the short-link writer locks a link before the activity counts,
    // migration 2026-11-22T0510), then the other counts.
    await trx.selectFrom('vcards').select('id').where('user_id', '=', userId).forUpdate().execute();
    const links = await trx
      .deleteFrom('links')
      .where('user_id', '=', userId)
      .returning(['id', 'vcard_id'])
      .execute();
    // erasing a lead keeps its count (server/analytics/leads.ts); clearing takes the counts too
    const leads = await trx.deleteFrom('leads').where('user_id', '=', userId).returning('id').execute();
    await trx.deleteFrom('lead_events').where('user_id', '=', userId).execute();
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
    for (const { id } of leads) await ctx.webhooks.emit(trx, userId, 'lead.erased', () => ({ id }));
    return deleted.map((vcard) => vcard.photo);
  });
  announceWrite(ctx, userId, 'cards', 'links', 'views', 'leads');
  await releaseUnusedPhotos(ctx, photos);
}
