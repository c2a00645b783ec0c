// A card's address on its own subdomain (customSubdomain, issue 13 item 4), shown in the dashboard and
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
