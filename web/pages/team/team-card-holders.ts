import type { CreateTeamCardInput } from '#src/schemas/team.ts';
import type { PendingInvitation, Team, TeamCard, TeamMember } from './types.ts';

/** Whom a new team card is for, as teams.createCard takes it. */
export type TeamCardHolder = CreateTeamCardInput['holder'];

/** Whom a team card is for now, as its row says it. */
export type TeamCardHolding =
  { kind: 'member'; name: string; email: string } | { kind: 'invitee'; email: string } | { kind: 'nobody' };

export function holdingOf(card: TeamCard): TeamCardHolding {
  if (card.member) return { kind: 'member', name: card.member.name, email: card.member.email };
  if (card.inviteeEmail) return { kind: 'invitee', email: card.inviteeEmail };
  return { kind: 'nobody' };
}

/**
 * Whom a new card can be made for: the members who have no team card yet, and the invitations still
 * pending (not expired) whose address has none (the card becomes theirs when they join).
 */
export function holdersWithoutCard(
  team: Team,
  cards: readonly TeamCard[],
): { members: TeamMember[]; invitations: PendingInvitation[] } {
  const holding = new Set(cards.flatMap((card) => (card.member ? [card.member.userId] : [])));
  const waiting = new Set(cards.flatMap((card) => (card.inviteeEmail ? [card.inviteeEmail] : [])));
  return {
    members: team.members.filter((member) => !holding.has(member.userId)),
    invitations: team.invitations.filter(
      (invitation) => invitation.state === 'pending' && !waiting.has(invitation.email.toLowerCase()),
    ),
  };
}

/** A holder as the value of a choice (a select's option). */
export function holderChoice(holder: TeamCardHolder): string {
  return 'userId' in holder ? `member:${holder.userId}` : `invitation:${holder.invitationId}`;
}
