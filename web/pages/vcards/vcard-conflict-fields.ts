import { msg } from '@lingui/core/macro';
import { LEAD_FIELDS } from '#src/schemas/lead.ts';
import { SOCIAL_PLATFORM_NAMES, SOCIAL_PLATFORMS } from '#src/social-profiles.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import { LEAD_FIELD_CONFLICT_NAMES, LEAD_FIELD_MODE_NAMES } from './lead-form-names.ts';

/** Every field of the vCard form, named as the form names it, for the comparison of two versions. */
export const VCARD_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'photo', label: msg`Photo`, kind: 'photo' },
  { path: 'name', label: msg`Name` },
  { path: 'givenName', label: msg`Given name` },
  { path: 'familyName', label: msg`Family name` },
  { path: 'position', label: msg`Position` },
  { path: 'company', label: msg`Company` },
  { path: 'department', label: msg`Department` },
  { path: 'email', label: msg`Email` },
  { path: 'phone', label: msg`Phone` },
  { path: 'workPhone', label: msg`Work phone` },
  { path: 'address.street', label: msg`Street` },
  { path: 'address.postalCode', label: msg`Postal code` },
  { path: 'address.city', label: msg`City` },
  { path: 'address.region', label: msg`State or region` },
  { path: 'address.country', label: msg`Country` },
  { path: 'website', label: msg`Website` },
  ...SOCIAL_PLATFORMS.map((platform) => ({
    path: `socialLinks.${platform}`,
    label: SOCIAL_PLATFORM_NAMES[platform],
  })),
  { path: 'otherLink.label', label: msg`Another link: label` },
  { path: 'otherLink.url', label: msg`Another link: web address` },
  { path: 'backgroundColour', label: msg`Background colour`, kind: 'colour' },
  { path: 'fontColour', label: msg`Font colour`, kind: 'colour' },
  { path: 'iconColour', label: msg`Icon colour`, kind: 'colour' },
  {
    path: 'leadForm.enabled',
    label: msg`Share your contact back`,
    kind: { names: { true: msg`On`, false: msg`Off` } },
  },
  ...LEAD_FIELDS.map((field): ConflictField => ({
    path: `leadForm.fields.${field}`,
    label: LEAD_FIELD_CONFLICT_NAMES[field],
    kind: { names: LEAD_FIELD_MODE_NAMES },
  })),
  { path: 'leadForm.consentText', label: msg`Contact form: consent text` },
];
