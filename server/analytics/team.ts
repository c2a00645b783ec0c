import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dateInTimeZone, rangeWindow } from '../../src/analytics.ts';
import type {
  AnalyticsRangeInput,
  TeamBreakdownsInput,
  TeamBreakdownsSubject,
} from '../../src/schemas/analytics.ts';
import {
  teamFigures,
  type CardHolder,
  type TeamCardFacts,
  type TeamCardFigures,
  type TeamMemberFigures,
} from '../../src/team-analytics.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { membershipOf } from '../access/team-access.ts';
import { AppError } from '../lib/errors.ts';
import type { Config } from '../config.ts';
import {
  analyticsBreakdowns,
  itemsBreakdowns,
  itemVisits,
  type AnalyticsBreakdowns,
  type ItemsBreakdowns,
} from './breakdowns.ts';
import { analyticsOverview, overviewOfDays, type AnalyticsOverview, type AnalyticsScope } from './service.ts';

// A team's analytics (advancedAnalytics, docs/decisions/021-teams.md): the analytics service read with the
// team's account as its scope, so the totals and the chart count every team card and the team's short links
// and nothing else (a member's personal cards are their own account's), plus the team's cards and their
// holders (src/team-analytics.ts teamFigures). Who may read them is decided before: the team's owner and
// admins (the procedure's teamRole, or requireTeamRole in the CSV route).

export interface TeamAnalytics {
  team: { name: string; slug: string };
  overview: AnalyticsOverview;
  cards: TeamCardFigures[];
  members: TeamMemberFigures[];
}

/** Whose analytics a team's are, once its plan includes them. */
export interface TeamAnalyticsScope {
  team: TeamAnalytics['team'];
  /** The team's account; null while the team has none (it is made with the first card): nothing to count. */
  scope: AnalyticsScope | null;
}

/**
 * The scope of a team's analytics when the team's plan includes advancedAnalytics; otherwise plan_required
 * naming Business. A read: the team's account is looked up, never made here.
 */
export async function teamAnalyticsScope(db: Kysely<Database>, teamId: string): Promise<TeamAnalyticsScope> {
  const team = await db
    .selectFrom('teams')
    .leftJoin('team_members as owners', (join) =>
      join.onRef('owners.team_id', '=', 'teams.id').on('owners.role', '=', 'owner'),
    )
    .select(['teams.name', 'teams.slug', 'teams.account_id', 'owners.user_id as owner_id'])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('not_found');
  const { name, slug, account_id: accountId, owner_id: ownerId } = team;
  // the team's plan is its owner's Business plan (account_plans); before the team has an account, its
  // owner's own plan gives the same answer for this Business-only feature ('': no owner, no plan)
  await requireFeature({ db }, accountId ?? ownerId ?? '', 'advancedAnalytics');
  return { team: { name, slug }, scope: accountId ? { db, accountId } : null };
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

/**
 * The card each of the team account's card links (a team card's QR code) serves: of every team card, or
 * of the cards named.
 */
async function cardOfLinks(scope: AnalyticsScope, cardIds?: string[]): Promise<Map<string, string>> {
  if (cardIds?.length === 0) return new Map();
  let query = scope.db
    .selectFrom('links')
    .select(['id', 'vcard_id'])
    .where('user_id', '=', scope.accountId)
    .where('vcard_id', 'is not', null);
  if (cardIds) query = query.where('vcard_id', 'in', cardIds);
  const rows = await query.execute();
  return new Map(rows.flatMap((row) => (row.vcard_id ? [[row.id, row.vcard_id] as const] : [])));
}

/** What the visits of some team cards are counted on: the cards and their links. */
function cardsAndTheirLinks(cardIds: Iterable<string>, links: Map<string, string>): string[] {
  return [...cardIds, ...links.keys()];
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
  const { team, scope } = await teamAnalyticsScope(db, teamId);
  const window = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  if (!scope) return { team, overview: overviewOfDays(input, window, []), cards: [], members: [] };
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
  const { scope } = await teamAnalyticsScope(db, teamId);
  if (!scope) return [];
  const window = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  const own = (await teamCardFacts(scope)).filter(
    (card) => card.holder.kind === 'member' && card.holder.userId === userId,
  );
  const ownIds = own.map((card) => card.id);
  const links = await cardOfLinks(scope, ownIds);
  const items = cardsAndTheirLinks(ownIds, links);
  const [current, previous] = await Promise.all([
    itemVisits(scope, input.timeZone, window.first, window.last, items),
    itemVisits(scope, input.timeZone, window.previousFirst, window.previousLast, items),
  ]);
  return teamFigures(own, links, current, previous).cards;
}

/**
 * The cards and links a team's breakdowns are of: a member's team cards of today, or one team card, each
 * with its QR codes; null for the whole team. not_found for a card that is not the team's or an account
 * that is not the team's member.
 */
async function itemsOf(
  db: Kysely<Database>,
  teamId: string,
  scope: AnalyticsScope,
  subject: TeamBreakdownsSubject,
): Promise<string[] | null> {
  if (subject.kind === 'team') return null;
  if (subject.kind === 'member' && (await membershipOf(db, subject.userId))?.teamId !== teamId) {
    throw new AppError('not_found');
  }
  const teamCards = db.selectFrom('vcards').select('id').where('user_id', '=', scope.accountId);
  const cards = await (
    subject.kind === 'member'
      ? teamCards.where('member_id', '=', subject.userId)
      : teamCards.where('id', '=', subject.vcardId)
  ).execute();
  if (subject.kind === 'card' && cards.length === 0) throw new AppError('not_found');
  const cardIds = cards.map((card) => card.id);
  return cardsAndTheirLinks(cardIds, await cardOfLinks(scope, cardIds));
}

/**
 * The team's visits broken down as a person's own analytics are (sources, media and campaigns, devices,
 * browsers, referrers, countries, how its links served them, unique visitors), read from the team's
 * account: the whole team's, one member's team cards' or one team card's (without unique visitors, which
 * are counted per account); null before the team has an account (nothing to count). plan_required for a
 * team without advancedAnalytics.
 */
export async function teamBreakdowns(
  deps: { db: Kysely<Database>; config: Pick<Config, 'analyticsRecords'> },
  teamId: string,
  input: TeamBreakdownsInput,
  now = new Date(),
): Promise<AnalyticsBreakdowns | ItemsBreakdowns | null> {
  const { scope } = await teamAnalyticsScope(deps.db, teamId);
  if (!scope) return null;
  const items = await itemsOf(deps.db, teamId, scope, input.of);
  const breakdownScope = { ...scope, config: deps.config };
  return items
    ? itemsBreakdowns(breakdownScope, input, items, now)
    : analyticsBreakdowns(breakdownScope, input, now);
}
