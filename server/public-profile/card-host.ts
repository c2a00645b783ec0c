import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverPaths } from '../../src/routes.ts';
import { isChosenNameShape, RESERVED_USERNAMES } from '../../src/username.ts';

// Card subdomains (customSubdomain, issue 13 item 4): with CARD_DOMAIN set, `{username}.{CARD_DOMAIN}`
// answers the public card of that username (routes.ts), its .vcf, preview picture and photos, and short
// links. Nothing else is served there: no client, no API, no sign-in. A card host is another site for
// the browser: the session cookie is host-only (never Domain=CARD_DOMAIN), only PUBLIC_URL may post, and a
// card page runs no script, so a card page cannot act on the dashboard.

export interface CardHosts {
  /** The Host header of a card subdomain (any label, port allowed), never PUBLIC_URL's own host. */
  pattern: RegExp;
  /** The username a card host names, or null for a label no username can have or a reserved one. */
  usernameOf(host: string): string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function cardHosts(publicUrl: string, cardDomain: string): CardHosts {
  const publicHost = new URL(publicUrl).host;
  // PUBLIC_URL may itself be a subdomain of CARD_DOMAIN (app.example.com): it stays the app
  const pattern = new RegExp(
    `^(?!${escapeRegExp(publicHost)}$)[^.:]+\\.${escapeRegExp(cardDomain)}(?::\\d+)?$`,
    'i',
  );
  return {
    pattern,
    usernameOf(host) {
      const label = host.toLowerCase().split('.', 1)[0] ?? '';
      // www, app, api…: reserved names never serve a card
      return isChosenNameShape(label) && !RESERVED_USERNAMES.has(label) ? label : null;
    },
  };
}

/** What a card host serves besides its page at `/`: what the page links to, and short links. */
const CARD_HOST_PATHS = new RegExp(
  `^(?:/|${serverPaths.shortLink}/[^/]+|${serverPaths.vcardPage}/[^/]+/(?:contact\\.vcf|og\\.jpg)|${serverPaths.media}/[^/]+)$`,
);

function isCardReading(request: FastifyRequest): boolean {
  const reading = request.method === 'GET' || request.method === 'HEAD';
  return reading && CARD_HOST_PATHS.test(request.url.split('?', 1)[0] ?? '');
}

/**
 * Refuses on card hosts everything but reading a card: other paths and methods get the not-found page
 * (`sendNotFound`), before any route, the API and sign-in included, runs.
 */
export function registerCardHostGuard(
  app: FastifyInstance,
  hosts: CardHosts,
  sendNotFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  // not async: every request passes here, short links included, and a promise each is measurable
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    if (!host || !hosts.pattern.test(host) || isCardReading(request)) {
      done();
      return;
    }
    // answered here: the chain stops without done()
    void sendNotFound(request, reply);
  });
}
