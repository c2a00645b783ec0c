import { AnalyticsOverviewInputSchema, AnalyticsRangeInputSchema } from '../../src/schemas/analytics.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { analyticsBreakdowns } from './breakdowns.ts';
import { analyticsOverview } from './service.ts';

export const analyticsRouter = router({
  overview: authedProcedure
    .input(AnalyticsOverviewInputSchema)
    .query(({ ctx, input }) => analyticsOverview(ctx, input)),
  breakdowns: authedProcedure
    .meta({ feature: 'fullAnalytics' })
    .input(AnalyticsRangeInputSchema)
    .query(({ ctx, input }) => analyticsBreakdowns(ctx, input)),
});
