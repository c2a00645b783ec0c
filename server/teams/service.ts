import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { paths, TEAM_INVITATION_PARAM } from '../../src/routes.ts';
import { can, planUnlocking } from '../../src/plans.ts';
import type { MemberIdInput } from '../../src/schemas/team.ts';
import {
  TEAM_ROLE_RANK,
  teamInvitationState,
  type InvitableTeamRole,
  type TeamInvitationState,
  type TeamRole,
} from '../../src/teams.ts';
import type { Config } from '../config.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import type { AppDeps, ServiceContext, SessionUser } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { membershipOf, teamAccountOfMember, type TeamMembership } from '../access/team-access.ts';
import { personLabel, recordTeamEvent } from '../team-records/audit.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';

// The team as its screens show it, and what the organization plugin lacks: one view of a team with its
// members and invitations, an invitation's page before sign-in, and the transfer of ownership.

/** The page an invitation's e-mail links to: the team page, which signs the person in or up first. */
export function invitationUrl(config: Pick<Config, 'publicUrl'>, invitationId: string): string {
  const query = new URLSearchParams({ [TEAM_INVITATION_PARAM]: invitationId });
  return `${config.publicUrl}${paths.team}?${query}`;
}

export interface TeamMemberView {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: Date;
}

export interface TeamInvitationView {
  id: string;
  email: string;
  role: InvitableTeamRole;
  state: TeamInvitationState;
  expiresAt: Date;
}

export interface TeamView {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  /** White label is on for its cards and e-mails (server/teams/white-label.ts). */
  whiteLabel: boolean;
  /** The domain its cards' QR codes are printed with; null: the main address (server/teams/printed-domain.ts). */
  printedDomain: string | null;
  /** The signed-in person's membership. */
  me: { memberId: string; role: TeamRole };
  members: TeamMemberView[];
  /** Pending invitations, expired ones included (they can be resent); empty for a member. */
  invitations: TeamInvitationView[];
}

/** An invitation's role: the plugin stores what was invited, and ours are never owner (auth-plugin.ts). */
const invitedRole = (role: TeamRole): InvitableTeamRole => (role === 'admin' ? 'admin' : 'member');

/** The signed-in person's team, or null outside any team. */
export async function myTeam(ctx: ServiceContext, now: Date = new Date()): Promise<TeamView | null> {
  const membership = await membershipOf(ctx.db, ctx.user.id);
  if (!membership) return null;
  return teamView(ctx, membership, now);
}

async function teamView(deps: AppDeps, membership: TeamMembership, now: Date): Promise<TeamView | null> {
  const team = await deps.db
    .selectFrom('teams')
    .select(['id', 'name', 'slug', 'logo', 'white_label', 'printed_domain'])
    .where('id', '=', membership.teamId)
    .executeTakeFirst();
  if (!team) return null;
  const members = await teamMembers(deps.db, team.id);
  const managing = membership.role !== 'member';
  const invitations = managing
    ? await deps.db
        .selectFrom('team_invitations')
        .select(['id', 'email', 'role', 'status', 'expires_at'])
        .where('team_id', '=', team.id)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .execute()
    : [];
  const { white_label: whiteLabel, printed_domain: printedDomain, ...fields } = team;
  return {
    ...fields,
    whiteLabel,
    printedDomain,
    me: { memberId: membership.memberId, role: membership.role },
    members,
    invitations: newestPerAddress(invitations).map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitedRole(invitation.role),
      state: teamInvitationState(invitation, now),
      expiresAt: invitation.expires_at,
    })),
  };
}

/**
 * Of several invitations to one address (an expired one resent makes a new one), the newest only, in the
 * order given (newest first): the list shows one row per address.
 */
function newestPerAddress<Invitation extends { email: string }>(newestFirst: Invitation[]): Invitation[] {
  const seen = new Set<string>();
  return newestFirst.filter((invitation) => {
    const address = invitation.email.toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}

/** A team's members as its page lists them: the owner first, then admins, then members, each by name. */
export async function teamMembers(db: Kysely<Database>, teamId: string): Promise<TeamMemberView[]> {
  const members = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.id',
      'team_members.user_id',
      'team_members.role',
      'team_members.created_at',
      'users.name',
      'users.email',
    ])
    .where('team_members.team_id', '=', teamId)
    .execute();
  return members
    .map((member) => ({
      id: member.id,
      userId: member.user_id,
      name: member.name,
      email: member.email,
      role: member.role,
      joinedAt: member.created_at,
    }))
    .sort((a, b) => TEAM_ROLE_RANK[b.role] - TEAM_ROLE_RANK[a.role] || a.name.localeCompare(b.name));
}

