// What a counted visit keeps of whoever made it: a coarse device class, the
// browser's family, the host of the page they came from and the country (server/analytics/visit.ts). Nothing
// that identifies a person: no IP address, no full user agent, no path.

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Tablets, checked first: iPads, Android without "Mobile" (Android's own rule for tablets), Kindles. */
const TABLET = /ipad|tablet|playbook|kindle|silk\/|android(?!.*mobile)/i;
const MOBILE = /mobi|iphone|ipod|android|windows phone|blackberry|bb10|opera mini|iemobile/i;
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux|cros/i;

/**
 * The device class of a User-Agent header. Coarse on purpose: an iPad that asks for desktop sites (the
 * default since iPadOS 13) says Macintosh and counts as a desktop.
 */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  if (!userAgent) return 'unknown';
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  if (DESKTOP.test(userAgent)) return 'desktop';
  return 'unknown';
}

export const BROWSER_FAMILIES = [
  'chrome',
  'safari',
  'firefox',
  'edge',
  'samsung',
  'opera',
  'in-app',
  'other',
  'unknown',
] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

/**
 * Most specific first: Edge, Opera and Samsung Internet say "Chrome" too, Chrome says "Safari" too, and
 * apps' built-in browsers (Instagram, Facebook, LinkedIn, WeChat, Line) say both.
 */
const BROWSER_PATTERNS: readonly (readonly [Exclude<BrowserFamily, 'other' | 'unknown'>, RegExp])[] = [
  ['in-app', /instagram|fban|fbav|fb_iab|linkedinapp|micromessenger|\bline\/|musical_ly|bytedance/i],
  ['edge', /edg(e|a|ios)?\//i],
  ['opera', /opr\/|opera|opt\//i],
  ['samsung', /samsungbrowser/i],
  ['firefox', /firefox|fxios/i],
  ['chrome', /chrome|crios|chromium/i],
  ['safari', /safari|applewebkit.*mobile/i],
];

/** The browser family of a User-Agent header: coarse on purpose, enough for a breakdown. */
export function browserFamily(userAgent: string | null | undefined): BrowserFamily {
  if (!userAgent) return 'unknown';
  return BROWSER_PATTERNS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'other';
}

/** The longest host name kept (DNS allows 253 characters). */
export const REFERRER_HOST_MAX_LENGTH = 255;

/**
 * The host name of a Referer header, in lowercase (`https://m.Example.com/a?b` → `m.example.com`); null
 * when there is none, it is not an absolute URL with a host, or the host is longer than 255 characters.
 * The app's own host is kept: a link followed from a card's public page (the analytics page names it so).
 */
export function referrerHost(referer: string | null | undefined): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  const host = new URL(referer).hostname.toLowerCase();
  if (!host || host.length > REFERRER_HOST_MAX_LENGTH) return null;
  return host;
}
