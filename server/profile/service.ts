import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ServiceContext } from '../trpc/context.ts';
import type { SetLanguageInput } from '../../src/schemas/profile.ts';
import { AppError } from '../lib/errors.ts';

/** Creates the profile row of a new user; a second call for the same user changes nothing. */
export async function createProfileForUser(
  db: Kysely<Database>,
  user: { id: string; name: string; email: string },
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ id: user.id, name: user.name, email: user.email })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The signed-in user's own profile. Throws not_found if the row is missing. */
export async function getOwnProfile(ctx: ServiceContext) {
  const profile = await ctx.db
    .selectFrom('profiles')
    .select([
      'id',
      'name',
      'email',
      'username',
      'theme_color',
      'profile_pic',
      'language',
      'plan_type',
      'initialized',
      'trial_start_date',
      'trial_days',
      'subscription_end',
      'created_at',
    ])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!profile) throw new AppError('not_found');
  return profile;
}

/** Saves the signed-in user's language preference. */
export async function setLanguage(ctx: ServiceContext, input: SetLanguageInput): Promise<void> {
  await ctx.db
    .updateTable('profiles')
    .set({ language: input.language, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .execute();
}
