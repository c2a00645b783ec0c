import { serverPaths } from './routes.ts';

// A card's address on its own subdomain (customSubdomain), shown in the dashboard and
// served by server/public-profile/card-host.ts: `{username}.{CARD_DOMAIN}` with the scheme and port of
// the public URL, so it works the same behind TLS in production and on http://…localhost:3000 locally.
// `port` names another port ('' for none): a redirect keeps the one its request came in on.

export function cardSubdomainUrl(
  publicUrl: string,
  cardDomain: string,
  username: string,
  port: string = new URL(publicUrl).port,
): string {
  const { protocol } = new URL(publicUrl);
  return `${protocol}//${username}.${cardDomain}${port ? `:${port}` : ''}`;
}

/** The account's own page: its primary vCard (or, without one, its oldest) at /{username} (spec section 2). */
export function profilePagePath(username: string): string {
  return `/${username}`;
}

/** A vCard's own page, /vcard/{id}: every card but an account's primary one, and every team card. */
export function vcardPagePath(vcardId: string): string {
  return `${serverPaths.vcardPage}/${vcardId}`;
}

/**
 * The address of a card, the one to share: the address its public page's QR code encodes (a page's QR
 * code is drawn from the page's own address). The primary card's page is the account's, /{username}; every
 * other vCard has its own page, /vcard/{id}. Without a username there is no public page yet: null.
 */
export function cardAddressPath(
  vcardId: string,
  primaryId: string | null,
  username: string | null,
): string | null {
  if (!username) return null;
  return vcardId === primaryId ? profilePagePath(username) : vcardPagePath(vcardId);
}

/** The public page of one vCard: what its QR code (the link it manages) opens. */
export function vcardPageUrl(publicUrl: string, vcardId: string): string {
  return `${publicUrl}${vcardPagePath(vcardId)}`;
}
