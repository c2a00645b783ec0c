import { DEFAULT_THEME_COLOUR } from '#src/colour.ts';
import type { PlanId } from '#src/plans.ts';
import type { CreateCardValues } from '#src/schemas/card.ts';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#src/schemas/vcard.ts';
import { suggestUsername } from '#src/username.ts';
import { randomInt } from '../../components/card/random-int.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type OnboardingProfile = RouterOutputs['profile']['me'];

/**
 * The card form's start: what the profile already knows (name, e-mail, colour, photo) and a suggested
 * username (spec section 5) unless one is already set.
 */
export function initialCardValues(profile: OnboardingProfile, plan: PlanId): CreateCardValues {
  return {
    username: profile.username ?? suggestUsername(plan, profile.name ?? '', randomInt),
    themeColour: profile.theme_color || DEFAULT_THEME_COLOUR,
    photo: profile.profile_pic,
    name: profile.name ?? '',
    position: '',
    company: '',
    email: profile.email ?? '',
    phone: '',
    website: '',
    socialLinks: Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, ''])) as Record<
      SocialPlatform,
      string
    >,
  };
}
