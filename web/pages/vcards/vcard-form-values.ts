import { SOCIAL_PLATFORMS, type SocialPlatform, type VcardFormValues } from '#src/schemas/vcard.ts';

/** The columns of a stored vCard that the form edits (vcards.list and vcards.get answer these). */
export interface StoredVcard {
  name: string;
  company: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  photo: string | null;
  social_links: readonly { platform: string; url: string }[];
  background_color: string;
  font_color: string;
  icon_color: string;
}

/**
 * The form's values for a stored vCard: null columns become blank fields, and the stored list of social
 * links becomes one field per platform (a platform the form does not know is dropped).
 */
export function vcardFormValues(vcard: StoredVcard): VcardFormValues {
  const socialLinks = Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, ''])) as Record<
    SocialPlatform,
    string
  >;
  for (const link of vcard.social_links) {
    if ((SOCIAL_PLATFORMS as readonly string[]).includes(link.platform)) {
      socialLinks[link.platform as SocialPlatform] = link.url;
    }
  }
  return {
    name: vcard.name,
    company: vcard.company ?? '',
    position: vcard.position ?? '',
    email: vcard.email ?? '',
    phone: vcard.phone ?? '',
    website: vcard.website ?? '',
    socialLinks,
    photo: vcard.photo,
    backgroundColour: vcard.background_color,
    fontColour: vcard.font_color,
    iconColour: vcard.icon_color,
  };
}
