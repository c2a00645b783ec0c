import { SetLanguageSchema } from '../../src/schemas/profile.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { getOwnProfile, setLanguage } from './service.ts';

export const profileRouter = router({
  me: authedProcedure.query(({ ctx }) => getOwnProfile(ctx)),
  setLanguage: authedProcedure.input(SetLanguageSchema).mutation(({ ctx, input }) => setLanguage(ctx, input)),
});
