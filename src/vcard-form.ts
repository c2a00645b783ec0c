import { contactOfStored, type StoredCard } from './card-columns.ts';
import type { Locale } from './i18n.ts';
import { suggestNameParts } from './name-parts.ts';
import { postalAddressFields } from './postal-address.ts';
import type { LeadFormSettings } from './schemas/lead.ts';
import { emptySocialLinks, leadFormFields, type VcardFormValues } from './schemas/vcard.ts';
import { isSocialPlatform, OTHER_PLATFORM, socialFieldValue } from './social-profiles.ts';

/** The columns of a stored vCard that the form edits (vcards.list and vcards.get answer these). */
export interface StoredVcard extends StoredCard {
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
  const card = contactOfStored(vcard);
  const socialLinks = emptySocialLinks();
  const otherLink = { label: '', url: '' };
  for (const link of card.socialLinks) {
    if (isSocialPlatform(link.platform)) {
      socialLinks[link.platform] = socialFieldValue(link.platform, link.url);
    } else if (link.platform === OTHER_PLATFORM) {
      Object.assign(otherLink, { label: link.label ?? '', url: link.url });
    }
  }
  const nameParts =
    card.givenName === null && card.familyName === null && locale
      ? suggestNameParts(card.name, locale)
      : { given: card.givenName ?? '', family: card.familyName ?? '' };
  return {
    name: card.name,
    givenName: nameParts.given,
    familyName: nameParts.family,
    company: card.company ?? '',
    department: card.department ?? '',
    position: card.position ?? '',
    email: card.email ?? '',
    phone: card.phone ?? '',
    workPhone: card.workPhone ?? '',
    address: postalAddressFields(card.address),
    website: card.website ?? '',
    socialLinks,
    otherLink,
    photo: card.photo,
    backgroundColour: card.backgroundColour,
    fontColour: card.fontColour,
    iconColour: card.iconColour,
    leadForm: leadFormFields(vcard.leadForm),
  };
}
