import { profilePagePath } from '#src/card-address.ts';

/**
 * A public page's path as an address people open: on this server's origin, which is PUBLIC_URL's (only that
 * origin may post, so the dashboard is always served there), as the public pages' QR codes are.
 */
export function publicPageUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** The public profile address of a username on this server (spec section 2: /{username}). */
export function publicProfileUrl(username: string): string {
  return publicPageUrl(profilePagePath(username));
}
