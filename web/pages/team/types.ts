import type { RouterOutputs } from '../../lib/trpc.ts';

/** The signed-in person's team as teams.mine answers it. */
export type Team = NonNullable<RouterOutputs['teams']['mine']>;
export type TeamMember = Team['members'][number];
export type PendingInvitation = Team['invitations'][number];

/** A team card as teams.cards (all of them, for admins) and teams.myCards (a member's) answer it. */
export type TeamCard = RouterOutputs['teams']['cards'][number];
