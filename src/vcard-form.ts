import type { Locale } from './i18n.ts';
import { suggestNameParts } from './name-parts.ts';
import { postalAddressFields } from './postal-address.ts';
import type { LeadFormSettings } from './schemas/lead.ts';
import { emptySocialLinks, leadFormFields, type VcardFormValues } from './schemas/vcard.ts';
import { isSocialPlatform, OTHER_PLATFORM, socialFieldValue } from './social-profiles.ts';

/** The columns of a stored vCard that the form edits (vcards.list and vcards.get answer these). */
export interface StoredVcard {
  name: string;
  given_name: string | null;
  family_name: string | null;
  company: string | null;
  department: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
  work_phone: string | null;
  address: unknown;
  website: string | null;
  photo: string | null;
  social_links: readonly { platform: string; url: string; label?: string }[];
  background_color: string;
  font_color: string;
  icon_color: string;
  /** Its "Share your contact back" form (vcards.get and vcards.list read it with leadFormOf). */
  leadForm: LeadFormSettings;
}

/**
 * The form's values for a stored vCard: null columns become blank fields, a card saved without given and
 * family name shows the suggestion from its name in `locale` (src/name-parts.ts; no locale, as for the
 * REST API: blank, which saving keeps as it was), and the stored list of social links becomes one field
 * per platform, each as the person typed it (a platform the form does not know is dropped).
 */
export function vcardFormValues(vcard: StoredVcard, locale: Locale | null): VcardFormValues {
  const socialLinks = emptySocialLinks();
  const otherLink = { label: '', url: '' };
  for (const link of vcard.social_links) {
    if (isSocialPlatform(link.platform)) {
      socialLinks[link.platform] = socialFieldValue(link.platform, link.url);
    } else if (link.platform === OTHER_PLATFORM) {
      Object.assign(otherLink, { label: link.label ?? '', url: link.url });
    }
  }
  const nameParts =
    vcard.given_name === null && vcard.family_name === null && locale
      ? suggestNameParts(vcard.name, locale)
      : { given: vcard.given_name ?? '', family: vcard.family_name ?? '' };
  return {
    name: vcard.name,
    givenName: nameParts.given,
    familyName: nameParts.family,
    company: vcard.company ?? '',
    department: vcard.department ?? '',
    position: vcard.position ?? '',
    email: vcard.email ?? '',
    phone: vcard.phone ?? '',
    workPhone: vcard.work_phone ?? '',
    address: postalAddressFields(vcard.address),
    website: vcard.website ?? '',
    socialLinks,
    otherLink,
    photo: vcard.photo,
    backgroundColour: vcard.background_color,
    fontColour: vcard.font_color,
    iconColour: vcard.icon_color,
    leadForm: leadFormFields(vcard.leadForm),
  };
}
