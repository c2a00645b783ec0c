import type { AuthContext } from '@better-auth/core';
import type { BetterAuthPlugin } from 'better-auth';
import type { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { OrganizationOptions } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { VALIDATION_MESSAGES } from '../../src/messages.ts';
import { HOUR_IN_SECONDS } from '../../src/email-links.ts';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n.ts';
import { can } from '../../src/plans.ts';
import { TeamNameSchema, TeamSlugSchema } from '../../src/schemas/team.ts';
import {
  INVITABLE_TEAM_ROLES,
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  TEAM_INVITATION_DAYS,
  TEAM_MEMBERS_MAX,
  type InvitableTeamRole,
} from '../../src/teams.ts';
import { planInEffectOf } from '../access/plan-gate.ts';
import type { Config } from '../config.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { inMail, teamBranding, type Branding } from '../branding/branding.ts';
import { AppError } from '../lib/errors.ts';
import { teamInvitation } from '../mail/templates.ts';
import type { WebhookOutbox } from '../webhooks/delivery.ts';
import type { Mailer } from '../mail/types.ts';
import { getProfileLanguage } from '../access/profile-language.ts';
import { membershipOf } from '../access/team-access.ts';
import { isRecordedOrganizationCall, organizationCallEvent, recordTeamEvent } from '../team-records/audit.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';
import { teamAccountFor } from '../access/team-account.ts';
import { claimInvitedCards, releaseMemberCards } from './cards.ts';
import type { TeamInvitationWriter } from './import.ts';
import { invitationUrl } from './service.ts';
import { revokeCrmConnectionsOf } from '../crm/service.ts';

/**
 * The organization plugin's settings that are not code: its limits, how long an invitation lasts, and its
 * models on our tables. The plugin is made with them, and so is its adapter where the CSV import writes
 * invitations through it (server/teams/import.ts).
 */
export const TEAM_ORGANIZATION_OPTIONS = {
  teams: { enabled: false },
  invitationExpiresIn: TEAM_INVITATION_DAYS * 24 * HOUR_IN_SECONDS,
  membershipLimit: TEAM_MEMBERS_MAX,
  invitationLimit: TEAM_MEMBERS_MAX,
  // the invitation's link is the proof of the address only once the account has confirmed it
  requireEmailVerificationOnInvitation: true,
  schema: {
    session: { fields: { activeOrganizationId: 'active_team_id' } },
    organization: { modelName: 'teams', fields: { createdAt: 'created_at' } },
    member: {
      modelName: 'team_members',
      fields: { organizationId: 'team_id', userId: 'user_id', createdAt: 'created_at' },
    },
    invitation: {
      modelName: 'team_invitations',
      fields: {
        organizationId: 'team_id',
        teamId: 'sub_team_id',
        inviterId: 'inviter_id',
        expiresAt: 'expires_at',
        createdAt: 'created_at',
      },
    },
  },
} satisfies OrganizationOptions;

/**
 * The e-mail of an invitation, in the team's name: in the invitee's language when the address has an
 * account, else in the inviter's (`inviter.locale` when the caller knows it), with the team's brand
 * (`teamBranding` when the caller has read it). Given `trx`, it is queued in that transaction (the CSV
 * import's row).
 */
export async function mailTeamInvitation(
  deps: { db: Kysely<Database>; config: Pick<Config, 'publicUrl'>; mailer: Mailer },
  invitation: {
    id: string;
    email: string;
    role: InvitableTeamRole;
    teamId: string;
    teamName: string;
    /** The team's brand (teamBranding), read once for many invitations (the CSV import's). */
    teamBranding?: Branding;
    inviter: { id: string; name: string; locale?: Locale };
  },
  trx?: Transaction<Database>,
  /** The invitee's account (null: none) when the caller has read it already. */
  knownInvitee?: { id: string; language: Locale } | null,
): Promise<void> {
  const db = trx ?? deps.db;
  const { inviter } = invitation;
  const invitee =
    knownInvitee === undefined
      ? await db
          .selectFrom('users')
          .leftJoin('profiles', 'profiles.id', 'users.id')
          .select(['users.id', 'profiles.language'])
          .where((eb) => eb(eb.fn('lower', ['users.email']), '=', invitation.email.toLowerCase()))
          .executeTakeFirst()
      : knownInvitee;
  const locale = invitee
    ? (invitee.language ?? DEFAULT_LOCALE)
    : (inviter.locale ?? (await getProfileLanguage(db, inviter.id)));
  // a white-label team's invitation carries the team's brand, not Tapcard's
  const branding = inMail(
    invitation.teamBranding ?? (await teamBranding(db, invitation.teamId)),
    deps.config.publicUrl,
  );
  const mail = teamInvitation(
    locale,
    {
      inviterName: inviter.name,
      teamName: invitation.teamName,
      role: invitation.role,
      url: invitationUrl(deps.config, invitation.id),
    },
    branding,
  );
  await deps.mailer.send(
    { to: invitation.email, ...mail },
    { kind: 'team_invitation', userId: invitee?.id ?? null },
    trx,
  );
}

/**
 * The CSV import's invitations (server/teams/import.ts), made by the organization plugin's own adapter (its
 * ids, its status and the expiry it is configured with) writing through the import row's transaction, so
 * that the invitation, the invitee's card and the e-mail are kept together or not at all.
 */
export function invitationsThroughPlugin(authContext: Promise<AuthContext>): TeamInvitationWriter {
  return {
    async inviter(importer) {
      const [{ getOrgAdapter }, { runWithAdapter }, { getAdapter }, context] = await Promise.all([
        import('better-auth/plugins'),
        import('@better-auth/core/context'),
        import('better-auth/db/adapter'),
        authContext,
      ]);
      const user = await context.internalAdapter.findUserById(importer.id);
      if (!user) throw new AppError('unauthenticated');
      const organization = getOrgAdapter(context, TEAM_ORGANIZATION_OPTIONS);
      return async (trx, { teamId, email, role }) => {
        const adapter = await getAdapter({ ...context.options, database: { db: trx, type: 'postgres' } });
        const invitation = await runWithAdapter(adapter, () =>
          organization.createInvitation({
            invitation: { email, role, organizationId: teamId, teamIds: [] },
            user,
          }),
        );
        return invitation.id;
      };
    },
  };
}

/**
 * Teams through better-auth's organization plugin, on our tables (db/migrations/…_add_teams.ts), with the
 * rules it leaves to us (docs/decisions/021-teams.md):
 * - Only an account whose plan in effect includes teamAccess (Business) creates a team.
 * - One team per person: creating, being added and accepting an invitation are refused to a member of a
 *   team (the database's unique members.user_id is the last word).
 * - A team has one owner: nobody is invited or promoted to owner, and the owner's own role changes only by
 *   transferring ownership (the teams router).
 * - Invitations are valid TEAM_INVITATION_DAYS, sent in the invitee's language when they have an account
 *   (else the inviter's), and accepted only by a confirmed address. Accepting finishes onboarding (no plan
 *   to choose, no personal card to make).
 * - The plugin's own sub-teams stay off.
 * Refusals carry our codes (src/errors.ts reasons, upper-cased), which the client translates.
 */
export async function teamPlugin(deps: TeamPluginDeps): Promise<BetterAuthPlugin> {
  const { db, config, mailer } = deps;
  const [{ organization }, api] = await Promise.all([
    import('better-auth/plugins'),
    import('better-auth/api'),
  ]);
  const refusals = teamRefusals(db, api);

  const plugin = organization({
    ...TEAM_ORGANIZATION_OPTIONS,
    sendInvitationEmail: ({ id, email, role, organization: team, inviter }) =>
      mailTeamInvitation(
        { db, config, mailer },
        {
          id,
          email,
          role: role as InvitableTeamRole,
          teamId: team.id,
          teamName: team.name,
          inviter: inviter.user,
        },
      ),
    organizationHooks: {
      ...teamCreationHooks(deps, refusals),
      ...teamDeletionHooks(deps),
      ...membershipHooks(deps, refusals),
    },
  });

  return {
    ...plugin,
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === INVITE_PATH, handler: invitationMailLimit(deps, api, refusals) },
      ],
      after: [
        { matcher: (ctx) => isRecordedOrganizationCall(ctx.path), handler: teamCallRecorder(deps, api) },
      ],
    },
  };
}

