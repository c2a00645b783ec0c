import { z } from 'zod';
import { DEFAULT_THEME_COLOUR, HEX_COLOUR_PATTERN } from '../colour.ts';
import { mediaKeyOf } from '../media.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { singleLineText } from '../text.ts';
import { isHttpUrl } from '../url.ts';

// The vCard form (spec section 5) shared by the vCard dialog, /dashboard/vcard, card creation and the
// vcards.* procedures.

export const VCARD_NAME_MAX_LENGTH = 100;
export const VCARD_TEXT_MAX_LENGTH = 100;
export const VCARD_EMAIL_MAX_LENGTH = 255;
export const VCARD_PHONE_MAX_LENGTH = 20;
export const URL_MAX_LENGTH = 2048;

export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'linkedin',
  'tiktok',
  'twitter',
  'youtube',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Spec section 9: card colours by default. */
export const DEFAULT_CARD_COLOURS = {
  backgroundColour: DEFAULT_THEME_COLOUR,
  fontColour: '#FFFFFF',
  iconColour: '#FFFFFF',
} as const;

/** An optional text field: blank becomes null. */
function optionalText(max: number, tooLong: string) {
  return singleLineText()
    .max(max, tooLong)
    .transform((value) => value || null);
}

/** An optional http(s) URL: blank becomes null. */
export const optionalHttpUrl = singleLineText()
  .max(URL_MAX_LENGTH, M.urlTooLong)
  .refine((value) => value === '' || isHttpUrl(value), M.urlScheme)
  .transform((value) => value || null);

/** A #RRGGBB colour, upper-cased. */
export const colour = singleLineText()
  .regex(HEX_COLOUR_PATTERN, M.colourInvalid)
  .transform((value) => value.toUpperCase());

/** A photo already uploaded by this user (its /media/ path), or null for none. */
export const photoPath = singleLineText()
  .refine((value) => mediaKeyOf(value) !== null, M.photoInvalid)
  .nullable();

/** Contact fields of a card: what the public page and the .vcf show. */
export const CardFieldsSchema = z.object({
  name: singleLineText().min(1, M.vcardNameRequired).max(VCARD_NAME_MAX_LENGTH, M.vcardNameTooLong),
  company: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong),
  position: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong),
  email: singleLineText()
    .max(VCARD_EMAIL_MAX_LENGTH, M.vcardEmailTooLong)
    .refine((value) => value === '' || z.email().safeParse(value).success, M.vcardEmailInvalid)
    .transform((value) => value || null),
  phone: optionalText(VCARD_PHONE_MAX_LENGTH, M.vcardPhoneTooLong),
  website: optionalHttpUrl,
  /** One URL per platform; blank ones are not saved (spec section 3). */
  socialLinks: z.object(
    Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, optionalHttpUrl])) as Record<
      SocialPlatform,
      typeof optionalHttpUrl
    >,
  ),
  photo: photoPath,
});

/** A card's three colours: the vCard form's and the design screen's. */
export const CardColoursSchema = z.object({
  backgroundColour: colour,
  fontColour: colour,
  iconColour: colour,
});

/** The vCard dialog and /dashboard/vcard: the card fields and its three colours. */
export const VcardFormSchema = CardFieldsSchema.extend(CardColoursSchema.shape);
export type VcardFormValues = z.input<typeof VcardFormSchema>;
export type VcardInput = z.output<typeof VcardFormSchema>;

export const VcardIdSchema = z.object({ id: z.uuid() });

export const UpdateVcardSchema = VcardFormSchema.extend({ id: z.uuid() });
export type UpdateVcardInput = z.output<typeof UpdateVcardSchema>;

/** The social links worth saving, in the platforms' order. */
export function savedSocialLinks(
  links: Partial<Record<SocialPlatform, string | null>>,
): { platform: SocialPlatform; url: string }[] {
  return SOCIAL_PLATFORMS.flatMap((platform) => {
    const url = links[platform];
    return url ? [{ platform, url }] : [];
  });
}

/** An empty form: blank fields and the default colours. */
export function emptyVcardForm(): VcardFormValues {
  return {
    name: '',
    company: '',
    position: '',
    email: '',
    phone: '',
    website: '',
    socialLinks: Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, ''])) as Record<
      SocialPlatform,
      string
    >,
    photo: null,
    ...DEFAULT_CARD_COLOURS,
  };
}
