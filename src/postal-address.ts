// A card's postal address (the .vcf's ADR, the public page's address): its parts as typed, each optional.
// Stored as one JSON object, or null when no part is filled in.

/** The parts, in the order of the .vcf's ADR after its two unused ones (post office box, extended). */
export const POSTAL_ADDRESS_PARTS = ['street', 'city', 'region', 'postalCode', 'country'] as const;
export type PostalAddressPart = (typeof POSTAL_ADDRESS_PARTS)[number];

export type PostalAddress = Record<PostalAddressPart, string | null>;

/** Each part blank: the form's value for a card without an address. */
export function emptyPostalAddress(): Record<PostalAddressPart, string> {
  return { street: '', city: '', region: '', postalCode: '', country: '' };
}

/** A stored address (null, or a row written by an older version) as its parts, each a string or null. */
export function postalAddressParts(stored: unknown): PostalAddress | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const parts = Object.fromEntries(
    POSTAL_ADDRESS_PARTS.map((part) => {
      const value = record[part];
      return [part, typeof value === 'string' && value.trim() !== '' ? value : null];
    }),
  ) as PostalAddress;
  return POSTAL_ADDRESS_PARTS.some((part) => parts[part] !== null) ? parts : null;
}

/** A stored address as the form's fields: each part as typed, blank where there is none. */
export function postalAddressFields(stored: unknown): Record<PostalAddressPart, string> {
  const parts = postalAddressParts(stored);
  return Object.fromEntries(POSTAL_ADDRESS_PARTS.map((part) => [part, parts?.[part] ?? ''])) as Record<
    PostalAddressPart,
    string
  >;
}

/**
 * The address as lines to show: the street; the postal code and the city (with the region after a comma);
 * the country. Empty parts leave nothing behind.
 */
export function postalAddressLines(address: PostalAddress | null): string[] {
  if (!address) return [];
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  const placeAndRegion = [place, address.region].filter(Boolean).join(', ');
  return [address.street, placeAndRegion, address.country].filter((line): line is string => Boolean(line));
}