interface TeamPluginDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  changes: ChangeBus;
  webhooks: WebhookOutbox;
}

/** The parts of better-auth/api the plugin's own hooks are made with (loaded with the plugin). */
interface AuthApi {
  APIError: typeof APIError;
  createAuthMiddleware: typeof createAuthMiddleware;
  getSessionFromCtx: typeof getSessionFromCtx;
}

type OrganizationHooks = NonNullable<OrganizationOptions['organizationHooks']>;

type TeamRefusals = ReturnType<typeof teamRefusals>;

/** The refusals of the team rules, as better-auth's errors with our codes (which the client translates). */
function teamRefusals(db: Kysely<Database>, { APIError }: AuthApi) {
  const refuse = (
    status: 'FORBIDDEN' | 'CONFLICT' | 'BAD_REQUEST' | 'TOO_MANY_REQUESTS',
    code: string,
    message: string,
  ) => new APIError(status, { code, message });

  const refuseIfInTeam = async (userId: string) => {
    if (await membershipOf(db, userId)) {
      throw refuse('CONFLICT', 'ALREADY_IN_TEAM', 'A person belongs to one team at most.');
    }
  };

  const refuseInvalid = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    if (!result.success) {
      const message = result.error?.issues[0]?.message ?? 'validation.invalid';
      throw refuse('BAD_REQUEST', AUTH_ERROR_CODES.validationFailed, message);
    }
  };

  // the logo is set by teams.setLogo, which checks that it is the team's own photo (server/teams/logo.ts)
  const refuseLogo = (logo: unknown) => {
    if (logo !== undefined) {
      throw refuse('BAD_REQUEST', AUTH_ERROR_CODES.validationFailed, VALIDATION_MESSAGES.photoInvalid);
    }
  };

  const refuseOwnerRole = (role: string) => {
    if (!(INVITABLE_TEAM_ROLES as readonly string[]).includes(role)) {
      throw refuse('FORBIDDEN', 'OWNER_MUST_TRANSFER', 'Ownership is transferred, not given by a role.');
    }
  };

  return { refuse, refuseIfInTeam, refuseInvalid, refuseLogo, refuseOwnerRole };
}

