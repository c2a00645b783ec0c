import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { isTeamRole, TEAM_EVENTS_PAGE_SIZE, type TeamEventAction, type TeamRole } from '../../src/teams.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import type { TeamMembership } from '../access/team-access.ts';

// A team's audit log (docs/decisions/021-teams.md): who changed which member, invitation or setting of the
// team, and when, for its owner and admins; kept TEAM_EVENTS_KEPT_DAYS, then removed by the nightly clean-up.
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
  /** A team card's edit: the card form's paths of the fields it changed (src/form-paths.ts). */
  fields?: string[];
}

/**
 * Who a team's log names for a change made in `ctx`: the signed-in person, or the REST API's key (whose
 * account, the team's, is the actor's id: teamEvents tells a key's entries by it).
 */
export function teamActorOf(ctx: Pick<ServiceContext, 'user' | 'apiKey'>): TeamEvent['actor'] {
  return { id: ctx.user.id, name: ctx.apiKey?.name ?? ctx.user.name };
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
      fields: event.fields && event.fields.length > 0 ? event.fields.join(',') : null,
      // the statement's time, not its transaction's: entries written together (the CSV import's rows)
      // keep the order they happened in
      created_at: sql<Date>`clock_timestamp()`,
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
 * The team whose account `accountId` is, with the address its cards' QR codes are printed with
 * (server/teams/printed-domain.ts); null for a person's own account.
 */
export async function teamOfAccount(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ id: string; printedDomain: string | null } | null> {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'printed_domain as printedDomain'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return team ?? null;
}

/**
 * A team card's fields saved (by an admin, the member it is for or the team's key), the card made or deleted:
 * its entry names the card and whom it is for.
 */
export async function recordTeamCardChange(
  db: Kysely<Database>,
  change: {
    action: 'card_created' | 'card_edited' | 'card_deleted';
    teamId: string;
    actor: { id: string; name: string };
    cardName: string;
    memberId: string | null;
    /** An edit's changed fields. */
    fields?: string[];
  },
): Promise<void> {
  const holder = change.memberId ? await personLabel(db, change.memberId) : null;
  await recordTeamEvent(db, {
    teamId: change.teamId,
    actor: change.actor,
    action: change.action,
    subject: holder ? `${change.cardName} → ${holder}` : change.cardName,
    ...(change.fields ? { fields: change.fields } : {}),
  });
}

interface OrganizationCall {
  body: unknown;
  returned: unknown;
  actor: { id: string; name: string };
}

const invitationEvent =
  (action: (call: OrganizationCall) => TeamEventAction) =>
  (call: OrganizationCall): TeamEvent => {
    const invitation = Invitation.parse(call.returned);
    return {
      teamId: invitation.organizationId,
      actor: call.actor,
      action: action(call),
      subject: invitation.email,
      role: roleOf(invitation.role),
    };
  };

const answeredInvitationEvent =
  (action: TeamEventAction) =>
  (call: OrganizationCall): TeamEvent => {
    const invitation = Invitation.parse(
      z.object({ invitation: z.unknown() }).parse(call.returned).invitation,
    );
    return {
      teamId: invitation.organizationId,
      actor: call.actor,
      action,
      subject: invitation.email,
      role: roleOf(invitation.role),
    };
  };

const memberEvent =
  (action: TeamEventAction, memberOf: (returned: unknown) => unknown) =>
  async (call: OrganizationCall, db: Kysely<Database>): Promise<TeamEvent> => {
    const member = Member.parse(memberOf(call.returned));
    return {
      teamId: member.organizationId,
      actor: call.actor,
      action,
      subject: await personLabel(db, member.userId),
      role: action === 'member_removed' ? null : roleOf(member.role),
      concerns: [member.userId],
    };
  };

const teamEvent =
  (action: TeamEventAction) =>
  (call: OrganizationCall): TeamEvent => {
    const team = Team.parse(call.returned);
    return { teamId: team.id, actor: call.actor, action, subject: team.name };
  };

/**
 * The organization plugin's calls that change a team, each with how its log entry is read from the call's
 * body and answer. Reads and checks change nothing; deleting the team takes its log with it.
 */
const ORGANIZATION_CALL_EVENTS: Record<
  string,
  (call: OrganizationCall, db: Kysely<Database>) => TeamEvent | Promise<TeamEvent>
> = {
  '/organization/create': teamEvent('team_created'),
  '/organization/update': teamEvent('team_renamed'),
  '/organization/invite-member': invitationEvent(({ body }) =>
    z.object({ resend: z.boolean().optional() }).catch({}).parse(body).resend
      ? 'invitation_resent'
      : 'member_invited',
  ),
  '/organization/cancel-invitation': invitationEvent(() => 'invitation_withdrawn'),
  '/organization/accept-invitation': answeredInvitationEvent('invitation_accepted'),
  '/organization/reject-invitation': answeredInvitationEvent('invitation_declined'),
  '/organization/update-member-role': memberEvent('member_role_changed', (returned) => returned),
  '/organization/leave': memberEvent('member_left', (returned) => returned),
  '/organization/remove-member': memberEvent(
    'member_removed',
    (returned) => z.object({ member: z.unknown() }).parse(returned).member,
  ),
};

/** Whether a successful call to this path of the organization plugin is an entry of the team's log. */
export function isRecordedOrganizationCall(path: string | undefined): boolean {
  return path !== undefined && Object.hasOwn(ORGANIZATION_CALL_EVENTS, path);
}

/** The log entry of a successful call to the organization plugin, from its path, body and answer. */
export async function organizationCallEvent(
  db: Kysely<Database>,
  call: OrganizationCall & { path: string },
): Promise<TeamEvent | null> {
  const eventOf = ORGANIZATION_CALL_EVENTS[call.path];
  return eventOf ? eventOf(call, db) : null;
}

export interface TeamEventView {
  id: string;
  actorName: string;
  /** A person, or the team's REST API key (actorName is then the key's name). */
  actorKind: 'person' | 'apiKey';
  action: TeamEventAction;
  subject: string;
  role: TeamRole | null;
  /** A team card's edit: the card form's paths of the fields it changed; empty for other entries. */
  fields: string[];
  at: Date;
}

/**
 * One page of the team's log, newest first; `before` is the id of the oldest entry shown so far. The
 * cursor is compared with that entry's stored time, not a copy sent back by the client: a JavaScript
 * Date keeps milliseconds and the column keeps microseconds, so a copied time skips entries.
 */
export async function teamEvents(
  ctx: ServiceContext,
  team: TeamMembership,
  input: { before?: string | undefined },
): Promise<{ events: TeamEventView[]; more: boolean }> {
  let query = ctx.db
    .selectFrom('team_events')
    .innerJoin('teams', 'teams.id', 'team_events.team_id')
    .select([
      'team_events.id',
      'team_events.actor_name',
      'team_events.action',
      'team_events.subject',
      'team_events.role',
      'team_events.fields',
      'team_events.created_at',
    ])
    // the team's own account acts only through its API keys
    .select((eb) => eb('team_events.actor_id', '=', eb.ref('teams.account_id')).as('by_key'))
    .where('team_events.team_id', '=', team.teamId);
  const before = input.before;
  if (before) {
    query = query.where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('team_events.created_at', 'team_events.id'),
        '<',
        selectFrom('team_events as oldest_shown')
          .select(['oldest_shown.created_at', 'oldest_shown.id'])
          .where('oldest_shown.id', '=', before)
          .where('oldest_shown.team_id', '=', team.teamId)
          .$asTuple('created_at', 'id'),
      ),
    );
  }
  const rows = await query
    .orderBy('team_events.created_at', 'desc')
    .orderBy('team_events.id', 'desc')
    .limit(TEAM_EVENTS_PAGE_SIZE + 1)
    .execute();
  return {
    events: rows.slice(0, TEAM_EVENTS_PAGE_SIZE).map((row) => ({
      id: row.id,
      actorName: row.actor_name,
      actorKind: row.by_key ? ('apiKey' as const) : ('person' as const),
      action: row.action,
      subject: row.subject,
      role: row.role,
      fields: row.fields ? row.fields.split(',') : [],
      at: row.created_at,
    })),
    more: rows.length > TEAM_EVENTS_PAGE_SIZE,
  };
}
