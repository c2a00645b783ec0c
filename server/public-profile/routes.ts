import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../src/i18n.ts';
import { can, isProfileAvailable, planInEffect } from '../../src/plans.ts';
import { isAppPath, serverPaths } from '../../src/routes.ts';
import { isChosenNameShape, RESERVED_USERNAMES } from '../../src/username.ts';
import type { VisitRecording } from '../analytics/recording.ts';
import { visitWith } from '../analytics/visit.ts';
import type { CountUnlessOwner } from '../auth/owner-visits.ts';
import { walletProviders } from '../../src/wallet.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { isPersonVisiting } from '../lib/bots.ts';
import type { FastLanes, Lane, VisitRequest } from '../lib/fast-lane.ts';
import { REASONS_LOGGED_BY_WATCH } from '../lib/outage-watch.ts';
import { AppError } from '../lib/errors.ts';
import { takesLeads } from '../leads/capture.ts';
import type { LeadFormKit } from '../leads/form-kit.ts';
import { brandingFor, TAPCARD_BRANDING, type Branding, type BrandOwner } from '../branding/branding.ts';
import { CACHE_BUDGET_SHARES, stringBytes } from '../lib/cache.ts';
import { createProfileCache, renderedPageBytes, type CachedProfile, type VcfFile } from './cache.ts';
import {
  hostBranding,
  hostRules,
  mainAddressRedirect,
  onCustomDomain,
  registerCardHostGuard,
  servesOwner,
  type CardHostAccount,
} from './card-host.ts';
import { createCustomDomainIndex, type CustomDomain, type CustomDomainIndex } from './custom-domains.ts';
import { registerTlsAsk } from './tls-ask.ts';
import { cardSubdomainUrl } from '../../src/card-address.ts';
import { cardColours } from '../../src/card-colours.ts';
import { demoProfileIn } from './demo-content.ts';
import { contactPhotoBase64 } from './contact-photo.ts';
import { ogImage } from './og-image.ts';
import { qrSvg } from './qr.ts';
import {
  renderPausedPage,
  renderProfilePage,
  renderTeamDirectoryPage,
  renderUnavailablePage,
} from './render.ts';
import { etagMatches, renderedPage, writePage, writeVcf, type RenderedPage } from './responses.ts';
import {
  findAccountBranding,
  findProfileByUsername,
  findProfileByVcardId,
  findRenamedUsername,
  findTeamDirectory,
  pageBranding,
  pageFeatures,
  type PublicCard,
  type PublicProfile,
} from './service.ts';
import { pageLocale } from './texts.ts';
import { unavailablePageSender } from './unavailable.ts';
import { cardVcf, vcfContentDisposition } from './vcf.ts';
import { createViewRecorder } from './views.ts';

// The public pages (spec section 2): /{username}, /user/{username} and /vcard/{vcardId} as server-rendered
// HTML, the card's .vcf and its link-preview picture.
//
// Caching: a browser or CDN may store a page but must ask again every time (max-age=0, must-revalidate),
// answered with 304 when the ETag still matches (and counted like any view). So every view still reaches
// this server, and an owner's change shows at once. A CDN told to cache HTML for longer would swallow
// the counting.

const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** The preview picture's URL changes with its content (og-image.ts), so previews may keep it a day. */
const OG_IMAGE_CACHE_CONTROL = 'public, max-age=86400';

/** `path` with the query string of the request, if it has one. */
function withQueryOf(request: FastifyRequest, path: string): string {
  const start = request.url.indexOf('?');
  return start === -1 ? path : path + request.url.slice(start);
}

/**
 * Unknown: 404. Offline by the availability rule: 403, since the page exists but its owner's plan does not
 * publish it right now (not 410, which tells search engines it is gone for good; not 503, which would
 * page monitors about a server fault and is kept for a failed load). A card over its owner's plan limit:
 * 200 with the 'Paused' page (docs/decisions/013-pause-never-delete.md: the same answer as a paused short
 * link).
 */
type UnavailableStatus = 200 | 403 | 404 | 503;

/** A card that cannot be shown: the status that stands in, with its owner's profile when it is known. */
type Unavailable = { status: UnavailableStatus; profile?: PublicProfile };

/** `redirect`: on a custom domain that only redirects, the same address on the main one (302). */
type Found = { entry: CachedProfile } | Unavailable | { redirect: string };