/** A team's creation (by a Business account that is in no team yet) and the changes of its name or slug. */
function teamCreationHooks(
  { db }: TeamPluginDeps,
  { refuse, refuseIfInTeam, refuseInvalid, refuseLogo }: TeamRefusals,
) {
  return {
    beforeCreateOrganization: async ({ organization: team, user }) => {
      refuseInvalid(TeamNameSchema.safeParse(team.name ?? ''));
      refuseInvalid(TeamSlugSchema.safeParse(team.slug ?? ''));
      refuseLogo(team.logo);
      if (!can(await planInEffectOf({ db }, user.id), 'teamAccess')) {
        throw refuse('FORBIDDEN', 'PLAN_REQUIRED', 'A team is part of the Business plan.');
      }
      await refuseIfInTeam(user.id);
    },
    beforeUpdateOrganization: async ({ organization: team }) => {
      if (team.name !== undefined) refuseInvalid(TeamNameSchema.safeParse(team.name));
      if (team.slug !== undefined) refuseInvalid(TeamSlugSchema.safeParse(team.slug));
      refuseLogo(team.logo);
      return Promise.resolve();
    },
    // the team's account exists from the start, so its members' live updates include its cards
    afterCreateOrganization: async ({ organization: team }) => {
      await db.transaction().execute((trx) => teamAccountFor(trx, team.id));
    },
  } satisfies OrganizationHooks;
}

