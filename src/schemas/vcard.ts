import { z } from 'zod';
import { DEFAULT_THEME_COLOUR, HEX_COLOUR_PATTERN } from '../colour.ts';
import { mediaKeyOf } from '../media.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { emptyPostalAddress, type PostalAddress } from '../postal-address.ts';
import { isPhoneNumber } from '../phone.ts';
import {
  mastodonUrl,
  OTHER_PLATFORM,
  SOCIAL_PLATFORMS,
  whatsappUrl,
  type SocialPlatform,
} from '../social-profiles.ts';
import { singleLineText } from '../text.ts';
import { isHttpUrl } from '../url.ts';
import { baseVersion } from './edit-version.ts';
import { DEFAULT_LEAD_FORM, LeadFormSettingsSchema, type LeadFormSettings } from './lead.ts';

// The vCard form (spec section 5) shared by the vCard dialog, /dashboard/vcard, card creation and the
// vcards.* procedures.

export const VCARD_NAME_MAX_LENGTH = 100;
export const VCARD_TEXT_MAX_LENGTH = 100;
export const VCARD_EMAIL_MAX_LENGTH = 255;
export const VCARD_PHONE_MAX_LENGTH = 20;
/** A postal address's street line (a building's name and number, a floor, a suite). */
export const VCARD_STREET_MAX_LENGTH = 200;
export const VCARD_POSTAL_CODE_MAX_LENGTH = 20;
export const URL_MAX_LENGTH = 2048;
/** The name of the card's own labelled link ("Portfolio"): as short as a contacts app's label. */
export const SOCIAL_LABEL_MAX_LENGTH = 30;

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

/** An optional phone number (src/phone.ts): blank becomes null. */
const optionalPhone = singleLineText()
  .max(VCARD_PHONE_MAX_LENGTH, M.vcardPhoneTooLong)
  // a number too long is refused for its length alone
  .refine(
    (value) => value === '' || value.length > VCARD_PHONE_MAX_LENGTH || isPhoneNumber(value),
    M.vcardPhoneInvalid,
  )
  .transform((value) => value || null);

/** An optional http(s) URL: blank becomes null. */
export const optionalHttpUrl = singleLineText()
  .max(URL_MAX_LENGTH, M.urlTooLong)
  .refine((value) => value === '' || isHttpUrl(value), M.urlScheme)
  .transform((value) => value || null);

/** An optional social address that takes more than a URL (src/social-profiles.ts): blank becomes null. */
function optionalSocialAddress(toUrl: (value: string) => string | null, invalid: string) {
  return singleLineText()
    .max(URL_MAX_LENGTH, M.urlTooLong)
    .refine((value) => value === '' || toUrl(value) !== null, invalid)
    .transform((value) => (value === '' ? null : toUrl(value)));
}

type SocialField = z.ZodType<string | null, string | undefined>;

/**
 * Each platform's field: a URL, or for WhatsApp and Mastodon also a number or an address. A platform left
 * out is blank, so a client from before a platform existed (a tab open across an upgrade) still saves.
 */
const SOCIAL_FIELDS = Object.fromEntries(
  SOCIAL_PLATFORMS.map((platform): [SocialPlatform, SocialField] => {
    if (platform === 'whatsapp')
      return [platform, optionalSocialAddress(whatsappUrl, M.whatsappInvalid).prefault('')];
    if (platform === 'mastodon')
      return [platform, optionalSocialAddress(mastodonUrl, M.mastodonInvalid).prefault('')];
    return [platform, optionalHttpUrl.prefault('')];
  }),
) as Record<SocialPlatform, SocialField>;

/** The card's own labelled link: both parts, or neither (left out: neither). */
const OtherLinkSchema = z
  .object({
    label: optionalText(SOCIAL_LABEL_MAX_LENGTH, M.socialLabelTooLong),
    url: optionalHttpUrl,
  })
  .superRefine((link, ctx) => {
    if (link.label && !link.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: M.socialUrlRequired });
    if (link.url && !link.label)
      ctx.addIssue({ code: 'custom', path: ['label'], message: M.socialLabelRequired });
  })
  .prefault({ label: '', url: '' });

/** The postal address: every part optional, all blank is none (null). Left out: none. */
const PostalAddressSchema = z
  .object({
    street: optionalText(VCARD_STREET_MAX_LENGTH, M.vcardStreetTooLong),
    city: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong),
    region: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong),
    postalCode: optionalText(VCARD_POSTAL_CODE_MAX_LENGTH, M.vcardPostalCodeTooLong),
    country: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong),
  })
  .transform((parts): PostalAddress | null => (Object.values(parts).some(Boolean) ? parts : null))
  .prefault(emptyPostalAddress());

/** A #RRGGBB colour, upper-cased. */
export const colour = singleLineText()
  .regex(HEX_COLOUR_PATTERN, M.colourInvalid)
  .transform((value) => value.toUpperCase());

/** A photo already uploaded by this user (its /media/ path), or null for none. */
export const photoPath = singleLineText()
  .refine((value) => mediaKeyOf(value) !== null, M.photoInvalid)
  .nullable();

/**
 * Contact fields of a card: what the public page and the .vcf show. Every text field but the name may be
 * left out, as blank (a client from before a field existed, the REST API's create from a name alone).
 */