/** A card whose page is shown: its cached profile, the card with its id, and the brand its address shows. */
export interface ShownCard {
  entry: CachedProfile;
  card: PublicCard & { vcardId: string };
  branding: Branding;
}

/**
 * What the public pages lend the other public routes, so that they answer as a card's page does: whether a
 * host is the main address (the short links), and a card's id found as its page finds it, with its .vcf
 * (the contacts' sync, the wallet passes).
 */
export interface PublicCardAnswers {
  isMainAddress: (host: string | undefined) => boolean;
  /**
   * The shown card of an id, or what stands in for its page: the unavailable status (404 for an id no card
   * has), or a moved custom domain's redirect.
   */
  cardOf: (
    request: FastifyRequest,
    vcardId: string,
  ) => Promise<ShownCard | Unavailable | { redirect: string }>;
  /**
   * The shown card of a route's `:vcardId`, or null once the answer that stands in for its page is sent (the
   * unavailable page, or a moved custom domain's redirect).
   */
  shownCardOrAnswer: (request: FastifyRequest, reply: FastifyReply) => Promise<ShownCard | null>;
  /** A shown card's .vcf, as Save contact gives it. */
  contactFileOf: (request: FastifyRequest, shown: ShownCard) => Promise<VcfFile>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The custom domains this server answers (custom-domains.ts). */
    customDomains: CustomDomainIndex;
  }
}

/** A card route's parameter: a card's id. */
const CardParamsSchema = z.object({ vcardId: z.uuid() });

/** Whether a cached card's page is shown now: its profile is available (a plan in effect) and the card not paused. */
function isShown(entry: CachedProfile): boolean {
  return Date.now() < entry.profile.shownUntil;
}

