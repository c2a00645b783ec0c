import { isHttpUrl } from './url.ts';

// The social profiles a card can carry. Every one is stored as an http(s) address, so the public page and
// the .vcf treat them alike; two of them also take what people usually give instead of a link:
// - WhatsApp: the phone number with its country code ("+34 600 123 456", or "0034…"), stored as its
//   https://wa.me/ link; a link on wa.me or whatsapp.com is taken as it is. A number without its country
//   code cannot be dialled from abroad, so it is refused.
// - Mastodon: the address "@name@server" (the first @ optional), stored as https://server/@name; a link to
//   the profile is taken as it is. "@name" alone names nobody (the server is missing), so it is refused.

export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'linkedin',
  'tiktok',
  'twitter',
  'youtube',
  'github',
  'mastodon',
  'threads',
  'telegram',
  'whatsapp',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The link a person names themselves ("Portfolio", "Calendly"…): stored with platform 'other'. */
export const OTHER_PLATFORM = 'other';

/** Brand names, the same in every language: the page's labels and the editor's. */
export const SOCIAL_PLATFORM_NAMES: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  github: 'GitHub',
  mastodon: 'Mastodon',
  threads: 'Threads',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
};

export function isSocialPlatform(value: string): value is SocialPlatform {
  return (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** E.164: a country code and the number, 15 digits at most; the shortest numbers in use have 7. */
const INTERNATIONAL_NUMBER = /^(?:\+|00)([1-9]\d{6,14})$/;
/** What people put between the digits of a phone number. */
const NUMBER_SEPARATORS = /[\s\-.()/]/g;
const WA_ME = 'https://wa.me/';

/**
 * The digits of a phone number written with its country code ("+34 600 123 456", "0034 600…"), or null when
 * the text is not one.
 */
export function internationalNumberDigits(text: string): string | null {
  return INTERNATIONAL_NUMBER.exec(text.replace(NUMBER_SEPARATORS, ''))?.[1] ?? null;
}

function isWhatsappHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'wa.me' || host === 'whatsapp.com' || host.endsWith('.whatsapp.com');
}

/** The address of what a person typed in the WhatsApp field, or null when it is neither rule's. */
export function whatsappUrl(input: string): string | null {
  const value = input.trim();
  if (/^https?:\/\//i.test(value)) {
    return isHttpUrl(value) && isWhatsappHost(new URL(value).hostname) ? value : null;
  }
  const digits = internationalNumberDigits(value);
  return digits ? `${WA_ME}${digits}` : null;
}

/** The number a stored wa.me address calls, as "+digits" (what the field shows), or null for another link. */
export function whatsappNumberOf(url: string): string | null {
  const digits = /^https:\/\/wa\.me\/(\d+)$/.exec(url)?.[1];
  return digits ? `+${digits}` : null;
}

/** A Mastodon address: a user name and its server (which may be an international domain name). */
const MASTODON_ADDRESS = /^@?([\p{L}\p{N}_]+(?:[.-][\p{L}\p{N}_]+)*)@((?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]+)$/u;

/** The profile address of what a person typed in the Mastodon field, or null when it is neither rule's. */
export function mastodonUrl(input: string): string | null {
  const value = input.trim();
  if (/^https?:\/\//i.test(value)) return isHttpUrl(value) ? value : null;
  const match = MASTODON_ADDRESS.exec(value);
  if (!match) return null;
  const url = `https://${match[2]}/@${match[1]}`;
  return isHttpUrl(url) ? url : null;
}

/** The "@name@server" address of a stored Mastodon profile link of that shape, or null for another link. */
export function mastodonAddressOf(url: string): string | null {
  const match = /^https:\/\/([^/@?#]+)\/@([^/@?#]+)$/u.exec(url);
  return match && MASTODON_ADDRESS.test(`@${match[2]}@${match[1]}`) ? `@${match[2]}@${match[1]}` : null;
}

/** What a platform's field shows for its stored address: the number or address it was made from, if any. */
export function socialFieldValue(platform: SocialPlatform, url: string): string {
  if (platform === 'whatsapp') return whatsappNumberOf(url) ?? url;
  if (platform === 'mastodon') return mastodonAddressOf(url) ?? url;
  return url;
}