/** What an invitation's page shows, for anyone holding its link (the id is a random 32-character secret). */
export interface InvitationPreview {
  /** `other_account`: signed in with another address than the invited one. */
  state: TeamInvitationState | 'not_found' | 'other_account';
  teamName: string | null;
  inviterName: string | null;
  email: string | null;
  role: InvitableTeamRole | null;
  expiresAt: Date | null;
}

export async function invitationPreview(
  deps: AppDeps,
  invitationId: string,
  viewer: SessionUser | null,
  now: Date = new Date(),
): Promise<InvitationPreview> {
  const row = await deps.db
    .selectFrom('team_invitations')
    .innerJoin('teams', 'teams.id', 'team_invitations.team_id')
    .innerJoin('users', 'users.id', 'team_invitations.inviter_id')
    .select([
      'team_invitations.email',
      'team_invitations.role',
      'team_invitations.status',
      'team_invitations.expires_at',
      'teams.name as team_name',
      'users.name as inviter_name',
    ])
    .where('team_invitations.id', '=', invitationId)
    .executeTakeFirst();
  if (!row) {
    return {
      state: 'not_found',
      teamName: null,
      inviterName: null,
      email: null,
      role: null,
      expiresAt: null,
    };
  }
  const state = teamInvitationState(row, now);
  const forSomeoneElse = viewer !== null && viewer.email.toLowerCase() !== row.email.toLowerCase();
  return {
    state: state === 'pending' && forSomeoneElse ? 'other_account' : state,
    teamName: row.team_name,
    inviterName: row.inviter_name,
    email: row.email,
    role: invitedRole(row.role),
    expiresAt: row.expires_at,
  };
}

/**
 * The owner hands the team to another member, who becomes its owner (billing, deleting the team); the
 * former owner stays as an admin. One transaction: a team always has exactly one owner. The new owner's
 * plan must include teams (Business), or nothing changes.
 */
export async function transferOwnership(
  ctx: ServiceContext,
  team: TeamMembership,
  input: MemberIdInput,
): Promise<Record<string, never>> {
  if (input.memberId === team.memberId) throw new AppError('validation_failed');
  const newOwner = await ctx.db.transaction().execute(async (trx) => {
    const promoted = await trx
      .updateTable('team_members')
      .set({ role: 'owner' })
      .where('id', '=', input.memberId)
      .where('team_id', '=', team.teamId)
      .returning('user_id')
      .executeTakeFirst();
    if (!promoted) throw new AppError('not_found');
    // the team's cards run on its owner's plan (account_plans): handed to a plan without teams, every one
    // of them would pause at once
    if (!can(await planInEffectOf({ db: trx }, promoted.user_id), 'teamAccess')) {
      throw new AppError('new_owner_plan_required', { plan: planUnlocking('teamAccess') });
    }
    await trx.updateTable('team_members').set({ role: 'admin' }).where('id', '=', team.memberId).execute();
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: ctx.user,
      action: 'ownership_transferred',
      subject: await personLabel(trx, promoted.user_id),
      role: 'owner',
    });
    return promoted.user_id;
  });
  announceTeamChange(ctx.changes, await teamMemberIds(ctx.db, team.teamId));
  // the team's cards have the new owner's plan from now on (account_plans): their pages follow
  const account = await teamAccountOfMember(ctx.db, newOwner, { role: 'owner' });
  if (account) ctx.changes.publish({ userId: account, topic: 'cards' });
  return {};
}

/**
 * A team's pending invitations outlive the account that sent them: before that account is deleted (which
 * would take its invitations with it), each team's owner becomes their inviter, so the links already
 * mailed still open and can be accepted.
 */
export async function handOverSentInvitations(db: Kysely<Database>, userId: string): Promise<void> {
  const teamOwner = (eb: ExpressionBuilder<Database, 'team_invitations'>) =>
    eb
      .selectFrom('team_members')
      .select('team_members.user_id')
      .whereRef('team_members.team_id', '=', 'team_invitations.team_id')
      .where('team_members.role', '=', 'owner')
      .where('team_members.user_id', '!=', userId)
      .limit(1);
  await db
    .updateTable('team_invitations')
    .set((eb) => ({ inviter_id: teamOwner(eb) }))
    .where('inviter_id', '=', userId)
    .where('status', '=', 'pending')
    .where((eb) => eb.exists(teamOwner(eb)))
    .execute();
}
