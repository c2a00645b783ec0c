import { PersonalInfoSchema, SetLanguageSchema, ThemeColourSchema } from '../../src/schemas/profile.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  completeInitialization,
  getOwnProfile,
  setLanguage,
  setThemeColour,
  updatePersonalInfo,
} from './service.ts';

export const profileRouter = router({
  me: authedProcedure.query(({ ctx }) => getOwnProfile(ctx)),
  setLanguage: authedProcedure.input(SetLanguageSchema).mutation(({ ctx, input }) => setLanguage(ctx, input)),
  completeInitialization: authedProcedure.mutation(({ ctx }) => completeInitialization(ctx)),
  updatePersonalInfo: authedProcedure
    .input(PersonalInfoSchema)
    .mutation(({ ctx, input }) => updatePersonalInfo(ctx, input)),
  setThemeColour: authedProcedure
    .input(ThemeColourSchema)
    .mutation(({ ctx, input }) => setThemeColour(ctx, input)),
});
