import { teamAccountOfMember } from '../access/team-access.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { watchChanges } from './service.ts';

export const liveRouter = router({
  /** Server-sent events: which kinds of the user's data changed (web/components/dashboard/use-live-updates.ts). */
  changes: authedProcedure.subscription(async ({ ctx, signal }) => {
    // the request's signal is what ends the stream (the HTTP adapter always passes one)
    if (!signal) throw new Error('live.changes needs an abort signal');
    // a member hears of their team's cards too (joining or leaving a team is a 'team' change, after which
    // the browser opens the stream again)
    const teamAccount = await teamAccountOfMember(ctx.db, ctx.user.id);
    return watchChanges(ctx, new Set(teamAccount ? [ctx.user.id, teamAccount] : [ctx.user.id]), signal);
  }),
});
