import { DEFAULT_THEME_COLOUR } from '#src/colour.ts';
import type { PlanId } from '#src/plans.ts';
import type { CreateCardValues } from '#src/schemas/card.ts';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#src/schemas/vcard.ts';
import { suggestUsername } from '#src/username.ts';
import { randomInt } from '../../components/card/random-int.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type OnboardingProfile = RouterOutputs['profile']['me'];

/** The username the card form starts with on `plan`: the person's own, else a suggestion (spec section 5). */
export function startingUsername(profile: OnboardingProfile, plan: PlanId, name: string): string {
  return profile.username ?? suggestUsername(plan, name, randomInt);
}

/**
 * The card form's start: what the profile already knows (name, colour, photo) and a username. Never the
 * sign-in e-mail: the card is public, and that address appears on it only if typed there (DECISIONS.md
 * "Work that is never lost (wave 3)").
 */
export function initialCardValues(profile: OnboardingProfile, plan: PlanId): CreateCardValues {
  return {
    username: startingUsername(profile, plan, profile.name ?? ''),
    themeColour: profile.theme_color || DEFAULT_THEME_COLOUR,
    photo: profile.profile_pic,
    name: profile.name ?? '',
    position: '',
    company: '',
    email: '',
    phone: '',
    website: '',
    socialLinks: Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, ''])) as Record<
      SocialPlatform,
      string
    >,
  };
}
