import { profileRouter } from '../profile/router.ts';
import { router } from './init.ts';

// Every feature router, added here by hand (STYLE.md 3.2 #5).
export const appRouter = router({
  profile: profileRouter,
});

export type AppRouter = typeof appRouter;
