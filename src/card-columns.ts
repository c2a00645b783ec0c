// A card's contact and colours between the vCard row's columns and the names every other shape gives them
// (the form, the public page, REST, the export and its import, the wallet pass, the contact file): the one
// place a column is renamed. Each shape starts from `contactOfStored` and adds what is its own (the page's
// design, REST's version, the export's QR code), so a new field is named here once.

import { z } from 'zod';

/**
 * The same fields as the REST API's card and the account export write them out (the export's import reads
 * them back with it); each adds what is its own (REST: the address's parts, examples; the export: its photo
 * file).
 */
export const CardContactSchema = z.object({
  name: z.string(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  workPhone: z.string().nullable(),
  address: z.unknown(),
  website: z.string().nullable(),
  photo: z.string().nullable(),
  socialLinks: z.array(z.object({ platform: z.string(), url: z.string(), label: z.string().optional() })),
  backgroundColour: z.string(),
  fontColour: z.string(),
  iconColour: z.string(),
});

/** A social profile as a card keeps it; `label` names the link of platform 'other'. */
export interface CardSocialLink {
  platform: string;
  url: string;
  label?: string;
}

/**
 * The vCard columns that hold a card's contact and colours. `Address` is the postal address's type where
 * it is known (a row read by Kysely: src/postal-address.ts PostalAddress | null), unknown where it is not.
 */
export interface StoredCard<Address = unknown> {
  name: string;
  given_name: string | null;
  family_name: string | null;
  company: string | null;
  department: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
  work_phone: string | null;
  address: Address;
  website: string | null;
  photo: string | null;
  social_links: CardSocialLink[];
  background_color: string;
  font_color: string;
  icon_color: string;
}

/** The same fields by the names of every shape outside the database. */
export interface CardContact<Address = unknown> {
  name: string;
  /** Both null: suggested from `name` where a shape needs them (src/name-parts.ts). */
  givenName: string | null;
  familyName: string | null;
  company: string | null;
  department: string | null;
  position: string | null;
  email: string | null;
  /** The mobile number; the work phone beside it. */
  phone: string | null;
  workPhone: string | null;
  address: Address;
  website: string | null;
  /** A /media/ path, or null. */
  photo: string | null;
  socialLinks: CardSocialLink[];
  backgroundColour: string;
  fontColour: string;
  iconColour: string;
}

/** A card's stored columns by the names every other shape uses. */
export function contactOfStored<Address>(card: StoredCard<Address>): CardContact<Address> {
  return {
    name: card.name,
    givenName: card.given_name,
    familyName: card.family_name,
    company: card.company,
    department: card.department,
    position: card.position,
    email: card.email,
    phone: card.phone,
    workPhone: card.work_phone,
    address: card.address,
    website: card.website,
    photo: card.photo,
    socialLinks: card.social_links,
    backgroundColour: card.background_color,
    fontColour: card.font_color,
    iconColour: card.icon_color,
  };
}

/** A card's fields as the columns that store them. */
export function storedOfContact<Address>(card: CardContact<Address>): StoredCard<Address> {
  return {
    name: card.name,
    given_name: card.givenName,
    family_name: card.familyName,
    company: card.company,
    department: card.department,
    position: card.position,
    email: card.email,
    phone: card.phone,
    work_phone: card.workPhone,
    address: card.address,
    website: card.website,
    photo: card.photo,
    social_links: card.socialLinks,
    background_color: card.backgroundColour,
    font_color: card.fontColour,
    icon_color: card.iconColour,
  };
}
