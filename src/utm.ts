import type { CampaignDimension } from './analytics.ts';

// The campaign of a visit (advancedAnalytics): the utm_source, utm_medium and utm_campaign parameters of a
// public card page's or a short link's address, as marketing tools write them. They are typed by whoever
// made the link, so one rule reads them: trimmed, lowercased (Newsletter and newsletter are one source), cut
// to a bound, and a value with control characters is ignored rather than stored or shown.

/** The most characters of a value that are kept; the rest is cut. */
export const UTM_VALUE_MAX_LENGTH = 100;

/** The part of an address that may carry a campaign: a visit whose address lacks it has none, unread. */
export const UTM_MARKER = 'utm_';

export type Campaign = Record<CampaignDimension, string | null>;

export const NO_CAMPAIGN: Campaign = Object.freeze({
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
});

// C0 and C1 controls, and the invisible formatting characters that reorder or hide text (bidi overrides,
// zero-width characters): none belongs in a campaign's name, and each could disguise one
const REFUSED_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * A campaign value as it is recorded, or null for none: an absent or empty parameter, or one with a control
 * or formatting character. A repeated parameter counts by its first value.
 */
export function utmValue(raw: string | readonly string[] | undefined): string | null {
  const first = typeof raw === 'string' ? raw : raw?.[0];
  if (first === undefined || REFUSED_CHARACTERS.test(first)) return null;
  let value = first.trim().toLowerCase();
  if (value.length > UTM_VALUE_MAX_LENGTH) {
    // cut by characters, never inside a surrogate pair
    value = Array.from(value).slice(0, UTM_VALUE_MAX_LENGTH).join('').trimEnd();
  }
  return value === '' ? null : value;
}

/**
 * The campaign of an address's parsed query (Fastify's request.query): each dimension is read from the
 * parameter of its name by utmValue.
 */
export function campaignOf(
  query: Readonly<Record<string, string | readonly string[] | undefined>>,
): Campaign {
  return {
    utm_source: utmValue(query.utm_source),
    utm_medium: utmValue(query.utm_medium),
    utm_campaign: utmValue(query.utm_campaign),
  };
}
