/** The public profile address of a username on this server (spec section 2: /{username}). */
export function publicProfileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}
