/**
 * Where a vCard's View link goes (spec section 2, My vCards): the primary card is the one at /{username},
 * the others have their own page. Without a username there is no public page to open yet: null.
 */
export function vcardPublicPath(
  vcardId: string,
  primaryId: string | null,
  username: string | null,
): string | null {
  if (!username) return null;
  return vcardId === primaryId ? `/${username}` : `/vcard/${vcardId}`;
}
