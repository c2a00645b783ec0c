import type { RouterOutputs } from '../../lib/trpc.ts';

/** The signed-in person's team as teams.mine answers it. */
export type Team = NonNullable<RouterOutputs['teams']['mine']>;
export type TeamMember = Team['members'][number];
export type PendingInvitation = Team['invitations'][number];
