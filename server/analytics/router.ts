import { AnalyticsOverviewInputSchema } from '../../src/schemas/analytics.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { analyticsOverview } from './service.ts';

export const analyticsRouter = router({
  overview: authedProcedure
    .input(AnalyticsOverviewInputSchema)
    .query(({ ctx, input }) => analyticsOverview(ctx, input)),
});
