import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cardSubdomainUrl } from '../../src/card-address.ts';
import { can, planInEffect } from '../../src/plans.ts';
import { isAppPath, serverPaths } from '../../src/routes.ts';
import { isChosenNameShape } from '../../src/username.ts';
import type { VisitRecording } from '../analytics/recording.ts';
import type { CountUnlessOwner } from '../auth/owner-visits.ts';
import type { LeadFormKit } from '../leads/form-kit.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import type { FastLanes, Lane } from '../lib/fast-lane.ts';
import type { CachedProfile } from './cache.ts';
import { findAccountBranding } from './service.ts';
import { hostRules } from '../lib/hosts.ts';
import { registerCardHostGuard, type CardHostAccount } from './card-host.ts';
import { createCustomDomainIndex, type CustomDomain, type CustomDomainIndex } from './custom-domains.ts';
import { PublicCards, usernameKey, vcardKey, withQueryOf } from './public-cards.ts';
import { writePage, writeVcf } from './responses.ts';
import { registerTlsAsk } from './tls-ask.ts';

// The public pages (spec section 2): /{username}, /user/{username} and /vcard/{vcardId} as server-rendered
// HTML, the card's .vcf and its link-preview picture, on the main address, a card subdomain and a custom
// domain; and the fast lanes that answer a warm page or .vcf beneath Fastify. Each route and its lane ask
// the one public card service (public-cards.ts) and answer alike.

export type { ShownCard } from './public-cards.ts';

/**
 * What the public pages lend the other public routes, so that they answer as a card's page does: whether a
 * host is the main address (the short links), and a card's id found as its page finds it, with its .vcf
 * (the contacts' sync, the wallet passes).
 */
export type PublicCardAnswers = Pick<PublicCards, 'cardOf' | 'shownCardOrAnswer' | 'contactFileOf'> & {
  isMainAddress: (host: string | undefined) => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The custom domains this server answers (custom-domains.ts). */
    customDomains: CustomDomainIndex;
  }
}

/**
 * `security`: the app's security headers (server/lib/security-headers.ts), sent with every page;
 * `countUnlessOwner`: leaves the owner's own views uncounted (server/auth/owner-visits.ts); `visits`: what a
 * counted view records of its visitor (server/analytics/recording.ts); `leadForms`: the tokens and script of
 * the pages' "Share your contact back" forms (server/leads/form-kit.ts); `lanes`: where a warm card's
 * page and .vcf on the main address are answered beneath Fastify (server/lib/fast-lane.ts). Returns whether
 * a host is the main address, as the card-host guard tells it, and the card service's answers.
 */
export async function registerPublicProfileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  security: Record<string, string>,
  countUnlessOwner: CountUnlessOwner,
  visits: VisitRecording,
  leadForms: LeadFormKit,
  lanes: Pick<FastLanes, 'add' | 'hasOwnRoute'>,
): Promise<PublicCardAnswers> {
  // the account a card host serves (card-host.ts), found before its routes run; null on the main address
  app.decorateRequest('cardHost', null);
  const cards = new PublicCards(deps, { security, countUnlessOwner, visits, leadForms, log: app.log });
  // hooks of one instance run last-registered first: views are written before the database closes
  app.addHook('onClose', () => cards.close());
  const { isMainAddress, customDomains } = await registerCardHosts(app, deps, cards);
  registerPageRoutes(app, cards, customDomains);
  registerCardFileRoutes(app, cards);
  addLanes(lanes, cards, isMainAddress);
  const { cardOf, shownCardOrAnswer, contactFileOf } = cards;
  return { isMainAddress, cardOf, shownCardOrAnswer, contactFileOf };
}

/** What a custom domain's request serves, its account's profile found (null for a team's account). */
function customHostAccount(
  domain: string,
  entry: CustomDomain,
  profile: CachedProfile | null,
): CardHostAccount {
  return {
    username: entry.username,
    userId: entry.userId,
    entry: profile,
    domain,
    toMainAddress:
      entry.removed || !can(planInEffect(profile?.profile.availability ?? entry.plan), 'customDomain'),
  };
}

/** Finds the profile of a username, then lets the request go on or answers it (503, or `unknown`). */
function admitProfile(
  cards: PublicCards,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  done: () => void,
  admitted: (entry: CachedProfile) => boolean,
  unknown: () => unknown,
) {
  const key = usernameKey(username);
  const cached = cards.cache.peek(key);
  if (cached && admitted(cached)) {
    done();
    return;
  }
  void (async () => {
    const entry = await cards.readProfile(request, key);
    if (entry === 'unavailable') return cards.sendUnavailable(request, reply, 503);
    if (entry && admitted(entry)) {
      done();
      return;
    }
    return unknown();
  })();
}

