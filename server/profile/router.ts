import {
  CreateCardSchema,
  ProfileDetailsSchema,
  UsernameAvailabilitySchema,
} from '../../src/schemas/card.ts';
import {
  PersonalInfoSchema,
  ProfilePhotoSchema,
  SetLanguageSchema,
  ThemeColourSchema,
} from '../../src/schemas/profile.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { checkUsername, createCard, setProfilePhoto, updateProfileDetails } from './card.ts';
import {
  getOwnProfile,
  listHeldUsernames,
  setLanguage,
  setThemeColour,
  updatePersonalInfo,
} from './service.ts';
import { clearTestData, testDataStatus } from './test-data.ts';

export const profileRouter = router({
  me: authedProcedure.query(({ ctx }) => getOwnProfile(ctx)),
  setLanguage: authedProcedure.input(SetLanguageSchema).mutation(({ ctx, input }) => setLanguage(ctx, input)),
  updatePersonalInfo: authedProcedure
    .meta({ edits: 'profile' })
    .input(PersonalInfoSchema)
    .mutation(({ ctx, input }) => updatePersonalInfo(ctx, input)),
  setThemeColour: authedProcedure
    .input(ThemeColourSchema)
    .mutation(({ ctx, input }) => setThemeColour(ctx, input)),
  setPhoto: authedProcedure
    .input(ProfilePhotoSchema)
    .mutation(({ ctx, input }) => setProfilePhoto(ctx, input.photo)),
  /** The username field's availability check (after 500 ms without typing). */
  checkUsername: authedProcedure
    .input(UsernameAvailabilitySchema)
    .query(({ ctx, input }) => checkUsername(ctx, input.username)),
  /** The account page's list of usernames held after a rename. */
  heldUsernames: authedProcedure.query(({ ctx }) => listHeldUsernames(ctx)),
  /** /onboarding step 3. */
  createCard: authedProcedure.input(CreateCardSchema).mutation(({ ctx, input }) => createCard(ctx, input)),
  /** /dashboard/profile. */
  updateDetails: authedProcedure
    .meta({ edits: 'profile' })
    .input(ProfileDetailsSchema)
    .mutation(({ ctx, input }) => updateProfileDetails(ctx, input)),
  testDataStatus: authedProcedure.query(({ ctx }) => testDataStatus(ctx)),
  clearTestData: authedProcedure.mutation(({ ctx }) => clearTestData(ctx)),
});
