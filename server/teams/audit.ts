import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { isTeamRole, TEAM_EVENTS_PAGE_SIZE, type TeamEventAction, type TeamRole } from '../../src/teams.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import type { TeamMembership } from './access.ts';

// A team's audit log (DECISIONS.md "Teams"): who changed which member, invitation or setting of the team,
// and when, for its owner and admins; kept TEAM_EVENTS_KEPT_DAYS, then removed by the nightly clean-up.
// The organization plugin's calls are recorded from what each successful call answered
// (recordOrganizationCall, an after-hook of server/teams/auth-plugin.ts); our own procedures record theirs.

export interface TeamEvent {
  teamId: string;
  actor: { id: string; name: string };
  action: TeamEventAction;
  subject: string;
  role?: TeamRole | null;
  /** The people it concerned, by user id (a member whose role changed, who was removed or left). */
  concerns?: string[];
}

export async function recordTeamEvent(db: Kysely<Database>, event: TeamEvent): Promise<void> {
  await db
    .insertInto('team_events')
    .values({
      team_id: event.teamId,
      actor_id: event.actor.id,
      actor_name: event.actor.name,
      action: event.action,
      subject: event.subject,
      role: event.role ?? null,
    })
    .execute();
}

const Invitation = z.object({ organizationId: z.string(), email: z.string(), role: z.string() });
const Member = z.object({ organizationId: z.string(), userId: z.string(), role: z.string() });
const Team = z.object({ id: z.string(), name: z.string() });

const roleOf = (role: string): TeamRole | null => (isTeamRole(role) ? role : null);

/** How a person is named in the log: their name and address, as they are at the time. */
export async function personLabel(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ? `${user.name} <${user.email}>` : userId;
}

/**
 * The log entry of a successful call to the organization plugin, from its path, body and answer; null for
 * the calls that change nothing (reads, checks) and for deleting the team (its log goes with it).
 */
export async function organizationCallEvent(
  db: Kysely<Database>,
  call: { path: string; body: unknown; returned: unknown; actor: { id: string; name: string } },
): Promise<TeamEvent | null> {
  const { path, returned, actor } = call;
  const body = z.object({ resend: z.boolean().optional() }).catch({}).parse(call.body);
  switch (path) {
    case '/organization/create': {
      const team = Team.parse(returned);
      return { teamId: team.id, actor, action: 'team_created', subject: team.name };
    }
    case '/organization/update': {
      const team = Team.parse(returned);
      return { teamId: team.id, actor, action: 'team_renamed', subject: team.name };
    }
    case '/organization/invite-member':
    case '/organization/cancel-invitation': {
      const invitation = Invitation.parse(returned);
      const action =
        path === '/organization/cancel-invitation'
          ? 'invitation_withdrawn'
          : body.resend
            ? 'invitation_resent'
            : 'member_invited';
      return {
        teamId: invitation.organizationId,
        actor,
        action,
        subject: invitation.email,
        role: roleOf(invitation.role),
      };
    }
    case '/organization/accept-invitation':
    case '/organization/reject-invitation': {
      const invitation = Invitation.parse(z.object({ invitation: z.unknown() }).parse(returned).invitation);
      return {
        teamId: invitation.organizationId,
        actor,
        action: path === '/organization/accept-invitation' ? 'invitation_accepted' : 'invitation_declined',
        subject: invitation.email,
        role: roleOf(invitation.role),
      };
    }
    case '/organization/update-member-role':
    case '/organization/leave': {
      const member = Member.parse(returned);
      return {
        teamId: member.organizationId,
        actor,
        action: path === '/organization/leave' ? 'member_left' : 'member_role_changed',
        subject: await personLabel(db, member.userId),
        role: roleOf(member.role),
        concerns: [member.userId],
      };
    }
    case '/organization/remove-member': {
      const member = Member.parse(z.object({ member: z.unknown() }).parse(returned).member);
      return {
        teamId: member.organizationId,
        actor,
        action: 'member_removed',
        subject: await personLabel(db, member.userId),
        concerns: [member.userId],
      };
    }
    default:
      return null;
  }
}

export interface TeamEventView {
  id: string;
  actorName: string;
  action: TeamEventAction;
  subject: string;
  role: TeamRole | null;
  at: Date;
}

/** One page of the team's log, newest first; `before` is the oldest entry of the page shown so far. */
export async function teamEvents(
  ctx: ServiceContext,
  team: TeamMembership,
  input: { before?: { at: Date; id: string } | undefined },
): Promise<{ events: TeamEventView[]; more: boolean }> {
  let query = ctx.db
    .selectFrom('team_events')
    .select(['id', 'actor_name', 'action', 'subject', 'role', 'created_at'])
    .where('team_id', '=', team.teamId);
  const before = input.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.at),
        eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TEAM_EVENTS_PAGE_SIZE + 1)
    .execute();
  return {
    events: rows.slice(0, TEAM_EVENTS_PAGE_SIZE).map((row) => ({
      id: row.id,
      actorName: row.actor_name,
      action: row.action,
      subject: row.subject,
      role: row.role,
      at: row.created_at,
    })),
    more: rows.length > TEAM_EVENTS_PAGE_SIZE,
  };
}