/**
 * Card subdomains and custom domains (card-host.ts): the index of the custom domains this server answers,
 * the guard that classifies every request's host and finds the account a card host serves, and the TLS
 * ask of an on-demand certificate.
 */
async function registerCardHosts(app: FastifyInstance, deps: AppDeps, cards: PublicCards) {
  const { publicUrl, cardDomain } = deps.config;
  const answeredDomains = new Map<string, CustomDomain>();
  const releasedDomains = new Set<string>();
  const rules = hostRules(publicUrl, cardDomain, answeredDomains, releasedDomains);
  // every reload changes what a host is: the hosts classified before are read again
  const customDomains = await createCustomDomainIndex(
    deps.db,
    deps.changes,
    app.log,
    answeredDomains,
    releasedDomains,
    () => rules.known.clear(),
  );
  app.decorate('customDomains', customDomains);
  app.addHook('onClose', () => customDomains.close());

  const isMainAddress = registerCardHostGuard(app, rules, {
    notFound(request, reply, host) {
      // on a custom domain, any other path's page wears the account's brand, as its cards' pages do
      const domain = host.kind === 'custom' ? customDomains.domains.get(host.domain) : undefined;
      if (!domain || domain.removed) return cards.sendUnavailable(request, reply, 404);
      return cards.sendDomainNotFound(request, reply, findAccountBranding(deps.db, domain.userId, true));
    },
    admit(request, reply, host, done) {
      admitProfile(
        cards,
        request,
        reply,
        host.username,
        done,
        (entry) => {
          request.cardHost = {
            username: host.username,
            userId: entry.profile.userId,
            entry,
            domain: null,
            toMainAddress: false,
          };
          return true;
        },
        // a renamed username's subdomain leads to the new one, path and query kept, on the port the
        // request came in on; a deleted account's name, or nobody's, is unknown
        () =>
          cards.sendRenamedOrUnknown(
            request,
            reply,
            host.username,
            (current) => cardSubdomainUrl(publicUrl, cardDomain ?? '', current, host.port) + request.url,
            () => cards.sendUnavailable(request, reply, 404),
          ),
      );
    },
    admitCustom(request, reply, host, done) {
      const domain = customDomains.domains.get(host.domain);
      if (domain === undefined) return void cards.sendUnavailable(request, reply, 404);
      // a team's root is its directory; a person without a username has no profile page, only cards
      if (domain.team || domain.username === null) {
        request.cardHost = customHostAccount(host.domain, domain, null);
        done();
        return;
      }
      admitProfile(
        cards,
        request,
        reply,
        domain.username,
        done,
        (entry) => {
          // the name may have passed to another account since the domains were read
          if (entry.profile.userId !== domain.userId) return false;
          request.cardHost = customHostAccount(host.domain, domain, entry);
          return true;
        },
        () => cards.sendUnavailable(request, reply, 404),
      );
    },
  });
  registerTlsAsk(app, deps.db, rules);
  return { isMainAddress, customDomains };
}

/** The card's pages: a card host's root, /{username}, /user/{username} and /vcard/{id}. */
function registerPageRoutes(app: FastifyInstance, cards: PublicCards, customDomains: CustomDomainIndex) {
  // the landing page on the main address, the card on a card host or custom domain
  app.get('/', (request, reply) => {
    const host = request.cardHost;
    if (host === null) {
      reply.callNotFound();
      return;
    }
    if (host.domain !== null) {
      return cards.sendCustomDomainPage(request, reply, host, customDomains.domains.get(host.domain));
    }
    if (host.entry === null || host.username === null) return cards.sendUnavailable(request, reply, 404);
    return cards.sendSubdomainPage(request, reply, host.username, host.entry);
  });

  // Static routes (/health, the client's built files such as /favicon.svg) win over this one; the client's
  // own pages and anything that cannot be a username go on to the client's not-found handler, which serves
  // the client (200 for its pages, 404 otherwise). A reserved name is shown only where a profile has it
  // (the demo card at /demo, or a name chosen before it was reserved).
  // The page routes are not async functions: a warm cache answers without a promise (sendProfilePage).
  app.get<{ Params: { username: string } }>('/:username', (request, reply) => {
    const { username } = request.params;
    const lower = username.toLowerCase();
    if (!isChosenNameShape(lower) || isAppPath(`/${lower}`)) {
      reply.callNotFound();
      return;
    }
    if (lower !== username) {
      void reply.redirect(withQueryOf(request, `/${lower}`), 301);
      return;
    }
    return cards.sendProfilePage(request, reply, `/${lower}`, usernameKey(lower), () =>
      cards.sendRenamedOrUnknownPath(request, reply, lower, ''),
    );
  });

  app.get<{ Params: { username: string } }>(`${serverPaths.userProfile}/:username`, (request, reply) => {
    const lower = request.params.username.toLowerCase();
    const path = `${serverPaths.userProfile}/${lower}`;
    if (!isChosenNameShape(lower)) return cards.sendUnavailable(request, reply, 404);
    if (lower !== request.params.username) {
      void reply.redirect(withQueryOf(request, path), 301);
      return;
    }
    return cards.sendProfilePage(request, reply, path, usernameKey(lower), () =>
      cards.sendRenamedOrUnknownPath(request, reply, lower, serverPaths.userProfile),
    );
  });

  app.get<{ Params: { vcardId: string } }>(`${serverPaths.vcardPage}/:vcardId`, (request, reply) => {
    const vcardId = request.params.vcardId.toLowerCase();
    const path = `${serverPaths.vcardPage}/${vcardId}`;
    return cards.sendProfilePage(request, reply, path, vcardKey(vcardId));
  });
}

