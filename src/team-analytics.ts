import {
  ACTIVITY_METRICS,
  changePercent,
  interactionsOf,
  zeroActivity,
  type ActivityMetric,
} from './analytics.ts';

// A team's analytics (advancedAnalytics, docs/decisions/021-teams.md): the visits and leads of the team
// account's cards and links grouped per team card and per person a card is for. Counts belong to the card: a
// card handed to another member takes its whole history with it, so every row is read with the card's holder
// of today.

export type Counts = Record<ActivityMetric, number>;

/** Whom a team card is for now: a member, an invited address that has not joined yet, or nobody. */
export type CardHolder =
  | { kind: 'member'; userId: string; name: string; email: string }
  | { kind: 'invitee'; email: string }
  | { kind: 'none' };

/** The interactions (scans + views + clicks + leads) of a row in the range and in the period it is compared with. */
export interface InteractionsTotal {
  current: number;
  previous: number;
  /** Percent against the previous period; null when it had nothing (src/analytics.ts changePercent). */
  change: number | null;
}

export interface TeamCardFacts {
  id: string;
  name: string;
  holder: CardHolder;
}

/**
 * A team card's figures; `id` null for the team account's visits on no card of today (a short link made
 * for no card, views of a card deleted since), so that the rows add up to the team's totals.
 */
export type TeamCardFigures = Counts & {
  id: string | null;
  name: string;
  holder: CardHolder;
  interactions: InteractionsTotal;
};

/** A holder's team cards summed (the row of `none` holds the unassigned cards and the visits on no card). */
export type TeamMemberFigures = Counts & {
  holder: CardHolder;
  /** How many team cards are theirs. */
  cards: number;
  interactions: InteractionsTotal;
};

function addCounts(into: Counts, counts: Counts | undefined): void {
  if (!counts) return;
  for (const metric of ACTIVITY_METRICS) into[metric] += counts[metric];
}

/** One key per holder: a member by account, an invitee by address (case aside), and one for nobody. */
export function holderKey(holder: CardHolder): string {
  switch (holder.kind) {
    case 'member':
      return `member:${holder.userId}`;
    case 'invitee':
      return `invitee:${holder.email.toLowerCase()}`;
    case 'none':
      return 'none';
  }
}

/** The name a holder is sorted by: a member's name, an invitee's address; nobody last among equals. */
function holderName(holder: CardHolder): string {
  return holder.kind === 'member' ? holder.name : holder.kind === 'invitee' ? holder.email : '\uffff';
}

/** Most interactions first; equal ones by name. */
function byInteractions<T extends Counts>(name: (row: T) => string) {
  return (a: T, b: T) => interactionsOf(b) - interactionsOf(a) || name(a).localeCompare(name(b));
}

/**
 * The team's figures from its account's visits per item (a card's id for its views, a link's id for its
 * scans and clicks: server/analytics/breakdowns.ts itemVisits), in the range and in the compared period.
 * `cardOfLink` names the card each of the account's card links serves. Every card is a row, visited or
 * not; every visit is in exactly one card row and one holder row, so each list adds up to the team's
 * totals.
 */
export function teamFigures(
  cards: readonly TeamCardFacts[],
  cardOfLink: ReadonlyMap<string, string>,
  current: ReadonlyMap<string, Counts>,
  previous: ReadonlyMap<string, Counts>,
): { cards: TeamCardFigures[]; members: TeamMemberFigures[] } {
  const known = new Set(cards.map((card) => card.id));
  const cardOf = (item: string): string | null => {
    if (known.has(item)) return item;
    const card = cardOfLink.get(item);
    return card !== undefined && known.has(card) ? card : null;
  };
  const sum = (visits: ReadonlyMap<string, Counts>) => {
    const perCard = new Map<string | null, Counts>();
    for (const [item, counts] of visits) {
      const card = cardOf(item);
      const total = perCard.get(card) ?? zeroActivity();
      addCounts(total, counts);
      perCard.set(card, total);
    }
    return perCard;
  };
  const now = sum(current);
  const before = sum(previous);

  const none: CardHolder = { kind: 'none' };
  const rows: TeamCardFigures[] = cards.map((card) => cardRow(card.id, card.name, card.holder));
  if (now.has(null) || before.has(null)) rows.push(cardRow(null, '', none));
  function cardRow(id: string | null, name: string, holder: CardHolder): TeamCardFigures {
    const counts = now.get(id) ?? zeroActivity();
    const earlier = interactionsOf(before.get(id) ?? zeroActivity());
    return { id, name, holder, ...counts, interactions: interactionsTotal(interactionsOf(counts), earlier) };
  }

  const members = new Map<string, TeamMemberFigures>();
  for (const row of rows) {
    const key = holderKey(row.holder);
    const member = members.get(key) ?? {
      holder: row.holder,
      cards: 0,
      ...zeroActivity(),
      interactions: interactionsTotal(0, 0),
    };
    addCounts(member, row);
    if (row.id !== null) member.cards += 1;
    member.interactions = interactionsTotal(
      member.interactions.current + row.interactions.current,
      member.interactions.previous + row.interactions.previous,
    );
    members.set(key, member);
  }
  return {
    cards: rows.sort(byInteractions((row) => row.name || '\uffff')),
    members: [...members.values()].sort(byInteractions((row) => holderName(row.holder))),
  };
}

function interactionsTotal(current: number, previous: number): InteractionsTotal {
  return { current, previous, change: changePercent(current, previous) };
}

/** The team's CSV downloads: its figures per holder or per card, or its account's events. */
export const TEAM_ANALYTICS_TABLES = ['members', 'cards', 'events'] as const;
export type TeamAnalyticsTable = (typeof TEAM_ANALYTICS_TABLES)[number];