/** A custom domain's 302 to the main address: asked again every time, as the domain may come back. */
function redirectToMain(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/**
 * Whose brand a page of `profile` carries on the host the request came in on: white label applies on the
 * account's custom domain (the only account a custom domain serves) and for a white-label team anywhere.
 */
function brandingOf(request: FastifyRequest, profile: PublicProfile): Branding {
  return onCustomDomain(request) ? pageBranding(profile, true) : profile.mainBranding;
}

/**
 * `security`: the app's security headers (server/lib/security-headers.ts), sent with every page;
 * `countUnlessOwner`: leaves the owner's own views uncounted (server/auth/owner-visits.ts); `visits`: what a
 * counted view records of its visitor (server/analytics/recording.ts); `leadForms`: the tokens and script of
 * the pages' "Share your contact back" forms (server/leads/form-kit.ts); `lanes`: where a warm card's
 * page and .vcf on the main address are answered beneath Fastify (server/lib/fast-lane.ts). Returns whether
 * a host is the main address, as the card-host guard tells it.
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
  const { publicUrl } = deps.config;
  const wallet = walletProviders(deps.config.wallet);
  // the account a card host serves (card-host.ts), found before its routes run; null on the main address
  app.decorateRequest('cardHost', null);
  const cache = createProfileCache(deps.changes, {
    maxBytes: Math.floor(deps.config.cache.maxBytes * CACHE_BUDGET_SHARES.pages),
    maxStaleMs: deps.config.cache.maxStaleMs,
  });
  const views = createViewRecorder(deps.db, deps.changes, app.log, visits.uniques, visits.queueOptions);
  visits.countQueues.set('views', views.queue);
  // hooks of one instance run last-registered first: views are written before the database closes
  app.addHook('onClose', async () => {
    cache.close();
    await views.flush();
  });

  // cache keys: how a profile was looked up
  const usernameKey = (username: string) => `username:${username}`;
  const vcardKey = (vcardId: string) => `vcard:${vcardId}`;
  const loaderOf = (key: string) => () => {
    const [kind, value = ''] = key.split(':');
    return kind === 'vcard' ? findProfileByVcardId(deps.db, value) : findProfileByUsername(deps.db, value);
  };
  const byVcard = (vcardId: string) => () => cache.get(vcardKey(vcardId), loaderOf(vcardKey(vcardId)));

  async function find(request: FastifyRequest, lookup: () => Promise<CachedProfile | null>): Promise<Found> {
    let entry: CachedProfile | null;
    try {
      entry = await lookup();
    } catch (error) {
      request.log.error({ err: error }, 'public profile could not be loaded');
      return { status: 503 };
    }
    // on a card host another account's card is unknown, whatever its state
    if (!entry || !servesOwner(request, entry.profile.userId)) return { status: 404 };
    const redirect = mainAddressRedirect(request, publicUrl);
    if (redirect !== null) return { redirect };
    return verdictOf(entry);
  }

  /** A card's entry when its page can be shown, else the status that stands in for it. */
  function verdictOf(entry: CachedProfile): Exclude<Found, { redirect: string }> {
    if (isShown(entry)) return { entry };
    // a team's card is paused until the team's plan is bought again; a person's profile is offline
    const available = isProfileAvailable(entry.profile.availability);
    return { status: available || entry.profile.teamCard ? 200 : 403, profile: entry.profile };
  }

  const sendPageOfStatus = unavailablePageSender<UnavailableStatus>((locale, status, branding) =>
    status === 200
      ? renderPausedPage(locale, 'card', branding)
      : renderUnavailablePage(locale, status, branding),
  );

  /**
   * The key of a page in its entry's pages: its path, language and brand, and the origin it is served at
   * on a custom domain.
   */
  const pageKey = (origin: string, path: string, locale: Locale, branding: Branding) =>
    `${origin === publicUrl ? '' : origin}${path}|${locale}|${branding.kind}`;

  /** The origin a request's pages name (canonical, Open Graph, QR code): a custom domain's, or PUBLIC_URL. */
  const originOf = (request: FastifyRequest) => {
    const domain = request.cardHost?.domain;
    return domain ? `https://${domain}` : publicUrl;
  };

  /**
   * The page that stands in for a card: in its owner's language and brand when the owner is known, else
   * (an unknown card) in the brand of the host the request came in on (card-host.ts hostBranding).
   */
  function sendUnavailable(
    request: FastifyRequest,
    reply: FastifyReply,
    status: UnavailableStatus,
    profile?: PublicProfile,
  ) {
    const branding = profile ? brandingOf(request, profile) : hostBranding(deps.db, request.cardHost);
    return sendPageOfStatus(request, reply, status, profile?.language, branding);
  }

  /** A team's brand (`owner`) on its custom domain: white label, while the team's plan has it. */
  function teamDomainBranding(domain: CustomDomain | undefined, owner: BrandOwner | null): Branding {
    if (!domain || !owner) return TAPCARD_BRANDING;
    return brandingFor(planInEffect(domain.plan), owner, true);
  }

  /** The page at a path in a language and brand, at an origin (PUBLIC_URL or a custom domain's), rendered once per cache entry. */
  function pageOf(
    entry: CachedProfile,
    path: string,
    locale: Locale,
    origin: string,
    branding: Branding,
  ): Promise<RenderedPage> {
    const key = pageKey(origin, path, locale, branding);
    let page = entry.pages.get(key);
    if (!page) {
      const pageUrl = origin + path;
      page = qrSvg(pageUrl, entry.profile.qrDesign).then((qr) =>
        renderedPage(
          renderProfilePage({
            profile: entry.profile.demo ? demoProfileIn(entry.profile, locale) : entry.profile,
            locale,
            pageUrl,
            // the preview picture and short links on the same origin: a custom domain serves them too
            publicUrl: origin,
            qrSvg: qr,
            branding,
            wallet,
            // an available page's plan changes only with a purchase, which empties the cache, or a paid
            // plan's end, from which the cached entry is not served (service.ts planUntil)
            ...pageFeatures(entry.profile),
            // made with the page: a token outlives the page's minute in the cache by hours
            leadForm:
              entry.profile.card.vcardId && takesLeads(entry.profile)
                ? {
                    token: leadForms.tokens.issue(entry.profile.card.vcardId),
                    scriptPath: leadForms.scriptPath,
                  }
                : undefined,
          }),
          {
            ...security,
            'content-type': 'text/html; charset=utf-8',
            'cache-control': PAGE_CACHE_CONTROL,
            'content-language': locale,
            vary: 'accept-language, accept-encoding',
          },
        ),
      );
      page.then(
        (made) => {
          entry.readyPages.set(key, made);
          cache.made(entry, renderedPageBytes(made));
        },
        // a failure is not kept: the next request tries again
        () => entry.pages.delete(key),
      );
      entry.pages.set(key, page);
    }
    return page;
  }

  /** A person's view of a card's page is counted (not its owner's, a bot's or a prefetch). */
  function countView(request: VisitRequest, profile: PublicProfile) {
    if (isPersonVisiting(request)) {
      countUnlessOwner(
        request,
        profile.userId,
        views.record,
        visitWith(visits.describe(request), { userId: profile.userId, vcardId: profile.card.vcardId }),
      );
    }
  }

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedProfile,
    locale: Locale,
    page: RenderedPage,
  ) {
    countView(request, entry.profile);
    if (etagMatches(request.headers['if-none-match'], page.etag)) {
      return reply
        .header('cache-control', PAGE_CACHE_CONTROL)
        .header('etag', page.etag)
        .header('content-language', locale)
        .header('vary', 'accept-language, accept-encoding')
        .status(304)
        .send();
    }
    // the page's whole answer was made with it: written as is, past the framework's per-header work
    reply.hijack();
    writePage(reply.raw, request.headers['accept-encoding'], page);
  }

  /**
   * The ready page of a warm card at `path` on the main address, when the card is shown there; null when
   * it must be found or rendered first (the route does it).
   */
  function readyMainPage(request: VisitRequest, path: string, key: string) {
    const entry = cache.peek(key);
    if (!entry || !isShown(entry)) return null;
    const locale = pageLocale(request.headers['accept-language'], entry.profile.language);
    const page = entry.readyPages.get(pageKey(publicUrl, path, locale, entry.profile.mainBranding));
    return page ? { entry, locale, page } : null;
  }

  /**
   * A profile page. A warm cache answers synchronously (no promise on the way: at thousands of views a
   * second each await is measurable); anything else loads and renders first.
   */
  function sendProfilePage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    key: string,
    sendUnknown?: () => unknown,
  ) {
    // a card host's or custom domain's pages (another origin, its owner's cards only) take the slow path
    const ready = request.cardHost === null ? readyMainPage(request, path, key) : null;
    if (ready) {
      sendPage(request, reply, ready.entry, ready.locale, ready.page);
      return;
    }
    return loadAndSendProfilePage(request, reply, path, key, sendUnknown);
  }

  /**
   * A username no profile has now. A name its account had before a rename answers a permanent redirect
   * to the same form of the current address (`locationOf`), with the query (a printed QR code's ?qr) kept;
   * the browser must ask again each time, as the owner may take the old name back. Anything else, a
   * deleted account's name in its hold included, is unknown (`sendUnknown`).
   */
  async function sendRenamedOrUnknown(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    locationOf: (current: string) => string,
    sendUnknown: () => unknown,
  ) {
    let current: string | null;
    try {
      current = await findRenamedUsername(deps.db, username);
    } catch (error) {
      request.log.error({ err: error }, 'renamed username could not be looked up');
      return sendUnavailable(request, reply, 503);
    }
    if (current) {
      return reply.header('cache-control', PAGE_CACHE_CONTROL).redirect(locationOf(current), 308);
    }
    return sendUnknown();
  }

  /** /{username} and /user/{username} of a name no profile has now: a reserved one is the client's 404. */
  function sendRenamedOrUnknownPath(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    form: '' | typeof serverPaths.userProfile,
  ) {
    return sendRenamedOrUnknown(
      request,
      reply,
      username,
      (current) => withQueryOf(request, `${form}/${current}`),
      () =>
        form === '' && RESERVED_USERNAMES.has(username)
          ? reply.callNotFound()
          : sendUnavailable(request, reply, 404),
    );
  }

  async function loadAndSendProfilePage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    key: string,
    sendUnknown: () => unknown = () => sendUnavailable(request, reply, 404),
  ) {
    const found = await find(request, () => cache.get(key, loaderOf(key)));
    if ('redirect' in found) return redirectToMain(reply, found.redirect);
    if ('status' in found && found.status === 404) return sendUnknown();
    if ('status' in found) return sendUnavailable(request, reply, found.status, found.profile);
    const locale = pageLocale(request.headers['accept-language'], found.entry.profile.language);
    const branding = brandingOf(request, found.entry.profile);
    const page = await pageOf(found.entry, path, locale, originOf(request), branding);
    return sendPage(request, reply, found.entry, locale, page);
  }

  /**
   * The card's .vcf; a photo that cannot be embedded is left out. `complete` is false when it was left
   * out for a storage outage (logged once by the storage's watch): such a file is not kept.
   */
  async function vcfOf(
    request: FastifyRequest,
    profile: PublicProfile,
    card: PublicCard & { vcardId: string },
    branding: Branding,
  ): Promise<{ file: VcfFile; complete: boolean }> {
    let photo: string | null = null;
    let complete = true;
    try {
      photo = await contactPhotoBase64(deps, card.photo);
    } catch (error) {
      if (error instanceof AppError && REASONS_LOGGED_BY_WATCH.has(error.reason)) complete = false;
      else request.log.warn({ err: error, vcardId: card.vcardId }, 'vCard photo could not be embedded');
    }
    const body = Buffer.from(cardVcf(profile, card, photo, branding));
    const headers = Object.entries({
      ...security,
      'content-type': 'text/vcard; charset=utf-8',
      'content-disposition': vcfContentDisposition(card.name),
      'cache-control': PAGE_CACHE_CONTROL,
      'content-length': String(body.length),
    }).flat();
    return { file: { body, headers }, complete };
  }

  /**
   * `{username}.{CARD_DOMAIN}` (customSubdomain): the page of `/{username}`, the very same (its canonical
   * link and og:url are the main address, PUBLIC_URL/{username}: one address for search engines and
   * previews that stays when the plan ends). A card whose owner's plan does not include it (a Free
   * account, or a paid plan that ended while a trial still runs) is sent to the main address with a
   * temporary redirect, so a printed subdomain keeps working after a downgrade; an offline card answers
   * the unavailable page, as on the main address. A warm cache answers synchronously.
   */
  function sendSubdomainPage(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    entry: CachedProfile,
  ) {
    const found = verdictOf(entry);
    if ('status' in found) return sendUnavailable(request, reply, found.status, found.profile);
    const path = `/${username}`;
    if (!can(planInEffect(entry.profile.availability), 'customSubdomain')) {
      return reply.header('cache-control', 'no-store').redirect(withQueryOf(request, publicUrl + path), 302);
    }
    const locale = pageLocale(request.headers['accept-language'], entry.profile.language);
    const branding = brandingOf(request, entry.profile);
    const page = entry.readyPages.get(pageKey(publicUrl, path, locale, branding));
    if (page) return sendPage(request, reply, entry, locale, page);
    return pageOf(entry, path, locale, publicUrl, branding).then((made) =>
      sendPage(request, reply, entry, locale, made),
    );
  }

  /**
   * A custom domain's root (customDomain): the account's primary card, as at /{username}, but named at the
   * domain (canonical link, og:url, QR code). A domain removed, or whose owner's plan no longer has
   * customDomain, sends the visitor to the same page on the main address (302), so a printed one keeps
   * working. A team's account shows the directory of its published cards (sendTeamDirectory).
   */
  function sendCustomDomainPage(request: FastifyRequest, reply: FastifyReply, host: CardHostAccount) {
    if (host.toMainAddress) {
      return redirectToMain(
        reply,
        withQueryOf(request, publicUrl + (host.username ? `/${host.username}` : '/')),
      );
    }
    const { entry } = host;
    if (entry === null) return sendTeamDirectory(request, reply, host);
    const found = verdictOf(entry);
    if ('status' in found) return sendUnavailable(request, reply, found.status, found.profile);
    const origin = originOf(request);
    const locale = pageLocale(request.headers['accept-language'], entry.profile.language);
    const branding = brandingOf(request, entry.profile);
    const page = entry.readyPages.get(pageKey(origin, '/', locale, branding));
    if (page) return sendPage(request, reply, entry, locale, page);
    return pageOf(entry, '/', locale, origin, branding).then((made) =>
      sendPage(request, reply, entry, locale, made),
    );
  }

  /**
   * A team's custom domain's root: the directory of the team's published cards, each linking to its page
   * on the domain. Read for each request (a team's domain is visited far less than its cards); a team
   * whose plan has ended shows the paused page, as its cards do.
   */
  async function sendTeamDirectory(request: FastifyRequest, reply: FastifyReply, host: CardHostAccount) {
    let directory: Awaited<ReturnType<typeof findTeamDirectory>>;
    try {
      directory = await findTeamDirectory(deps.db, host.userId);
    } catch (error) {
      request.log.error({ err: error }, 'team directory could not be loaded');
      return sendUnavailable(request, reply, 503);
    }
    if (directory === null) return sendUnavailable(request, reply, 404);
    const locale = pageLocale(request.headers['accept-language'], directory.language);
    const domain = host.domain === null ? undefined : customDomains.domains.get(host.domain);
    const branding = teamDomainBranding(domain, directory.brandOwner);
    if (domain && !isProfileAvailable(domain.plan)) {
      return sendPageOfStatus(request, reply, 200, locale, branding);
    }
    const html = renderTeamDirectoryPage({ locale, origin: originOf(request), branding, ...directory });
    return reply
      .headers(security)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('content-language', locale)
      .header('vary', 'accept-language')
      .send(html);
  }

  const { cardDomain } = deps.config;
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

  /** Finds the profile of a username, then lets the request go on or answers it (503, or `unknown`). */
  function admitProfile(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    done: () => void,
    admitted: (entry: CachedProfile) => boolean,
    unknown: () => unknown,
  ) {
    const key = usernameKey(username);
    const cached = cache.peek(key);
    if (cached && admitted(cached)) {
      done();
      return;
    }
    void (async () => {
      let entry: CachedProfile | null;
      try {
        entry = await cache.get(key, loaderOf(key));
      } catch (error) {
        request.log.error({ err: error }, 'public profile could not be loaded');
        return sendUnavailable(request, reply, 503);
      }
      if (entry && admitted(entry)) {
        done();
        return;
      }
      return unknown();
    })();
  }

  /** What a custom domain's request serves, its account's profile found (null for a team's account). */
  const customHostAccount = (domain: string, entry: CustomDomain, profile: CachedProfile | null) => ({
    username: entry.username,
    userId: entry.userId,
    entry: profile,
    domain,
    toMainAddress:
      entry.removed || !can(planInEffect(profile?.profile.availability ?? entry.plan), 'customDomain'),
  });

  const isMainAddress = registerCardHostGuard(app, rules, {
    notFound(request, reply, host) {
      // on a custom domain, any other path's page wears the account's brand, as its cards' pages do
      const domain = host.kind === 'custom' ? customDomains.domains.get(host.domain) : undefined;
      if (!domain || domain.removed) return sendUnavailable(request, reply, 404);
      const branding = findAccountBranding(deps.db, domain.userId, true);
      return sendPageOfStatus(request, reply, 404, undefined, branding);
    },
    admit(request, reply, host, done) {
      admitProfile(
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
          sendRenamedOrUnknown(
            request,
            reply,
            host.username,
            (current) => cardSubdomainUrl(publicUrl, cardDomain ?? '', current, host.port) + request.url,
            () => sendUnavailable(request, reply, 404),
          ),
      );
    },
    admitCustom(request, reply, host, done) {
      const domain = customDomains.domains.get(host.domain);
      if (domain === undefined) return void sendUnavailable(request, reply, 404);
      // a team's root is its directory; a person without a username has no profile page, only cards
      if (domain.team || domain.username === null) {
        request.cardHost = customHostAccount(host.domain, domain, null);
        done();
        return;
      }
      admitProfile(
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
        () => sendUnavailable(request, reply, 404),
      );
    },
  });
  registerTlsAsk(app, deps.db, rules);
  // the landing page on the main address, the card on a card host or custom domain
  app.get('/', (request, reply) => {
    const host = request.cardHost;
    if (host === null) {
      reply.callNotFound();
      return;
    }
    if (host.domain !== null) return sendCustomDomainPage(request, reply, host);
    if (host.entry === null || host.username === null) return sendUnavailable(request, reply, 404);
    return sendSubdomainPage(request, reply, host.username, host.entry);
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
    return sendProfilePage(request, reply, `/${lower}`, usernameKey(lower), () =>
      sendRenamedOrUnknownPath(request, reply, lower, ''),
    );
  });

  app.get<{ Params: { username: string } }>(`${serverPaths.userProfile}/:username`, (request, reply) => {
    const lower = request.params.username.toLowerCase();
    const path = `${serverPaths.userProfile}/${lower}`;
    if (!isChosenNameShape(lower)) return sendUnavailable(request, reply, 404);
    if (lower !== request.params.username) {
      void reply.redirect(withQueryOf(request, path), 301);
      return;
    }
    return sendProfilePage(request, reply, path, usernameKey(lower), () =>
      sendRenamedOrUnknownPath(request, reply, lower, serverPaths.userProfile),
    );
  });

  app.get<{ Params: { vcardId: string } }>(`${serverPaths.vcardPage}/:vcardId`, (request, reply) => {
    const vcardId = request.params.vcardId.toLowerCase();
    const path = `${serverPaths.vcardPage}/${vcardId}`;
    return sendProfilePage(request, reply, path, vcardKey(vcardId));
  });

  /** Looks the id up in the page cache, as the card's page does. */
  async function cardOf(
    request: FastifyRequest,
    vcardId: string,
  ): Promise<ShownCard | Unavailable | { redirect: string }> {
    const found = await find(request, byVcard(vcardId.toLowerCase()));
    if (!('entry' in found)) return found;
    const { entry } = found;
    const { card } = entry.profile;
    if (!card.vcardId) return { status: 404 };
    return { entry, card: { ...card, vcardId: card.vcardId }, branding: brandingOf(request, entry.profile) };
  }

  /** Made once per brand, then kept with the card's entry, where the .vcf's lane finds it ready. */
  function contactFileOf(request: FastifyRequest, shown: ShownCard): Promise<VcfFile> {
    const { entry, card, branding } = shown;
    let made = entry.vcfs.get(branding.kind);
    if (!made) {
      made = vcfOf(request, entry.profile, card, branding).then(({ file, complete }) => {
        // made without a photo the storage could not give: the next request makes it again
        if (complete) {
          entry.readyVcfs.set(branding.kind, file);
          cache.made(entry, file.body.length + stringBytes(file.headers.join('')));
        } else entry.vcfs.delete(branding.kind);
        return file;
      });
      entry.vcfs.set(branding.kind, made);
    }
    return made;
  }

  async function shownCardOrAnswer(request: FastifyRequest, reply: FastifyReply): Promise<ShownCard | null> {
    const params = CardParamsSchema.safeParse(request.params);
    const unknownCard: Unavailable = { status: 404 };
    const found = params.success ? await cardOf(request, params.data.vcardId) : unknownCard;
    if ('redirect' in found) {
      await redirectToMain(reply, found.redirect);
      return null;
    }
    if ('status' in found) {
      await sendUnavailable(request, reply, found.status, found.profile);
      return null;
    }
    return found;
  }

  // Save contact: not a view (the visitor has already been counted on the page).
  app.get(`${serverPaths.vcardPage}/:vcardId/contact.vcf`, async (request, reply) => {
    const shown = await shownCardOrAnswer(request, reply);
    if (!shown) return reply;
    const vcf = await contactFileOf(request, shown);
    reply.hijack();
    writeVcf(reply.raw, vcf);
  });

  app.get<{ Params: { vcardId: string } }>(
    `${serverPaths.vcardPage}/:vcardId/og.jpg`,
    async (request, reply) => {
      const found = await find(request, byVcard(request.params.vcardId.toLowerCase()));
      if ('redirect' in found) return redirectToMain(reply, found.redirect);
      if ('status' in found) return sendUnavailable(request, reply, found.status, found.profile);
      const { card } = found.entry.profile;
      if (!card.vcardId) return sendUnavailable(request, reply, 404);
      const jpeg = await ogImage(deps, {
        vcardId: card.vcardId,
        photo: card.photo,
        colours: cardColours(card.colours),
      });
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', OG_IMAGE_CACHE_CONTROL)
        .send(jpeg);
    },
  );

  // A person's or a bot's GET of a warm card's page or .vcf on the main address, asking for the whole
  // answer (no If-None-Match): answered beneath Fastify as the routes above answer it, counted alike.
  // Anything else (a cold cache, another host, a name to lowercase, an escape, a HEAD) goes on to them.
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
      const ready = readyMainPage(request, path, key);
      if (!ready) return false;
      countView(request, ready.entry.profile);
      writePage(response, request.headers['accept-encoding'], ready.page);
      return true;
    };
  /** The last segment of `path` when it is `prefix` and one more segment, else null. */
  const segmentAfter = (path: string, prefix: string) => {
    if (!path.startsWith(prefix) || path.indexOf('/', prefix.length) !== -1) return null;
    return path.slice(prefix.length);
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
    const entry = cache.peek(vcardKey(vcardId.toLowerCase()));
    if (!entry || !isShown(entry) || !entry.profile.card.vcardId) return false;
    const vcf = entry.readyVcfs.get(entry.profile.mainBranding.kind);
    if (!vcf) return false;
    writeVcf(response, vcf);
    return true;
  });
  return { isMainAddress, cardOf, shownCardOrAnswer, contactFileOf };
}