export const CardFieldsSchema = z.object({
  name: singleLineText().min(1, M.vcardNameRequired).max(VCARD_NAME_MAX_LENGTH, M.vcardNameTooLong),
  /** How a contacts app files the card (the .vcf's N); both blank: suggested from the name. */
  givenName: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong).prefault(''),
  familyName: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong).prefault(''),
  company: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong).prefault(''),
  department: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong).prefault(''),
  position: optionalText(VCARD_TEXT_MAX_LENGTH, M.vcardFieldTooLong).prefault(''),
  email: singleLineText()
    .max(VCARD_EMAIL_MAX_LENGTH, M.vcardEmailTooLong)
    .refine((value) => value === '' || z.email().safeParse(value).success, M.vcardEmailInvalid)
    .transform((value) => value || null)
    .prefault(''),
  /** The mobile number of the .vcf (TEL;TYPE=CELL). */
  phone: optionalPhone.prefault(''),
  workPhone: optionalPhone.prefault(''),
  address: PostalAddressSchema,
  website: optionalHttpUrl.prefault(''),
  /** One address per platform; blank ones are not saved (spec section 3). */
  socialLinks: z.object(SOCIAL_FIELDS),
  otherLink: OtherLinkSchema,
  photo: photoPath,
});

/** The length limit of each text field of the card, for the form's counters. */
export const CARD_FIELD_MAX_LENGTHS = {
  name: VCARD_NAME_MAX_LENGTH,
  givenName: VCARD_TEXT_MAX_LENGTH,
  familyName: VCARD_TEXT_MAX_LENGTH,
  company: VCARD_TEXT_MAX_LENGTH,
  department: VCARD_TEXT_MAX_LENGTH,
  position: VCARD_TEXT_MAX_LENGTH,
  email: VCARD_EMAIL_MAX_LENGTH,
  phone: VCARD_PHONE_MAX_LENGTH,
  street: VCARD_STREET_MAX_LENGTH,
  city: VCARD_TEXT_MAX_LENGTH,
  region: VCARD_TEXT_MAX_LENGTH,
  postalCode: VCARD_POSTAL_CODE_MAX_LENGTH,
  country: VCARD_TEXT_MAX_LENGTH,
  url: URL_MAX_LENGTH,
  label: SOCIAL_LABEL_MAX_LENGTH,
} as const;

/** A card's three colours: the vCard form's and the design screen's. */
export const CardColoursSchema = z.object({
  backgroundColour: colour,
  fontColour: colour,
  iconColour: colour,
});

/**
 * The vCard dialog and /dashboard/vcard: the card fields, its three colours, its "Share your contact back"
 * form and, when it edits a saved card, the version it was based on (kept with the values, so a draft of
 * them keeps it too). The contact form left out (a client from before it, the REST API's create): a new
 * card's is the default (off), a saved card's stays as it is.
 */
export const VcardFormSchema = CardFieldsSchema.extend(CardColoursSchema.shape).extend({
  leadForm: LeadFormSettingsSchema.optional(),
  baseVersion: baseVersion.optional(),
});
export type VcardFormValues = z.input<typeof VcardFormSchema>;
export type VcardInput = z.output<typeof VcardFormSchema>;

export const VcardIdSchema = z.object({ id: z.uuid() });

export const UpdateVcardSchema = VcardFormSchema.extend({ id: z.uuid(), baseVersion });
export type UpdateVcardInput = z.output<typeof UpdateVcardSchema>;

export interface SavedSocialLink {
  platform: SocialPlatform | typeof OTHER_PLATFORM;
  url: string;
  /** The name of the 'other' link. */
  label?: string;
}

/** The social links worth saving, in the platforms' order, the labelled link last. */
export function savedSocialLinks(
  links: Partial<Record<SocialPlatform, string | null>>,
  other: { label: string | null; url: string | null } | null = null,
): SavedSocialLink[] {
  const saved: SavedSocialLink[] = SOCIAL_PLATFORMS.flatMap((platform) => {
    const url = links[platform];
    return url ? [{ platform, url }] : [];
  });
  if (other?.label && other.url) saved.push({ platform: OTHER_PLATFORM, url: other.url, label: other.label });
  return saved;
}

/** The blank value of every platform's field. */
export function emptySocialLinks(): Record<SocialPlatform, string> {
  return Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, ''])) as Record<
    SocialPlatform,
    string
  >;
}

/** An empty form: blank fields and the default colours. */
export function emptyVcardForm(): VcardFormValues {
  return {
    name: '',
    givenName: '',
    familyName: '',
    company: '',
    department: '',
    position: '',
    email: '',
    phone: '',
    workPhone: '',
    address: emptyPostalAddress(),
    website: '',
    socialLinks: emptySocialLinks(),
    otherLink: { label: '', url: '' },
    photo: null,
    ...DEFAULT_CARD_COLOURS,
    leadForm: leadFormFields(DEFAULT_LEAD_FORM),
  };
}

/** A card's contact form settings as the form edits them: no consent text of its own is a blank box. */
export function leadFormFields(settings: LeadFormSettings): NonNullable<VcardFormValues['leadForm']> {
  return { ...settings, fields: { ...settings.fields }, consentText: settings.consentText ?? '' };
}
