import { publicProcedure, router } from '../trpc/init.ts';

export const authRouter = router({
  /** Which social sign-in buttons to show (DECISIONS.md: only providers configured on this server). */
  providers: publicProcedure.query(({ ctx }) => ({
    google: ctx.config.oauth.google !== undefined,
    apple: ctx.config.oauth.apple !== undefined,
  })),
});
