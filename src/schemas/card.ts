import { z } from 'zod';
import { HEX_COLOUR_PATTERN } from '../colour.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';
import { baseVersion } from './edit-version.ts';
import { CardFieldsSchema, photoPath } from './vcard.ts';

// Card creation (/onboarding step 3) and /dashboard/profile. The username's rules depend on the plan, so
// the schema only carries the text; usernameProblem (src/username.ts) judges it on both sides.

export const usernameField = singleLineText().max(64, M.usernameFormat);

export const CreateCardSchema = CardFieldsSchema.extend({
  username: usernameField,
  themeColour: singleLineText()
    .regex(HEX_COLOUR_PATTERN, M.colourInvalid)
    .transform((value) => value.toUpperCase()),
});
export type CreateCardValues = z.input<typeof CreateCardSchema>;
export type CreateCardInput = z.output<typeof CreateCardSchema>;

export const UsernameAvailabilitySchema = z.object({ username: usernameField });

/** /dashboard/profile: name, username and photo (the e-mail is read-only there), and the version edited. */
export const ProfileDetailsSchema = z.object({
  name: CardFieldsSchema.shape.name,
  username: usernameField,
  photo: photoPath,
  baseVersion,
});
export type ProfileDetailsValues = z.input<typeof ProfileDetailsSchema>;
export type ProfileDetailsInput = z.output<typeof ProfileDetailsSchema>;
