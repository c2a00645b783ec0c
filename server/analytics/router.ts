import {
  AnalyticsOverviewInputSchema,
  AnalyticsRangeInputSchema,
  TeamBreakdownsInputSchema,
} from '../../src/schemas/analytics.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { actingTeam } from '../access/team-access.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { analyticsBreakdowns, type BreakdownScope } from './breakdowns.ts';
import { analyticsOverview } from './service.ts';
import { memberTeamCardFigures, teamAnalytics, teamBreakdowns } from './team.ts';

/** The signed-in person's own analytics: the account the service reads is theirs. */
const ownAnalytics = (ctx: ServiceContext): BreakdownScope => ({
  db: ctx.db,
  config: ctx.config,
  accountId: ctx.user.id,
});

export const analyticsRouter = router({
  overview: authedProcedure
    .input(AnalyticsOverviewInputSchema)
    .query(({ ctx, input }) => analyticsOverview(ownAnalytics(ctx), input)),
  breakdowns: authedProcedure
    .meta({ feature: 'fullAnalytics' })
    .input(AnalyticsRangeInputSchema)
    .query(({ ctx, input }) => analyticsBreakdowns(ownAnalytics(ctx), input)),
  // the team's analytics for its owner and admins, read from the team's account (its plan, not theirs)
  team: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(AnalyticsRangeInputSchema)
    .query(({ ctx, input }) => teamAnalytics(ctx.db, actingTeam(ctx).teamId, input)),
  // the team's visits broken down, as a person's own are: the whole team's, a member's or a card's
  teamBreakdowns: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(TeamBreakdownsInputSchema)
    .query(({ ctx, input }) => teamBreakdowns(ctx, actingTeam(ctx).teamId, input)),
  // a member's own team cards, beside them on the team page
  myTeamCards: authedProcedure
    .meta({ teamRole: 'member' })
    .input(AnalyticsRangeInputSchema)
    .query(({ ctx, input }) => memberTeamCardFigures(ctx.db, actingTeam(ctx).teamId, ctx.user.id, input)),
});
