import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cardSubdomainUrl } from '../../src/card-address.ts';
import type { Locale } from '../../src/i18n.ts';
import { onboardingStep } from '../../src/onboarding.ts';
import { planInEffect } from '../../src/plans.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import {
  fullName,
  splitFullName,
  type PersonalInfoInput,
  type SetLanguageInput,
  type ThemeColourInput,
} from '../../src/schemas/profile.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';

/** Creates the profile row of a new user; a second call for the same user changes nothing. */
export async function createProfileForUser(
  db: Kysely<Database>,
  user: { id: string; name: string; email: string; language: Locale },
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ id: user.id, name: user.name, email: user.email, language: user.language })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * The signed-in user's own profile, with where onboarding stands (its step, and whether a card exists
 * for the dashboard to offer one). Throws not_found if the row is missing.
 */
export async function getOwnProfile(ctx: ServiceContext) {
  const profile = await readOwnProfile(ctx.db, ctx);
  if (!profile) throw new AppError('not_found');
  return profile;
}

/** The user's profile as profile.me answers it (read with `db`, a transaction's too), or undefined. */
export async function readOwnProfile(db: Kysely<Database>, ctx: Pick<ServiceContext, 'user' | 'config'>) {
  const profile = await db
    .selectFrom('profiles')
    .select((eb) => [
      'id',
      'name',
      'first_name',
      'last_name',
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
      'cancel_at_period_end',
      'created_at',
      'plan_chosen',
      'chosen_plan',
      'welcomed_at',
      'version',
      eb
        .exists(eb.selectFrom('vcards').select(sql.lit(1).as('one')).where('user_id', '=', ctx.user.id))
        .as('has_vcard'),
    ])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!profile) return undefined;
  // people who have not edited their name yet have only the full name from sign-up
  const parts = profile.first_name === null ? splitFullName(profile.name) : null;
  return {
    ...profile,
    has_vcard: Boolean(profile.has_vcard),
    /** whose username rule and limits apply now (src/plans.ts): plan_type is only what was last sold */
    plan_in_effect: planInEffect(profile),
    onboarding_step: onboardingStep(profile),
    first_name: parts ? parts.firstName : profile.first_name,
    last_name: parts ? parts.lastName : profile.last_name,
    /** The card at {username}.{CARD_DOMAIN} when the operator set CARD_DOMAIN (served for customSubdomain). */
    card_subdomain_url:
      ctx.config.cardDomain && profile.username
        ? cardSubdomainUrl(ctx.config.publicUrl, ctx.config.cardDomain, profile.username)
        : null,
  };
}

/**
 * The usernames the signed-in user had before a rename, newest first: they stay theirs, their addresses
 * redirect to `current`, and the user may take one back. With CARD_DOMAIN set, `card_subdomain_urls`
 * gives the card subdomain of the current name and of each held one, which redirects to it too (served
 * for customSubdomain).
 */
export async function listHeldUsernames(ctx: ServiceContext): Promise<{
  current: string | null;
  held: string[];
  card_subdomain_urls: Record<string, string> | null;
}> {
  const [profile, rows] = await Promise.all([
    ctx.db.selectFrom('profiles').select('username').where('id', '=', ctx.user.id).executeTakeFirst(),
    ctx.db
      .selectFrom('usernames')
      .select('username')
      .where('user_id', '=', ctx.user.id)
      .orderBy('created_at', 'desc')
      .orderBy('username')
      .execute(),
  ]);
  if (!profile) throw new AppError('not_found');
  const current = profile.username;
  const held = rows.map((row) => row.username).filter((username) => username !== current?.toLowerCase());
  const { cardDomain, publicUrl } = ctx.config;
  const card_subdomain_urls =
    cardDomain && current
      ? Object.fromEntries(
          [current, ...held].map((username) => [username, cardSubdomainUrl(publicUrl, cardDomain, username)]),
        )
      : null;
  return { current, held, card_subdomain_urls };
}

/**
 * Saves first and last name, and their join as the full name of the profile and the account, edited from
 * `baseVersion` of the profile; returns its new version (edit_conflict, and nothing changes, after a newer).
 */
export async function updatePersonalInfo(
  ctx: ServiceContext,
  input: PersonalInfoInput,
): Promise<{ version: number }> {
  const name = fullName(input);
  const now = new Date();
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('profiles')
      .set({ first_name: input.firstName, last_name: input.lastName, name, updated_at: now })
      .where('id', '=', ctx.user.id)
      .where('version', '=', input.baseVersion)
      .returning('version')
      .executeTakeFirst();
    if (!updated) throw await refusedEdit(() => readOwnProfile(trx, ctx));
    await trx.updateTable('users').set({ name, updated_at: now }).where('id', '=', ctx.user.id).execute();
    return updated;
  });
  // the profile's other open forms (another tab's) follow the new version
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
  return saved;
}

/** Saves the theme accent colour. */
export async function setThemeColour(ctx: ServiceContext, input: ThemeColourInput): Promise<void> {
  await ctx.db
    .updateTable('profiles')
    .set({ theme_color: input.themeColour, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .execute();
}

/** Keeps the profile's copy of the address in step when the account's address changes. */
export async function syncProfileEmail(db: Kysely<Database>, userId: string, email: string): Promise<void> {
  await db.updateTable('profiles').set({ email, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Saves the signed-in user's language preference. */
export async function setLanguage(ctx: ServiceContext, input: SetLanguageInput): Promise<void> {
  await ctx.db
    .updateTable('profiles')
    .set({ language: input.language, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .execute();
}