function teamDeletionHooks({ db, config, changes }: TeamPluginDeps) {
  // a deleted team's members and account, read before it goes: the members are told once it is gone, and
  // its account goes with it
  const deletedTeams = new Map<string, { members: string[]; account: string | null }>();

  return {
    beforeDeleteOrganization: async ({ organization: team }) => {
      const row = await db
        .selectFrom('teams')
        .select('account_id')
        .where('id', '=', team.id)
        .executeTakeFirst();
      deletedTeams.set(team.id, {
        members: await teamMemberIds(db, team.id),
        account: row?.account_id ?? null,
      });
    },
    // the team's cards, links and counts go with its account (cascade); their short-link codes stay held,
    // and the clean-up removes the photo files nothing points to any more
    afterDeleteOrganization: async ({ organization: team }) => {
      const deleted = deletedTeams.get(team.id);
      deletedTeams.delete(team.id);
      if (deleted?.account) {
        // its CRMs stop accepting the tokens the team gave us (docs/decisions/026-crm-connectors.md)
        await revokeCrmConnectionsOf({ db, config }, deleted.account);
        await db.deleteFrom('users').where('id', '=', deleted.account).execute();
        changes.publish({ userId: deleted.account, topic: 'cards' });
      }
      announceTeamChange(changes, deleted?.members ?? []);
    },
  } satisfies OrganizationHooks;
}

/** Joining a team (added, or by an invitation) and a member's role: one team per person, one owner. */
function membershipHooks(
  { db, changes, logger, webhooks }: TeamPluginDeps,
  { refuse, refuseIfInTeam, refuseOwnerRole }: TeamRefusals,
) {
  return {
    beforeAddMember: async ({ member }) => {
      await refuseIfInTeam(member.userId);
    },
    beforeCreateInvitation: async ({ invitation }) => {
      refuseOwnerRole(invitation.role);
      return Promise.resolve();
    },
    beforeAcceptInvitation: async ({ user }) => {
      await refuseIfInTeam(user.id);
    },
    // A member joins without choosing a plan or making a personal card: joining finishes onboarding,
    // as their card is the team's (an admin's, made before or after they join); their personal account
    // stays Free unless they buy.
    afterAcceptInvitation: async ({ invitation, user, organization: team }) => {
      await db
        .updateTable('profiles')
        .set({ plan_chosen: true, initialized: true })
        .where('id', '=', user.id)
        .execute();
      await claimInvitedCards({ db, changes }, team.id, user);
      await queueOwedMemberJoined(db, webhooks, invitation.id).catch((error: unknown) =>
        // the membership stands; the webhook round queues the event it is owed
        logger.error({ err: error }, 'team.member_joined could not be queued; the webhook round will'),
      );
    },
    beforeUpdateMemberRole: async ({ member, newRole }) => {
      refuseOwnerRole(newRole);
      if (member.role === 'owner') {
        throw refuse('FORBIDDEN', 'OWNER_MUST_TRANSFER', "The owner's role changes by a transfer.");
      }
      return Promise.resolve();
    },
  } satisfies OrganizationHooks;
}

/**
 * Every successful call that changes a team: its audit log's entry (server/team-records/audit.ts), and the live
 * update of its members' pages (and of the person it concerned, who may have left).
 */
function teamCallRecorder(
  { db, changes, logger }: TeamPluginDeps,
  { APIError, createAuthMiddleware, getSessionFromCtx }: AuthApi,
) {
  return createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    if (!returned || returned instanceof APIError || returned instanceof Response) return;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (!session) return;
    const actor = { id: session.user.id, name: session.user.name };
    try {
      const event = await organizationCallEvent(db, { path: ctx.path, body: ctx.body, returned, actor });
      if (!event) return;
      await recordTeamEvent(db, event);
      // someone who leaves leaves their team cards with the team
      if (event.action === 'member_left' || event.action === 'member_removed') {
        for (const userId of event.concerns ?? [])
          await releaseMemberCards({ db, changes }, event.teamId, userId);
      }
      announceTeamChange(changes, [
        ...(await teamMemberIds(db, event.teamId)),
        actor.id,
        ...(event.concerns ?? []),
      ]);
    } catch (error) {
      // the change itself is made: its answer stands, and the missing entry is in the log of the server
      logger.error({ err: error, path: ctx.path }, 'team audit entry could not be written');
    }
  });
}

/**
 * An invitation, or its resend, to an address that had its day's invitation e-mails is refused before
 * anything is written (the plugin would extend a resent invitation first).
 */
