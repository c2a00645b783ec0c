import { z } from 'zod';
import { HEX_COLOUR_PATTERN } from '../colour.ts';
import { LOCALES } from '../i18n.ts';
import { photoPath } from './vcard.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';
import { baseVersion } from './edit-version.ts';

/** Spec section 4 (language): choosing a language saves it to the profile. */
export const SetLanguageSchema = z.object({ language: z.enum(LOCALES) });
export type SetLanguageInput = z.infer<typeof SetLanguageSchema>;

export const NAME_PART_MAX_LENGTH = 50;

/**
 * Account settings, personal information: first and last name (the full name is their join), and the
 * version of the profile edited.
 */
export const PersonalInfoSchema = z.object({
  firstName: singleLineText().min(1, M.firstNameRequired).max(NAME_PART_MAX_LENGTH, M.namePartTooLong),
  lastName: singleLineText().max(NAME_PART_MAX_LENGTH, M.namePartTooLong),
  baseVersion,
});
export type PersonalInfoValues = z.input<typeof PersonalInfoSchema>;
export type PersonalInfoInput = z.output<typeof PersonalInfoSchema>;

/** A person's first and last name. */
export type NameParts = Pick<PersonalInfoInput, 'firstName' | 'lastName'>;

/** Account settings, theme accent colour. Stored upper-case. */
export const ThemeColourSchema = z.object({
  themeColour: singleLineText()
    .regex(HEX_COLOUR_PATTERN, M.colourInvalid)
    .transform((value) => value.toUpperCase()),
});
export type ThemeColourInput = z.infer<typeof ThemeColourSchema>;

/** The account page's profile photo (an uploaded /media/ path) or none. */
export const ProfilePhotoSchema = z.object({ photo: photoPath });

/** The full name kept in profiles.name and users.name. */
export function fullName(input: NameParts): string {
  return [input.firstName, input.lastName].filter(Boolean).join(' ');
}

/** First and last name of a profile that only has a full name yet (everyone after sign-up). */
export function splitFullName(name: string | null): NameParts {
  const [firstName = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
