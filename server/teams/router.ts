import { InvitationIdSchema, MemberIdSchema } from '../../src/schemas/team.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/init.ts';
import { actingTeam } from './access.ts';
import { invitationPreview, myTeam, transferOwnership } from './service.ts';

// What the organization plugin's own endpoints (/api/auth/organization/*) lack: the team page's view, an
// invitation's page before sign-in, and a transfer of ownership that never leaves a team without an owner.
export const teamsRouter = router({
  mine: authedProcedure.query(({ ctx }) => myTeam(ctx)),
  invitation: publicProcedure
    .input(InvitationIdSchema)
    .query(({ ctx, input }) => invitationPreview(ctx, input.invitationId, ctx.user)),
  transferOwnership: authedProcedure
    .meta({ teamRole: 'owner' })
    .input(MemberIdSchema)
    .mutation(({ ctx, input }) => transferOwnership(ctx, actingTeam(ctx), input)),
});
