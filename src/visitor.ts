// What a short link's event keeps of whoever followed it (issue 5): a coarse device class and the host of
// the page they came from. Nothing that identifies a person: no IP address, no full user agent, no path.

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

/** The longest host name kept (DNS allows 253 characters). */
export const REFERRER_HOST_MAX_LENGTH = 255;

/**
 * The host name of a Referer header, in lowercase (`https://m.Example.com/a?b` → `m.example.com`); null
 * when there is none, it is not an absolute URL with a host, or the host is longer than 255 characters.
 */
export function referrerHost(referer: string | null | undefined): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  const host = new URL(referer).hostname.toLowerCase();
  if (!host || host.length > REFERRER_HOST_MAX_LENGTH) return null;
  return host;
}
