import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dateInTimeZone, rangeWindow } from '../../src/analytics.ts';
import type { AnalyticsRangeInput } from '../../src/schemas/analytics.ts';
import {
  teamFigures,
  type CardHolder,
  type TeamCardFacts,
  type TeamCardFigures,
  type TeamMemberFigures,
} from '../../src/team-analytics.ts';
import { requireFeature } from '../billing/plan-gate.ts';
import { AppError } from '../lib/errors.ts';
import { teamAccountFor } from '../teams/cards.ts';
import { itemVisits } from './breakdowns.ts';
import { analyticsOverview, type AnalyticsOverview, type AnalyticsScope } from './service.ts';

// A team's analytics (advancedAnalytics, DECISIONS.md "Teams"): the analytics service read with the team's
// account as its scope, so the totals and the chart count every team card and the team's short links and
// nothing else (a member's personal cards are their own account's), plus the team's cards and their
// holders (src/team-analytics.ts teamFigures). Who may read them is decided before: the team's owner and
// admins (the procedure's teamRole, or requireTeamRole in the CSV route).

export interface TeamAnalytics {
  team: { name: string; slug: string };
  overview: AnalyticsOverview;
  cards: TeamCardFigures[];
  members: TeamMemberFigures[];
}

/**
 * The scope of a team's analytics: its account (made here when the team has no card yet, as its first
 * card would, so that the team's plan is read by the one rule of account_plans) when the team's plan
 * includes advancedAnalytics; otherwise plan_required naming Business.
 */
export async function teamAnalyticsScope(
  db: Kysely<Database>,
  teamId: string,
): Promise<AnalyticsScope & { team: TeamAnalytics['team'] }> {
  const team = await db
    .selectFrom('teams')
    .select(['name', 'slug'])
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('not_found');
  const accountId = await db.transaction().execute((trx) => teamAccountFor(trx, teamId));
  await requireFeature({ db }, accountId, 'advancedAnalytics');
  return { db, accountId, team };
}

/** The team's cards with whom each is for now; a member's name and address as their account has them. */
async function teamCardFacts(scope: AnalyticsScope): Promise<TeamCardFacts[]> {
  const rows = await scope.db
    .selectFrom('vcards')
    .leftJoin('users', 'users.id', 'vcards.member_id')
    .select([
      'vcards.id',
      'vcards.name',
      'vcards.member_id',
      'vcards.invitee_email',
      'users.name as member_name',
      'users.email as member_email',
    ])
    .where('vcards.user_id', '=', scope.accountId)
    .execute();
  return rows.map((row) => {
    const holder: CardHolder =
      row.member_id && row.member_email !== null
        ? { kind: 'member', userId: row.member_id, name: row.member_name ?? '', email: row.member_email }
        : row.invitee_email
          ? { kind: 'invitee', email: row.invitee_email }
          : { kind: 'none' };
    return { id: row.id, name: row.name, holder };
  });
}

/** The card each of the team account's card links (a team card's QR code) serves. */
async function cardOfLinks(scope: AnalyticsScope): Promise<Map<string, string>> {
  const rows = await scope.db
    .selectFrom('links')
    .select(['id', 'vcard_id'])
    .where('user_id', '=', scope.accountId)
    .where('vcard_id', 'is not', null)
    .execute();
  return new Map(rows.flatMap((row) => (row.vcard_id ? [[row.id, row.vcard_id] as const] : [])));
}

/**
 * The team's figures for the range that ends today in the person's time zone, compared with the period
 * before: its totals and chart (analyticsOverview of the team's account), per card and per holder.
 * plan_required for a team without advancedAnalytics.
 */
export async function teamAnalytics(
  db: Kysely<Database>,
  teamId: string,
  input: AnalyticsRangeInput,
  now = new Date(),
): Promise<TeamAnalytics> {
  const { team, ...scope } = await teamAnalyticsScope(db, teamId);
  const window = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  const [overview, cards, links, current, previous] = await Promise.all([
    analyticsOverview(scope, input, now),
    teamCardFacts(scope),
    cardOfLinks(scope),
    itemVisits(scope, input.timeZone, window.first, window.last),
    itemVisits(scope, input.timeZone, window.previousFirst, window.previousLast),
  ]);
  return { team, overview, ...teamFigures(cards, links, current, previous) };
}

/**
 * The figures of the team cards that are `userId`'s now, for the range: what a member sees of their own
 * team card beside it on the team page (the team's other cards are not read). plan_required for a team
 * without advancedAnalytics.
 */
export async function memberTeamCardFigures(
  db: Kysely<Database>,
  teamId: string,
  userId: string,
  input: AnalyticsRangeInput,
  now = new Date(),
): Promise<TeamCardFigures[]> {
  // advancedAnalytics, which the scope requires, includes every range
  const { team: _team, ...scope } = await teamAnalyticsScope(db, teamId);
  const window = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  const [cards, links] = await Promise.all([teamCardFacts(scope), cardOfLinks(scope)]);
  const own = cards.filter((card) => card.holder.kind === 'member' && card.holder.userId === userId);
  const ownIds = new Set(own.map((card) => card.id));
  const items = [...ownIds, ...[...links].filter(([, card]) => ownIds.has(card)).map(([link]) => link)];
  const [current, previous] = await Promise.all([
    itemVisits(scope, input.timeZone, window.first, window.last, items),
    itemVisits(scope, input.timeZone, window.previousFirst, window.previousLast, items),
  ]);
  return teamFigures(own, links, current, previous).cards;
}
