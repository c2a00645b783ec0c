import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { accountPause } from '../../src/pauses.ts';
import type {
  AssignTeamCardInput,
  CreateTeamCardInput,
  PublishTeamCardInput,
} from '../../src/schemas/team.ts';
import { PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import { teamAccountForNewCard } from '../access/team-account.ts';
import type { ChangeBus } from '../lib/changes.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { assertOwnPhoto } from '../media/service.ts';
import { insertVcard, readVcard } from '../vcards/service.ts';
import { vcardPageUrl } from '../../src/card-address.ts';
import type { TeamMembership } from '../access/team-access.ts';
import { personLabel, recordTeamEvent, teamActorOf } from '../team-records/audit.ts';
import { announceTeamChange, teamMemberIds } from '../team-records/changes.ts';

// A team's cards (docs/decisions/021-teams.md): they belong to the team's own account (teams.account_id), so
// that a card, its short link, its printed QR code and its counts stay with the team when the person it shows
// leaves; `vcards.member_id` says whom a card is for now, `vcards.invitee_email` whom it waits for. A card
// made for someone who has not joined is a draft (`vcards.draft`, docs/decisions/021-teams.md): nothing
// public knows it (server/public-profile/service.ts, server/links/resolve.ts) until they join or an admin
// publishes it, so a card is never live under a name whose person may never come.

export interface TeamCardView {
  id: string;
  name: string;
  position: string | null;
  department: string | null;
  /** The member it is for now; null after an offboarding or while it waits for an invitee. */
  member: { userId: string; name: string; email: string } | null;
  /** The invited address it becomes theirs at, until they join. */
  inviteeEmail: string | null;
  /** Not public yet: it waits for its person to join, or for an admin to publish it. */
  draft: boolean;
  /** Its public page (its QR code opens it through its short link). */
  pageUrl: string;
  /** The QR code it manages (links.id), for the dashboard's downloads of the printed code. */
  qrCodeId: string | null;
  /** Offline because the team's Business plan ended. */
  paused: boolean;
  /** When the team's owner or an admin paused it (teams.setCardPaused); null: not paused by the team. */
  pausedAt: Date | null;
  version: number;
  updatedAt: Date;
}

/** The team's cards, newest first, for its owner and admins. */
export function teamCards(ctx: ServiceContext, team: TeamMembership): Promise<TeamCardView[]> {
  return cardsOfTeam(ctx, team.teamId, null);
}

/** The team's cards that are the signed-in member's. */
export function myTeamCards(ctx: ServiceContext, team: TeamMembership): Promise<TeamCardView[]> {
  return cardsOfTeam(ctx, team.teamId, ctx.user.id);
}

/** A team's cards, newest first; only those of `memberId` when one is named. */
async function cardsOfTeam(
  ctx: ServiceContext,
  teamId: string,
  memberId: string | null,
): Promise<TeamCardView[]> {
  const account = await ctx.db
    .selectFrom('teams')
    .innerJoin('account_plans', 'account_plans.id', 'teams.account_id')
    .select(['teams.account_id', ...PLAN_FACT_COLUMNS])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  if (!account?.account_id) return [];
  const paused = accountPause(account) !== null;
  let query = ctx.db
    .selectFrom('vcards')
    .leftJoin('users', 'users.id', 'vcards.member_id')
    .select([
      'vcards.id',
      'vcards.name',
      'vcards.position',
      'vcards.department',
      'vcards.member_id',
      'vcards.invitee_email',
      'vcards.draft',
      'vcards.paused_at',
      'vcards.version',
      'vcards.updated_at',
      'users.name as memberName',
      'users.email as memberEmail',
    ])
    .select((eb) =>
      eb
        .selectFrom('links')
        .select('links.id')
        .whereRef('links.vcard_id', '=', 'vcards.id')
        .limit(1)
        .as('qrCodeId'),
    )
    .where('vcards.user_id', '=', account.account_id)
    .orderBy('vcards.created_at', 'desc')
    .orderBy('vcards.id');
  if (memberId) query = query.where('vcards.member_id', '=', memberId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    position: row.position,
    department: row.department,
    member:
      row.member_id && row.memberName !== null && row.memberEmail !== null
        ? { userId: row.member_id, name: row.memberName, email: row.memberEmail }
        : null,
    inviteeEmail: row.invitee_email,
    draft: row.draft,
    pageUrl: vcardPageUrl(ctx.config.publicUrl, row.id),
    qrCodeId: row.qrCodeId,
    paused,
    pausedAt: row.paused_at,
    version: row.version,
    updatedAt: row.updated_at,
  }));
}

/** Who a team card is for: a member (by user id) or a pending invitation of the team. */
async function holderOf(
  db: Kysely<Database>,
  teamId: string,
  holder: CreateTeamCardInput['holder'],
): Promise<{ memberId: string | null; inviteeEmail: string | null; label: string }> {
  if (holder.userId !== undefined) {
    const member = await db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', holder.userId)
      .executeTakeFirst();
    if (!member) throw new AppError('not_found');
    return { memberId: member.user_id, inviteeEmail: null, label: await personLabel(db, member.user_id) };
  }
  // the schema lets exactly one of them through
  if (holder.invitationId === undefined) throw new AppError('validation_failed');
  const invitation = await db
    .selectFrom('team_invitations')
    .select('email')
    .where('team_id', '=', teamId)
    .where('id', '=', holder.invitationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!invitation) throw new AppError('invitation_unavailable');
  const email = invitation.email.toLowerCase();
  return { memberId: null, inviteeEmail: email, label: email };
}

/**
 * Tells the team's dashboards (the card lists, a member's own card) that its cards changed; the 'cards'
 * notice of the team's account also drops its cached pages and short links in every process.
 */
