import { DEFAULT_THEME_COLOUR } from '#src/colour.ts';
import type { PlanId } from '#src/plans.ts';
import type { CreateCardValues } from '#src/schemas/card.ts';
import type { Locale } from '#src/i18n.ts';
import { suggestNameParts } from '#src/name-parts.ts';
import { emptyPostalAddress } from '#src/postal-address.ts';
import { emptySocialLinks } from '#src/schemas/vcard.ts';
import { suggestUsername } from '#src/username.ts';
import { seededRandomInt } from '../../components/card/random-int.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type OnboardingProfile = RouterOutputs['profile']['me'];

/**
 * The username the card form starts with on `plan`: the person's own, else a suggestion (spec section 5)
 * made from the account's id, the same on every reload of the step.
 */
export function startingUsername(
  profile: Pick<OnboardingProfile, 'id' | 'username'>,
  plan: PlanId,
  name: string,
): string {
  return profile.username ?? suggestUsername(plan, name, seededRandomInt(profile.id));
}

/**
 * The card form's start: what the profile already knows (name, colour, photo), the given and family name
 * suggested from the name, and a username. Never the sign-in e-mail: the card is public, and that address
 * appears on it only if typed there (docs/decisions/012-sign-in-email-never-public.md).
 */
export function initialCardValues(
  profile: OnboardingProfile,
  plan: PlanId,
  locale: Locale,
): CreateCardValues {
  const nameParts = suggestNameParts(profile.name ?? '', locale);
  return {
    username: startingUsername(profile, plan, profile.name ?? ''),
    themeColour: profile.theme_color || DEFAULT_THEME_COLOUR,
    photo: profile.profile_pic,
    name: profile.name ?? '',
    givenName: nameParts.given,
    familyName: nameParts.family,
    position: '',
    company: '',
    department: '',
    email: '',
    phone: '',
    workPhone: '',
    address: emptyPostalAddress(),
    website: '',
    socialLinks: emptySocialLinks(),
    otherLink: { label: '', url: '' },
  };
}
