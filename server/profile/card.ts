import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { planInEffect, type PlanId } from '../../src/plans.ts';
import { PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import type { CreateCardInput, ProfileDetailsInput } from '../../src/schemas/card.ts';
import { DEFAULT_CARD_COLOURS } from '../../src/schemas/vcard.ts';
import {
  HELD_USERNAMES_MAX,
  isUsernameCheckable,
  USERNAME_CHANGES_PER_DAY,
  usernameChangeProblem,
} from '../../src/username.ts';
import { withUniqueClaim } from '../lib/db-errors.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import { assertOwnPhoto } from '../media/service.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { readOwnProfile } from './service.ts';
import { assertVcardRoom, insertVcard, readVcard } from '../vcards/service.ts';
import { lockProfile } from '../access/plan-gate.ts';
import { announceWrite } from '../lib/after-write.ts';

// Card creation (/onboarding step 3) and the profile details of /dashboard/profile: the username rules of
// docs/decisions/004-usernames.md on the user's plan, uniqueness by the database, and the photo that must be
// the user's own. Every username an account has had stays its own (table usernames, migration
// 2026-11-23T0100): the database refuses a name another account holds, current or held after a rename, or
// that a deleted account left less than ADDRESS_HOLD_DAYS ago. Taking a name new to the account is bounded
// (src/username.ts): so many renames in 24 hours, so many names held.

/** The unique indexes that refuse a username held by someone else. */
const USERNAME_INDEXES = ['usernames_pkey', 'profiles_username_key'];

function assertUsername(username: string, plan: PlanId, current: string | null): void {
  const problem = usernameChangeProblem(username, plan, current);
  if (problem) throw new AppError('validation_failed', { field: 'username', message: problem });
}

/** Runs a write that sets a username, turning the database's refusal into username_taken. */
function withUniqueUsername<T>(write: () => Promise<T>): Promise<T> {
  return withUniqueClaim(USERNAME_INDEXES, 'username_taken', write);
}

export type UsernameStatus = 'available' | 'taken' | 'invalid';

/**
 * The availability check of the username field: the rule problem on the user's plan (none for the name
 * they have now), or whether the name is someone else's: another account's, current or held, or a
 * deleted account's still in its hold. The user's own names, current or held, are available to them.
 */
export async function checkUsername(
  ctx: ServiceContext,
  username: string,
): Promise<{ status: UsernameStatus; problem: string | null }> {
  const profile = await ctx.db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select([...PLAN_FACT_COLUMNS, 'profiles.username'])
    .where('profiles.id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!profile) throw new AppError('not_found');
  const problem = usernameChangeProblem(username, planInEffect(profile), profile.username);
  if (problem || !isUsernameCheckable(username)) return { status: 'invalid', problem };
  const holder = await ctx.db
    .selectFrom('usernames')
    .select('user_id')
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  const taken = holder !== undefined && holder.user_id !== ctx.user.id;
  return { status: taken ? 'taken' : 'available', problem: null };
}

/**
 * Before `username` becomes the profile's: refuses a name held by someone else (username_taken, which the
 * database's trigger would refuse too) and, for a name new to the account, one beyond the bounds of
 * holding: USERNAME_CHANGES_PER_DAY renames in the last 24 hours (the account's first username is none) and
 * HELD_USERNAMES_MAX names held. The account's own names, current or earlier, are taken back freely: they
 * hold nothing new. Runs under the profile lock, so two renames at once are counted one after the other.
 */
async function assertUsernameClaim(
  trx: Transaction<Database>,
  userId: string,
  username: string,
  current: string | null,
): Promise<void> {
  const name = username.toLowerCase();
  if (name === current?.toLowerCase()) return;
  const holder = await trx
    .selectFrom('usernames')
    .select('user_id')
    .where('username', '=', name)
    .executeTakeFirst();
  if (holder) {
    if (holder.user_id === userId) return;
    throw new AppError('username_taken');
  }
  const { held, renames } = await trx
    .selectFrom('usernames')
    .select((eb) => [
      eb.fn.countAll<string>().as('held'),
      // rows are written by the claim trigger at the moment of each new name (the database's clock)
      sql<string>`count(*) filter (where created_at > now() - interval '24 hours'
        and created_at > (select min(created_at) from usernames where user_id = ${userId}))`.as('renames'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(renames) >= USERNAME_CHANGES_PER_DAY)
    throw new AppError('username_change_limit', { limit: USERNAME_CHANGES_PER_DAY });
  if (Number(held) >= HELD_USERNAMES_MAX)
    throw new AppError('held_usernames_limit', { limit: HELD_USERNAMES_MAX });
}

async function assertPhoto(
  trx: Transaction<Database>,
  userId: string,
  photo: string | null,
  current: string | null,
) {
  if (photo && photo !== current) await assertOwnPhoto(trx, userId, photo);
}

/**
 * The checks before a write that sets the username and the profile photo: locks the profile, judges a
 * new username on the user's plan (the one they have stays valid) and the photo's owner, and returns the
 * plan and the photo being replaced.
 */
async function checkProfileWrite(
  trx: Transaction<Database>,
  userId: string,
  input: { username: string; photo: string | null },
): Promise<{ plan: PlanId; previousPhoto: string | null }> {
  const { plan } = await lockProfile(trx, userId);
  const current = await trx
    .selectFrom('profiles')
    .select(['profile_pic', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  assertUsername(input.username, plan, current.username);
  await assertUsernameClaim(trx, userId, input.username, current.username);
  await assertPhoto(trx, userId, input.photo, current.profile_pic);
  return { plan, previousPhoto: current.profile_pic };
}

/**
 * Completes /onboarding step 3 in one transaction: the profile's username, colour, photo and contact
 * details, the first vCard with the link it manages, and initialized. Nothing is kept if any part fails.
 */
export async function createCard(ctx: ServiceContext, input: CreateCardInput): Promise<{ vcardId: string }> {
  const userId = ctx.user.id;
  const result = await withUniqueUsername(() =>
    ctx.db.transaction().execute(async (trx) => {
      const { plan, previousPhoto } = await checkProfileWrite(trx, userId, input);
      const vcardId = await insertVcardWithinLimit(trx, ctx, plan, input);
      await trx
        .updateTable('profiles')
        .set({
          username: input.username,
          theme_color: input.themeColour,
          profile_pic: input.photo,
          position: input.position,
          company: input.company,
          phone: input.phone,
          primary_vcard_id: vcardId,
          initialized: true,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      return { vcardId, previousPhoto };
    }),
  );
  announceWrite(ctx, userId, 'cards');
  if (result.previousPhoto !== input.photo) await releaseUnusedPhotos(ctx, [result.previousPhoto]);
  return { vcardId: result.vcardId };
}

async function insertVcardWithinLimit(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  plan: PlanId,
  input: CreateCardInput,
): Promise<string> {
  await assertVcardRoom(trx, ctx.user.id, plan);
  const { id } = await insertVcard(trx, ctx.config.publicUrl, ctx.user.id, {
    ...input,
    ...DEFAULT_CARD_COLOURS,
    backgroundColour: input.themeColour,
  });
  await ctx.webhooks.emit(trx, ctx.user.id, 'card.created', () => readVcard(trx, ctx.user.id, id));
  return id;
}

/**
 * /dashboard/profile: name, username and photo, edited from `baseVersion` of the profile; returns its new
 * version (edit_conflict with the profile as it is now, and nothing changes, after a newer one).
 */
export async function updateProfileDetails(
  ctx: ServiceContext,
  input: ProfileDetailsInput,
): Promise<{ version: number }> {
  const userId = ctx.user.id;
  const saved = await withUniqueUsername(() =>
    ctx.db.transaction().execute(async (trx) => {
      const { previousPhoto } = await checkProfileWrite(trx, userId, input);
      const now = new Date();
      const updated = await trx
        .updateTable('profiles')
        .set({
          name: input.name,
          // the account page edits first and last name; a new full name starts them again from it
          first_name: null,
          last_name: null,
          username: input.username,
          profile_pic: input.photo,
          updated_at: now,
        })
        .where('id', '=', userId)
        .where('version', '=', input.baseVersion)
        .returning('version')
        .executeTakeFirst();
      if (!updated) throw await refusedEdit(() => readOwnProfile(trx, ctx));
      await trx
        .updateTable('users')
        .set({ name: input.name, updated_at: now })
        .where('id', '=', userId)
        .execute();
      return { previousPhoto, version: updated.version };
    }),
  );
  ctx.changes.publish({ userId, topic: 'cards' });
  if (saved.previousPhoto !== input.photo) await releaseUnusedPhotos(ctx, [saved.previousPhoto]);
  return { version: saved.version };
}

/** The account page's profile photo. */
export async function setProfilePhoto(ctx: ServiceContext, photo: string | null): Promise<void> {
  const userId = ctx.user.id;
  const previousPhoto = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('profiles')
      .select('profile_pic')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await assertPhoto(trx, userId, photo, current.profile_pic);
    await trx
      .updateTable('profiles')
      .set({ profile_pic: photo, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    return current.profile_pic;
  });
  ctx.changes.publish({ userId, topic: 'cards' });
  if (previousPhoto !== photo) await releaseUnusedPhotos(ctx, [previousPhoto]);
}
