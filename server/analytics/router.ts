import { AnalyticsOverviewInputSchema, AnalyticsRangeInputSchema } from '../../src/schemas/analytics.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { analyticsBreakdowns, type BreakdownScope } from './breakdowns.ts';
import { analyticsOverview } from './service.ts';

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
});
