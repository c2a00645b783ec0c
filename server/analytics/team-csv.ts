import type { CardHolder, TeamAnalyticsTable } from '../../src/team-analytics.ts';
import {
  TEAM_CARD_COLUMNS,
  TEAM_MEMBER_COLUMNS,
  type TeamCsvColumn,
  type TeamCsvTexts,
} from './csv-texts.ts';
import type { TeamAnalytics } from './team.ts';

// The team's CSV downloads (advancedAnalytics): the rows of the team analytics page, per holder or per card,
// with the same numbers, their column names and words in the reader's language (csv-texts.ts). Names and
// addresses are written as they are; the route neutralises any that starts like a formula.

/** The team's tables of figures (its events have a file of their own: events.ts). */
export type TeamFiguresTable = Exclude<TeamAnalyticsTable, 'events'>;

export type TeamCsvRow = Partial<Record<TeamCsvColumn, string | number>>;

/** A file's columns in order. */
export function teamCsvColumns(table: TeamFiguresTable): readonly TeamCsvColumn[] {
  return table === 'members' ? TEAM_MEMBER_COLUMNS : TEAM_CARD_COLUMNS;
}

/** A holder as the member and email columns name them. */
function holderColumns(holder: CardHolder, texts: TeamCsvTexts): TeamCsvRow {
  switch (holder.kind) {
    case 'member':
      return { member: holder.name, email: holder.email };
    case 'invitee':
      return { member: texts.invited, email: holder.email };
    case 'none':
      return { member: texts.noMember, email: '' };
  }
}

/** The rows of one of the team's tables, in the page's order. */
export function teamCsvRows(
  analytics: Pick<TeamAnalytics, 'cards' | 'members'>,
  table: TeamFiguresTable,
  texts: TeamCsvTexts,
): TeamCsvRow[] {
  const figures = (row: TeamAnalytics['cards'][number] | TeamAnalytics['members'][number]) => ({
    scans: row.scans,
    views: row.views,
    clicks: row.clicks,
    leads: row.leads,
    interactions: row.interactions.current,
    previous_interactions: row.interactions.previous,
  });
  if (table === 'members') {
    return analytics.members.map((row) => ({
      ...holderColumns(row.holder, texts),
      cards: row.cards,
      ...figures(row),
    }));
  }
  return analytics.cards.map((row) => ({
    card_id: row.id ?? '',
    card: row.id === null ? texts.noCard : row.name,
    ...holderColumns(row.holder, texts),
    ...figures(row),
  }));
}