/** A card's .vcf (Save contact) and its link-preview picture. */
function registerCardFileRoutes(app: FastifyInstance, cards: PublicCards) {
  // Save contact: not a view (the visitor has already been counted on the page).
  app.get(`${serverPaths.vcardPage}/:vcardId/contact.vcf`, async (request, reply) => {
    const shown = await cards.shownCardOrAnswer(request, reply);
    if (!shown) return reply;
    const vcf = await cards.contactFileOf(request, shown);
    reply.hijack();
    writeVcf(reply.raw, vcf);
  });

  app.get<{ Params: { vcardId: string } }>(`${serverPaths.vcardPage}/:vcardId/og.jpg`, (request, reply) =>
    cards.sendPreviewPicture(request, reply),
  );
}

/** The last segment of `path` when it is `prefix` and one more segment, else null. */
function segmentAfter(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix) || path.indexOf('/', prefix.length) !== -1) return null;
  return path.slice(prefix.length);
}

/**
 * A person's or a bot's GET of a warm card's page or .vcf on the main address, asking for the whole answer
 * (no If-None-Match): answered beneath Fastify as the routes above answer it, counted alike. Anything else (a
 * cold cache, another host, a name to lowercase, an escape, a HEAD) goes on to them.
 */
function addLanes(
  lanes: Pick<FastLanes, 'add' | 'hasOwnRoute'>,
  cards: PublicCards,
  isMainAddress: (host: string | undefined) => boolean,
) {
  const { userProfile, vcardPage } = serverPaths;
  /** A lane for the page whose key a path names (null: not one the lane answers). */
  const pageLane =
    (keyOf: (path: string) => string | null): Lane =>
    (request, response) => {
      const { path } = request;
      if (path === null || request.method !== 'GET' || request.headers['if-none-match'] !== undefined)
        return false;
      const key = keyOf(path);
      if (key === null || !isMainAddress(request.headers.host)) return false;
      const ready = cards.readyMainPage(request, path, key);
      if (!ready) return false;
      cards.countView(request, ready.entry.profile);
      writePage(response, request.headers['accept-encoding'], ready.page);
      return true;
    };
  lanes.add(
    '/:username',
    pageLane((path) => {
      const name = segmentAfter(path, '/');
      // a route of its own (/health) and the client's pages win over a profile of the same name
      if (name === null || !isChosenNameShape(name) || isAppPath(path) || lanes.hasOwnRoute(path))
        return null;
      return usernameKey(name);
    }),
  );
  lanes.add(
    `${userProfile}/:username`,
    pageLane((path) => {
      const name = segmentAfter(path, `${userProfile}/`);
      return name !== null && isChosenNameShape(name) ? usernameKey(name) : null;
    }),
  );
  lanes.add(
    `${vcardPage}/:vcardId`,
    pageLane((path) => {
      const vcardId = segmentAfter(path, `${vcardPage}/`);
      return vcardId && vcardId === vcardId.toLowerCase() ? vcardKey(vcardId) : null;
    }),
  );
  lanes.add(`${vcardPage}/:vcardId/contact.vcf`, (request, response) => {
    const { path } = request;
    if (path === null || request.method !== 'GET' || !path.endsWith('/contact.vcf')) return false;
    const vcardId = segmentAfter(path.slice(0, -'/contact.vcf'.length), `${vcardPage}/`);
    if (!vcardId || !isMainAddress(request.headers.host)) return false;
    const vcf = cards.readyMainVcf(vcardId);
    if (!vcf) return false;
    writeVcf(response, vcf);
    return true;
  });
}
