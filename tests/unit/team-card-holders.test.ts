import { describe, expect, it } from 'vitest';
import { holdersWithoutCard, holdingOf } from '#web/pages/team/team-card-holders.ts';
import type { Team, TeamCard, TeamMember } from '#web/pages/team/types.ts';

// Whom a team's card is for, and whom a new one can be made for (the team page's Cards section).

const member = (userId: string, name: string): TeamMember => ({
  id: `member-${userId}`,
  userId,
  name,
  email: `${userId}@example.com`,
  role: 'member',
  joinedAt: new Date('2026-11-01T10:00:00Z'),
});

const invitation = (id: string, email: string, state: 'pending' | 'expired') => ({
  id,
  email,
  role: 'member' as const,
  state,
  expiresAt: new Date('2026-12-01T10:00:00Z'),
});

const team: Team = {
  id: 'team',
  name: 'Northwind',
  slug: 'northwind',
  logo: null,
  whiteLabel: false,
  printedDomain: null,
  me: { memberId: 'member-olga', role: 'owner' },
  members: [member('olga', 'Olga'), member('mia', 'Mia'), member('sam', 'Sam')],
  invitations: [
    invitation('i-nora', 'Nora@Example.com', 'pending'),
    invitation('i-ivy', 'ivy@example.com', 'pending'),
    invitation('i-old', 'old@example.com', 'expired'),
  ],
};

const card = (fields: Partial<TeamCard>): TeamCard => ({
  id: 'card',
  name: 'Card',
  position: null,
  department: null,
  member: null,
  inviteeEmail: null,
  draft: false,
  pageUrl: 'http://localhost/vcard/card',
  qrCodeId: null,
  paused: false,
  pausedAt: null,
  version: 1,
  updatedAt: new Date('2026-11-02T10:00:00Z'),
  ...fields,
});

describe('holdersWithoutCard', () => {
  it('offers the members without a card and the pending invitations whose address has none', () => {
    const cards = [
      card({ member: { userId: 'mia', name: 'Mia', email: 'mia@example.com' } }),
      // the card waits for the address as the server stores it: lowercase
      card({ inviteeEmail: 'nora@example.com' }),
      card({}),
    ];
    const { members, invitations } = holdersWithoutCard(team, cards);
    expect(members.map((person) => person.userId)).toEqual(['olga', 'sam']);
    expect(invitations.map((sent) => sent.id)).toEqual(['i-ivy']);
  });

  it('offers everyone while the team has no cards, but never an expired invitation', () => {
    const { members, invitations } = holdersWithoutCard(team, []);
    expect(members).toHaveLength(3);
    expect(invitations.map((sent) => sent.id)).toEqual(['i-nora', 'i-ivy']);
  });
});

describe('holdingOf', () => {
  it('names a member, an invited address, or nobody after an offboarding', () => {
    expect(holdingOf(card({ member: { userId: 'mia', name: 'Mia', email: 'mia@example.com' } }))).toEqual({
      kind: 'member',
      name: 'Mia',
      email: 'mia@example.com',
    });
    expect(holdingOf(card({ inviteeEmail: 'nora@example.com' }))).toEqual({
      kind: 'invitee',
      email: 'nora@example.com',
    });
    expect(holdingOf(card({}))).toEqual({ kind: 'nobody' });
  });
});
