import { authedProcedure, router } from '../trpc/init.ts';
import { markWelcomed, reopenPlanChoice, skipCard } from './service.ts';

export const onboardingRouter = router({
  skipCard: authedProcedure.mutation(({ ctx }) => skipCard(ctx)),
  reopenPlanChoice: authedProcedure.mutation(({ ctx }) => reopenPlanChoice(ctx)),
  markWelcomed: authedProcedure.mutation(({ ctx }) => markWelcomed(ctx)),
});