export async function announceCards(
  deps: { db: Kysely<Database>; changes: ChangeBus },
  teamId: string,
  account: string,
) {
  deps.changes.publish({ userId: account, topic: 'cards' });
  announceTeamChange(deps.changes, await teamMemberIds(deps.db, teamId));
}

/**
 * An admin makes a team card for a member, or for someone invited who has not joined yet (a draft that
 * becomes theirs, and public, when they do). A team has no card limit (Business); its photo must be one of
 * the team's.
 */
export async function createTeamCard(
  ctx: ServiceContext,
  team: TeamMembership,
  input: CreateTeamCardInput,
): Promise<{ id: string; version: number }> {
  const holder = await holderOf(ctx.db, team.teamId, input.holder);
  const { account, card } = await ctx.db.transaction().execute(async (trx) => {
    const { account, printedDomain } = await teamAccountForNewCard(trx, team.teamId);
    if (input.card.photo) await assertOwnPhoto(trx, account, input.card.photo);
    const card = await insertVcard(trx, ctx.config.publicUrl, account, input.card, {
      holder: {
        member_id: holder.memberId,
        invitee_email: holder.inviteeEmail,
        draft: holder.inviteeEmail !== null,
      },
      identity: { domain: printedDomain },
    });
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: 'card_created',
      subject: `${input.card.name} → ${holder.label}`,
    });
    // to the endpoints of the team's account, the card's owner
    await ctx.webhooks.emit(trx, account, 'card.created', () => readVcard(trx, account, card.id));
    return { account, card };
  });
  await announceCards(ctx, team.teamId, account);
  ctx.webhooks.wake();
  return card;
}

/** A card of the team `teamId` (its account's), for an admin's action on it; another's card: not_found. */
export async function teamCardOf(db: Kysely<Database>, teamId: string, vcardId: string) {
  const card = await db
    .selectFrom('vcards')
    .innerJoin('teams', 'teams.account_id', 'vcards.user_id')
    .select(['vcards.id', 'vcards.name', 'vcards.user_id', 'vcards.member_id'])
    .where('teams.id', '=', teamId)
    .where('vcards.id', '=', vcardId)
    .executeTakeFirst();
  if (!card) throw new AppError('not_found');
  return card;
}

/**
 * An admin hands a team card to another member (offboarding: the printed QR code now opens the
 * successor's card, its short link and counts unchanged), or to nobody for now (`userId` null). A draft
 * handed to a member is theirs, who joined: it is public from now on.
 */
export async function assignTeamCard(
  ctx: ServiceContext,
  team: TeamMembership,
  input: AssignTeamCardInput,
): Promise<void> {
  const card = await teamCardOf(ctx.db, team.teamId, input.vcardId);
  const holder = input.userId ? await holderOf(ctx.db, team.teamId, { userId: input.userId }) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('vcards')
      .set({
        member_id: holder?.memberId ?? null,
        invitee_email: null,
        ...(holder ? { draft: false } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', card.id)
      .execute();
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: holder ? 'card_handed_over' : 'card_unassigned',
      subject: holder ? `${card.name} → ${holder.label}` : card.name,
    });
  });
  await announceCards(ctx, team.teamId, card.user_id);
}

/**
 * Gives a team's cards that were for someone (a member, or an invited address) to `memberId` (null:
 * nobody for now), and tells the team's dashboards (and every process's cached pages). A draft given to a
 * member is public from now on.
 */
async function reassignTeamCards(
  deps: { db: Kysely<Database>; changes: ChangeBus },
  teamId: string,
  from: { column: 'member_id' | 'invitee_email'; value: string },
  memberId: string | null,
): Promise<void> {
  const team = await deps.db
    .selectFrom('teams')
    .select('account_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team?.account_id) return;
  await deps.db
    .updateTable('vcards')
    .set({ member_id: memberId, invitee_email: null, ...(memberId ? { draft: false } : {}) })
    .where('user_id', '=', team.account_id)
    .where(from.column, '=', from.value)
    .execute();
  deps.changes.publish({ userId: team.account_id, topic: 'cards' });
}

/** A member who left or was removed: their team cards stay with the team, for nobody until handed on. */
export function releaseMemberCards(
  deps: { db: Kysely<Database>; changes: ChangeBus },
  teamId: string,
  userId: string,
): Promise<void> {
  return reassignTeamCards(deps, teamId, { column: 'member_id', value: userId }, null);
}

/** Someone invited joined: the cards made for their address are theirs now. */
export function claimInvitedCards(
  deps: { db: Kysely<Database>; changes: ChangeBus },
  teamId: string,
  user: { id: string; email: string },
): Promise<void> {
  return reassignTeamCards(
    deps,
    teamId,
    { column: 'invitee_email', value: user.email.toLowerCase() },
    user.id,
  );
}

/**
 * An admin publishes a draft team card before its person joins (its page, .vcf, short link and the team's
 * directory show it from now on), recorded in the team's log. A card already public stays as it is.
 */
export async function publishTeamCard(
  ctx: ServiceContext,
  team: TeamMembership,
  input: PublishTeamCardInput,
): Promise<void> {
  const card = await teamCardOf(ctx.db, team.teamId, input.vcardId);
  const published = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('vcards')
      .set({ draft: false })
      .where('id', '=', card.id)
      .where('draft', '=', true)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await recordTeamEvent(trx, {
      teamId: team.teamId,
      actor: teamActorOf(ctx),
      action: 'card_published',
      subject: card.name,
    });
    return true;
  });
  if (published) await announceCards(ctx, team.teamId, card.user_id);
}
