import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Locale } from '../../src/i18n.ts';
import type { PlanFeature } from '../../src/plans.ts';
import { hasTeamRole, type AccountOwner, type TeamRole } from '../../src/teams.ts';
import { requireFeature } from './plan-gate.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { teamAccountFor } from './team-account.ts';

// Who may act on what in a team: the one place that reads a person's membership and compares roles.
// Procedures declare the role they need in `.meta({ teamRole })` (server/trpc/init.ts), plain routes and
// the organization plugin's hooks call these functions.

export interface TeamMembership {
  teamId: string;
  memberId: string;
  role: TeamRole;
}

/** The team a person belongs to (one at most), with their role; null outside any team. */
export async function membershipOf(db: Kysely<Database>, userId: string): Promise<TeamMembership | null> {
  const row = await db
    .selectFrom('team_members')
    .select(['team_id', 'id', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { teamId: row.team_id, memberId: row.id, role: row.role } : null;
}

/**
 * The person's membership when their role is `required` or above; otherwise team_role_required, naming
 * the lowest role that may (and null for someone in no team).
 */
export async function requireTeamRole(
  db: Kysely<Database>,
  userId: string,
  required: TeamRole,
): Promise<TeamMembership> {
  const membership = await membershipOf(db, userId);
  if (membership && hasTeamRole(membership.role, required)) return membership;
  throw new AppError('team_role_required', { role: required, inTeam: membership !== null });
}

/**
 * The account of `userId`'s team, whose cards they hear of (live updates); with `role: 'owner'` only the
 * team whose plan they pay as its owner (account_plans). Null when there is none.
 */
export async function teamAccountOfMember(
  db: Kysely<Database>,
  userId: string,
  { role }: { role?: 'owner' } = {},
): Promise<string | null> {
  let query = db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select('teams.account_id')
    .where('team_members.user_id', '=', userId);
  if (role) query = query.where('team_members.role', '=', role);
  const row = await query.executeTakeFirst();
  return row?.account_id ?? null;
}

/**
 * The account whose things of `owner` (API keys, webhook endpoints) the signed-in person handles: their
 * own, or their team's when they are its owner or an admin (team_role_required otherwise). Null for a team
 * without an account yet (no card, key or endpoint), which has none.
 */
export async function ownedAccount(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  owner: AccountOwner,
): Promise<string | null> {
  if (owner === 'user') return ctx.user.id;
  const { teamId } = await requireTeamRole(ctx.db, ctx.user.id, 'admin');
  const team = await ctx.db
    .selectFrom('teams')
    .select('account_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  return team?.account_id ?? null;
}

/**
 * The account of `owner` when its plan in effect includes `feature` (plan_required otherwise): a team's is
 * its owner's (the account_plans view). A team without an account gets it here, as its first card makes
 * it, in a transaction that a refusal undoes.
 */
export async function accountWithFeature(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  owner: AccountOwner,
  feature: PlanFeature,
): Promise<string> {
  if (owner === 'user') {
    await requireFeature(ctx, ctx.user.id, feature);
    return ctx.user.id;
  }
  const { teamId } = await requireTeamRole(ctx.db, ctx.user.id, 'admin');
  return ctx.db.transaction().execute(async (trx) => {
    const accountId = await teamAccountFor(trx, teamId);
    await requireFeature({ db: trx }, accountId, feature);
    return accountId;
  });
}

/** The team a procedure acts for: set by its `teamRole` meta (a procedure without one has none). */
export function actingTeam(ctx: { team: TeamMembership | null }): TeamMembership {
  if (!ctx.team) throw new Error('a team procedure needs .meta({ teamRole })');
  return ctx.team;
}

/**
 * What a person may do with a card: `edit` its fields (its owner; on a team's card the team's admins and
 * the member it is for), `manage` it (delete it, hand it to someone: its owner; on a team's card the
 * team's admins).
 */
export type CardAction = 'edit' | 'manage';

/**
 * The account a card belongs to, when `userId` may act on it: their own card, or a card of their team that
 * their role lets them touch (docs/decisions/021-teams.md: a team's cards belong to the team's account).
 * Anything else reads as not found, so nobody learns of other people's cards.
 */
export async function cardAccount(
  db: Kysely<Database>,
  userId: string,
  vcardId: string,
  action: CardAction,
): Promise<string> {
  const card = await db
    .selectFrom('vcards')
    .leftJoin('teams', 'teams.account_id', 'vcards.user_id')
    .leftJoin('team_members', (join) =>
      join.onRef('team_members.team_id', '=', 'teams.id').on('team_members.user_id', '=', userId),
    )
    .select(['vcards.user_id', 'vcards.member_id', 'team_members.role'])
    .where('vcards.id', '=', vcardId)
    .executeTakeFirst();
  if (!card) throw new AppError('not_found');
  if (card.user_id === userId) return card.user_id;
  const role = card.role;
  if (role && hasTeamRole(role, 'admin')) return card.user_id;
  if (role && card.member_id === userId) {
    if (action === 'edit') return card.user_id;
    // their own team card, which only the team's admins hand on or delete
    throw new AppError('team_role_required', { role: 'admin', inTeam: true });
  }
  throw new AppError('not_found');
}

/**
 * What an uploaded photo is for (the upload's query, server/media/routes.ts): the uploader's own (nothing
 * named), a card (`card`: a team card's photo belongs to the team), or the team itself (`team`: its logo, or
 * an admin's new card before it exists).
 */
export interface PhotoPurpose {
  card?: string | undefined;
  team?: boolean | undefined;
}

/**
 * The account an upload is stored under, so that a team card's photos stay with the team when its member
 * leaves: the uploader's own; the card's account when they may edit it (cardAccount); the team's account
 * for its owner and admins (team_role_required otherwise).
 */
export async function photoAccount(
  db: Kysely<Database>,
  userId: string,
  purpose: PhotoPurpose,
): Promise<string> {
  if (purpose.card) return cardAccount(db, userId, purpose.card, 'edit');
  if (!purpose.team) return userId;
  const { teamId } = await requireTeamRole(db, userId, 'admin');
  return db.transaction().execute((trx) => teamAccountFor(trx, teamId));
}

/**
 * The account a QR code belongs to, when `userId` may download it: their own, or the code a team card
 * manages when they may edit that card (cardAccount). Anything else reads as not found.
 */
export async function qrCodeAccount(db: Kysely<Database>, userId: string, linkId: string): Promise<string> {
  const link = await db
    .selectFrom('links')
    .select(['user_id', 'vcard_id'])
    .where('id', '=', linkId)
    .executeTakeFirst();
  if (link?.user_id === userId) return userId;
  if (!link?.vcard_id) throw new AppError('not_found');
  return cardAccount(db, userId, link.vcard_id, 'edit');
}

/** Who hears of what happens to an account's things: the person, or for a team's account its owner. */
export interface AccountRecipient {
  userId: string;
  email: string;
  /** The profile's name, or the sign-up name when it has none. */
  name: string;
  language: Locale;
  /** The team whose account it is (its owner is told), or null for the person's own. */
  teamName: string | null;
}

/**
 * Whom e-mail about `accountId`'s things goes to. A team's account has no mailbox: its owner is told
 * (who pays its plan; its admins may act on it too).
 */
export async function accountRecipient(db: Kysely<Database>, accountId: string): Promise<AccountRecipient> {
  const team = await db
    .selectFrom('teams')
    .innerJoin('team_members', 'team_members.team_id', 'teams.id')
    .select(['teams.name', 'team_members.user_id'])
    .where('teams.account_id', '=', accountId)
    .where('team_members.role', '=', 'owner')
    .executeTakeFirst();
  const userId = team?.user_id ?? accountId;
  const recipient = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.email', 'users.name', 'profiles.name as profileName', 'profiles.language'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    userId,
    email: recipient.email,
    name: recipient.profileName?.trim() || recipient.name,
    language: recipient.language,
    teamName: team?.name ?? null,
  };
}