function invitationMailLimit(
  { db }: TeamPluginDeps,
  { createAuthMiddleware }: AuthApi,
  { refuse }: TeamRefusals,
) {
  return createAuthMiddleware(async (ctx) => {
    const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    if ((await invitationMailsToday(db, email)) >= INVITATION_MAILS_PER_ADDRESS_PER_DAY) {
      throw refuse(
        'TOO_MANY_REQUESTS',
        'INVITATION_MAIL_LIMIT',
        'This address had its invitation e-mails for today.',
      );
    }
  });
}

const INVITE_PATH = '/organization/invite-member';

/** The invitation e-mails queued for `email` (any case) in the last 24 hours, from every team. */
async function invitationMailsToday(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('kind', '=', 'team_invitation')
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.trim().toLowerCase()))
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Owed team.member_joined events one round queues at most; the rest wait for the next round. */
const OWED_MEMBER_JOINED_PER_ROUND = 100;

/**
 * Queues the team.member_joined events still owed: of accepted invitations whose person is a member of the
 * team and whose event was not queued (member_joined_queued_at), marked so in the transaction that queues
 * them (migration 2026-12-02T0600). better-auth commits the membership in its own writes, before our hook
 * runs, so the event cannot share its transaction: the acceptance's hook queues it right away (given its
 * invitation), and the webhook round (startCountsSender) queues any that the hook did not (its process
 * stopped, its database call failed). Locked and marked in one transaction: each joining is queued once,
 * by whichever gets there first. Returns how many were queued.
 */
export async function queueOwedMemberJoined(
  db: Kysely<Database>,
  webhooks: WebhookOutbox,
  invitationId?: string,
): Promise<number> {
  const queued = await db.transaction().execute(async (trx) => {
    let owed = trx
      .selectFrom('team_invitations as i')
      .innerJoin('teams', 'teams.id', 'i.team_id')
      .innerJoin('users', (join) => join.on(sql<boolean>`lower(users.email) = lower(i.email)`))
      .innerJoin('team_members as m', (join) =>
        join.onRef('m.team_id', '=', 'i.team_id').onRef('m.user_id', '=', 'users.id'),
      )
      .select(['i.team_id', 'teams.name as teamName', 'users.id', 'users.name', 'users.email'])
      .where('i.status', '=', 'accepted')
      .where('i.member_joined_queued_at', 'is', null)
      .orderBy('i.created_at')
      .limit(OWED_MEMBER_JOINED_PER_ROUND)
      .forUpdate('i')
      .skipLocked();
    if (invitationId) owed = owed.where('i.id', '=', invitationId);
    let count = 0;
    for (const joined of await owed.execute()) {
      // every accepted invitation of this person to this team: one joining, one event
      const marked = await trx
        .updateTable('team_invitations')
        .set({ member_joined_queued_at: new Date() })
        .where('team_id', '=', joined.team_id)
        .where(sql<boolean>`lower(email) = ${joined.email.toLowerCase()}`)
        .where('status', '=', 'accepted')
        .where('member_joined_queued_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) continue;
      await emitMemberJoined(trx, webhooks, { id: joined.team_id, name: joined.teamName }, joined);
      count += 1;
    }
    return count;
  });
  if (queued > 0) webhooks.wake();
  return queued;
}

/**
 * team.member_joined, to the endpoints of the team's account (none while the team has no account: no card,
 * key or endpoint yet), queued in `trx`.
 */
async function emitMemberJoined(
  trx: Transaction<Database>,
  webhooks: WebhookOutbox,
  team: { id: string; name: string },
  user: { id: string; name: string; email: string },
): Promise<void> {
  const account = await trx
    .selectFrom('teams')
    .select('account_id')
    .where('id', '=', team.id)
    .executeTakeFirst();
  if (!account?.account_id) return;
  const member = await trx
    .selectFrom('team_members')
    .select(['role', 'created_at as joinedAt'])
    .where('team_id', '=', team.id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  await webhooks.emit(trx, account.account_id, 'team.member_joined', () => ({
    team: { id: team.id, name: team.name },
    member: {
      userId: user.id,
      name: user.name,
      email: user.email,
      role: member?.role ?? null,
      joinedAt: member?.joinedAt ?? null,
    },
  }));
}
