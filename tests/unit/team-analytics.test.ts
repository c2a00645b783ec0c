import { describe, expect, it } from 'vitest';
import { interactionsOf } from '../../src/analytics.ts';
import { holderKey, teamFigures, type Counts, type TeamCardFacts } from '../../src/team-analytics.ts';

// How a team's visits are grouped per card and per holder (src/team-analytics.ts): every visit in one row
// of each list, cards with no visits kept, a link counted on the card it serves.

const counts = (scans: number, views: number, clicks: number, leads = 0): Counts => ({
  scans,
  views,
  clicks,
  leads,
});

const ada = { kind: 'member', userId: 'u-ada', name: 'Ada', email: 'ada@example.com' } as const;
const CARDS: TeamCardFacts[] = [
  { id: 'card-a1', name: 'Ada at work', holder: ada },
  { id: 'card-a2', name: 'Ada at fairs', holder: ada },
  { id: 'card-i', name: 'Ines', holder: { kind: 'invitee', email: 'Ines@Example.com' } },
  { id: 'card-n', name: 'Front desk', holder: { kind: 'none' } },
];
const LINKS = new Map([
  ['link-a1', 'card-a1'],
  ['link-i', 'card-i'],
  // a link of a card that is no longer the team's
  ['link-gone', 'card-gone'],
]);

describe('teamFigures', () => {
  const current = new Map([
    ['card-a1', counts(0, 2, 0, 1)],
    ['link-a1', counts(3, 0, 1)],
    ['card-a2', counts(0, 1, 0)],
    ['link-i', counts(4, 0, 0)],
    ['link-loose', counts(0, 0, 5)],
    ['link-gone', counts(1, 0, 0)],
    ['', counts(0, 6, 0)],
  ]);
  const previous = new Map([['link-a1', counts(2, 0, 0)]]);
  const figures = teamFigures(CARDS, LINKS, current, previous);

  it('counts a card’s views and leads and its links’ scans and clicks on the card', () => {
    expect(figures.cards.find((row) => row.id === 'card-a1')).toMatchObject({
      scans: 3,
      views: 2,
      clicks: 1,
      leads: 1,
      interactions: { current: 7, previous: 2, change: 250 },
    });
  });

  it('keeps cards without visits, and puts what is on no card of today in one row', () => {
    expect(figures.cards.find((row) => row.id === 'card-n')).toMatchObject({
      scans: 0,
      views: 0,
      clicks: 0,
      interactions: { current: 0, previous: 0, change: null },
    });
    expect(figures.cards.find((row) => row.id === null)).toMatchObject({
      scans: 1,
      views: 6,
      clicks: 5,
      holder: { kind: 'none' },
    });
  });

  it('sums a holder’s cards, and keeps an invitee apart from nobody', () => {
    expect(figures.members.map((row) => [holderKey(row.holder), row.cards])).toEqual([
      ['none', 1],
      ['member:u-ada', 2],
      ['invitee:ines@example.com', 1],
    ]);
    expect(figures.members[1]).toMatchObject({ scans: 3, views: 3, clicks: 1, leads: 1 });
  });

  it('adds up to the same totals in both lists', () => {
    const total = (rows: Counts[]) => rows.reduce((sum, row) => sum + interactionsOf(row), 0);
    const all = total([...current.values()]);
    expect(total(figures.cards)).toBe(all);
    expect(total(figures.members)).toBe(all);
  });

  it('has no row of visits on no card when there are none', () => {
    const quiet = teamFigures(CARDS, LINKS, new Map(), new Map());
    expect(quiet.cards.map((row) => row.id)).toEqual(['card-a2', 'card-a1', 'card-n', 'card-i']);
    expect(quiet.members.map((row) => row.cards)).toEqual([2, 1, 1]);
  });
});

describe('holderKey', () => {
  it('tells an invitee by their address whatever its case', () => {
    expect(holderKey({ kind: 'invitee', email: 'Ines@Example.com' })).toBe(
      holderKey({ kind: 'invitee', email: 'ines@example.com' }),
    );
  });
});
