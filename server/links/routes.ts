import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  linkState,
  matchingRule,
  preferredLanguage,
  ruleDeviceOf,
  type LinkOutcome,
  type LinkState,
  type RuleDevice,
} from '../../src/link-lifecycle.ts';
import { serverPaths } from '../../src/routes.ts';
import { QR_SCAN_MARKER } from '../../src/schemas/link.ts';
import { isPersonVisiting } from '../lib/bots.ts';
import { CACHE_BUDGET_SHARES, stringBytes } from '../lib/cache.ts';
import { createOwnerCache } from '../lib/owner-cache.ts';
import type { VisitRecording } from '../analytics/recording.ts';
import { visitWith } from '../analytics/visit.ts';
import type { CountUnlessOwner } from '../auth/owner-visits.ts';
import {
  hostBranding,
  mainAddressRedirect,
  onCustomDomain,
  servesOwner,
} from '../public-profile/card-host.ts';
import {
  renderLinkInactivePage,
  renderLinkUnavailablePage,
  renderPausedPage,
} from '../public-profile/render.ts';
import type { Branding } from '../branding/branding.ts';
import { findAccountBranding } from '../public-profile/service.ts';
import { unavailablePageSender } from '../public-profile/unavailable.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import type { FastLanes, VisitRequest } from '../lib/fast-lane.ts';
import { createHitRecorder, type Hit } from './hits.ts';
import { reserveScan } from './reserve.ts';
import { resolveLinkCode, type ResolvedLink } from './resolve.ts';

// Short links: GET /l/{code} answers 302 to the link's destination and counts a scan (the QR
// code's `?qr` marker) or a click. The answer never waits for the database: the link comes from an
// in-process cache (dropped for an owner on their 'links' or 'cards' notice, from any process) and the
// hit is queued (hits.ts). HEAD requests, bots and link previews, browser prefetches and the owner's own
// browser are redirected but not counted. Unknown codes get a small 404 page in the visitor's language.
// A paused link (docs/decisions/013-pause-never-delete.md: its owner's trial or plan ended, or it is over the
// plan's limit; or a team card's own code whose card its team paused) answers 200 with a small 'Paused' page:
// no redirect, not counted. The limit's and the team's part change with a notice, or when a paid plan ends
// (the cached link is read again from that moment); the moment the account goes offline is kept in the
// cache and compared with the clock on every follow, so a trial that ends pauses its links that very
// moment. On a card host only its own account's links are followed
// (public-profile/card-host.ts): another account's code answers the 404 page there, told by the cached
// link's owner. Where white label stands in (server/branding/branding.ts: on the account's custom domain,
// or a team's link anywhere), the paused and 404 pages carry the customer's brand.
//
// A QR code or profile link may have a lifecycle and rules (src/link-lifecycle.ts), all kept in the cached
// link and compared with the clock and the request on every follow: while it is not live (turned off,
// before its start, from its end, its scan limit spent) it sends visitors to its fallback, counted as
// such, or answers a small 'not active' page, not counted; while live, the first rule that matches the
// visitor's device and language sends them to its address, counted as a rule's. A link with a scan limit
// takes one scan of it in the database for each counted follow before answering (server/links/reserve.ts),
// so the limit holds exactly across processes; every other link keeps the path that never waits.
// That path, for a warm link that leads on now on the main address, is a lane beneath Fastify
// (server/lib/fast-lane.ts): the same answer and count, without the framework's work around them.

export const SHORT_LINK_CACHE_TTL_MS = 60_000;
const SHORT_LINK_PREFIX = `${serverPaths.shortLink}/`;

/**
 * A link ready to answer: its facts as resolved (resolve.ts), and each of its 302 header blocks, made once.
 * Built once per link (cachedLinkOf), read on every follow.
 */
interface CachedLink extends Pick<
  ResolvedLink,
  'linkId' | 'userId' | 'ownerLanguage' | 'availableUntil' | 'paused' | 'planUntil' | 'lifecycle'
> {
  /** Name/value pairs for writeHead. */
  headers: string[];
  /**
   * A vCard's own QR code: the 302 header block to its card's page by path, followed on a custom domain so
   * the visitor's browser stays on the scheme, host and port it came to (RFC 9110 10.2.2).
   */
  cardPageHeaders: string[] | null;
  /** The brand of its paused and 'not active' pages, read at the first such follow on each kind of host. */
  branding: { mainAddress?: Promise<Branding>; customDomain?: Promise<Branding> };
  /** The 302 header block to its fallback, or null: the 'not active' page. */
  fallbackHeaders: string[] | null;
  /** Its rules, each with its 302 header block, first match wins. */
  rules: { device: RuleDevice | null; language: string | null; headers: string[] }[];
}

type Query = Record<string, string | string[] | undefined>;

/** The code of a short link's path, or null for one its route must read itself (an escape, a subpath). */
function shortLinkCode(path: string | null): string | null {
  if (path === null || !path.startsWith(SHORT_LINK_PREFIX)) return null;
  const code = path.slice(SHORT_LINK_PREFIX.length);
  return code.length === 0 || code.includes('/') ? null : code;
}

/** The address the warm path answers beneath Fastify (server/lib/fast-lane.ts). */
export interface ShortLinkLane {
  lanes: Pick<FastLanes, 'add'>;
  /** Whether a host is the main address (the card-host guard's test). */
  isMainAddress: (host: string | undefined) => boolean;
}

/** The links' in-process cache (server/lib/owner-cache.ts), within its share of the cache budget. */
function createLinkCache(deps: AppDeps) {
  return createOwnerCache<CachedLink>(deps.changes, {
    // a vCard's own link follows its vCard ('cards'); every other link change is a 'links' notice
    topics: ['links', 'cards'],
    name: 'links',
    ownerOf: (link) => link.userId,
    maxBytes: Math.floor(deps.config.cache.maxBytes * CACHE_BUDGET_SHARES.links),
    // the destination, and about 900 bytes for the ids, the header block (its other strings are shared by
    // every link), the object and the owner's index (measured: 1.1-1.3 kB a link)
    sizeOf: (link) => stringBytes(link.headers.at(-1) ?? '') + 900,
    ttlMs: SHORT_LINK_CACHE_TTL_MS,
    maxStaleMs: deps.config.cache.maxStaleMs,
    validUntil: (link) => link.planUntil,
  });
}

/** The headers every redirect of a short link starts with (name/value pairs; its `location` follows). */
function redirectHeadersOf(security: Record<string, string>): string[] {
  // A redirect has no body to protect: of the security headers only those that still mean something (HSTS
  // on https, nosniff) go with it; each header costs every follow about a microsecond.
  const { 'strict-transport-security': hsts, 'x-content-type-options': nosniff } = security;
  return Object.entries({
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    ...(nosniff ? { 'x-content-type-options': nosniff } : {}),
    // every follow must reach this server to be counted, and the destination may change at any time
    'cache-control': 'no-store',
    // the destination learns the origin the visitor came from, as with a direct link, never a path
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-length': '0',
  }).flat();
}

/** A link as read from the database, made ready to answer: each of its 302 header blocks made once. */
function cachedLinkOf(
  {
    linkId,
    userId,
    ownerLanguage,
    availableUntil,
    paused,
    planUntil,
    lifecycle,
    location,
    vcardId,
    fallbackLocation,
    rules,
  }: ResolvedLink,
  redirectHeaders: string[],
): CachedLink {
  const headersTo = (to: string) => [...redirectHeaders, 'location', to];
  // one literal, not a spread of the resolved link: V8 keeps all of a literal's fields inside the object,
  // where a spread's copy keeps only its first few there and the rest one load further away on each follow
  return {
    linkId,
    userId,
    headers: headersTo(location),
    ownerLanguage,
    availableUntil,
    paused,
    planUntil,
    cardPageHeaders: vcardId === null ? null : headersTo(`${serverPaths.vcardPage}/${vcardId}`),
    branding: {},
    lifecycle,
    fallbackHeaders: fallbackLocation === null ? null : headersTo(fallbackLocation),
    rules: rules.map((rule) => ({
      device: rule.device,
      language: rule.language,
      headers: headersTo(rule.location),
    })),
  };
}

/**
 * A paused or inactive link's page, in its owner's brand where that can stand in (white label: on the
 * account's custom domain, or a team's link anywhere), and without Tapcard's footer on a plan with
 * adFree; read once while the link is cached (a printed code may be followed long after it paused).
 */
function brandingOf(db: AppDeps['db'], request: FastifyRequest, link: CachedLink): Promise<Branding> {
  const host = onCustomDomain(request) ? 'customDomain' : 'mainAddress';
  const cached = link.branding[host];
  if (cached) return cached;
  const read = findAccountBranding(db, link.userId, host === 'customDomain');
  link.branding[host] = read;
  // a failed read is tried again at the next follow
  read.catch(() => {
    if (link.branding[host] === read) delete link.branding[host];
  });
  return read;
}

/** The whole answer was made with the cached link: written as is, past the framework's header work. */
function redirect(reply: FastifyReply, headers: string[]) {
  reply.hijack();
  reply.raw.writeHead(302, headers);
  reply.raw.end();
}

/** Where a live link leads this visitor: the first rule that matches them, else its destination. */
function destinationOf(request: VisitRequest, link: CachedLink) {
  const rule =
    link.rules.length === 0
      ? undefined
      : matchingRule(
          link.rules,
          ruleDeviceOf(request.headers['user-agent']),
          preferredLanguage(request.headers['accept-language']),
        );
  if (rule) return { headers: rule.headers, outcome: 'rule' as const };
  return { headers: link.headers, outcome: 'destination' as const };
}

/**
 * destinationOf for a request through Fastify, which knows the host it came to. A vCard's own QR code
 * followed on its account's custom domain leads to the card's page there, so a printed code keeps its
 * scanners on the customer's domain (the domain serves the account's cards).
 */
function destinationOnHost(request: FastifyRequest, link: CachedLink) {
  const destination = destinationOf(request, link);
  if (destination.outcome !== 'destination' || link.cardPageHeaders === null || !onCustomDomain(request)) {
    return destination;
  }
  return { headers: link.cardPageHeaders, outcome: destination.outcome };
}

/**
 * `security`: the app's security headers (server/lib/security-headers.ts), of which a redirect takes two;
 * `countUnlessOwner`: leaves the owner's own follows uncounted (server/auth/owner-visits.ts); `visits`: what
 * a counted follow records of its visitor (server/analytics/recording.ts); `lane`: where a warm, live link
 * without a scan limit on the main address is followed beneath Fastify, the same way.
 */
export async function registerShortLinkRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  security: Record<string, string>,
  countUnlessOwner: CountUnlessOwner,
  visits: VisitRecording,
  lane: ShortLinkLane,
): Promise<void> {
  const cache = createLinkCache(deps);
  const hits = createHitRecorder(deps.db, deps.changes, app.log, visits.uniques, visits.queueOptions);
  visits.countQueues.set('hits', hits.queue);
  // hooks of one instance run last-registered first: hits are written before the database closes
  app.addHook('onClose', async () => {
    cache.close();
    await hits.flush();
  });

  const redirectHeaders = redirectHeadersOf(security);
  const sendPageOfStatus = unavailablePageSender(renderLinkUnavailablePage);
  const sendPaused = unavailablePageSender<200>((locale, _status, branding) =>
    renderPausedPage(locale, 'link', branding),
  );
  const sendInactive = unavailablePageSender(renderLinkInactivePage);
  /** An unknown code's page (or another account's), in the brand of the host it was asked on. */
  const sendUnavailable = (request: FastifyRequest, reply: FastifyReply, status: 404 | 503) =>
    sendPageOfStatus(request, reply, status, undefined, hostBranding(deps.db, request.cardHost));

  /** A link that does not lead on now: its fallback (counted apart when `counted`), else the 'not active' page. */
  function sendNotLive(
    request: FastifyRequest,
    reply: FastifyReply,
    link: CachedLink,
    state: Exclude<LinkState, 'live'>,
    count: ((hit: Hit) => void) | null,
  ) {
    if (link.fallbackHeaders) {
      count?.(hitOf(request, link, 'fallback'));
      return redirect(reply, link.fallbackHeaders);
    }
    // over for good, as far as a crawler should know; a link before its start or turned off may come back
    const status = state === 'ended' || state === 'spent' ? 410 : 404;
    return sendInactive(request, reply, status, link.ownerLanguage, brandingOf(deps.db, request, link));
  }

  function hitOf(request: VisitRequest, link: CachedLink, outcome: LinkOutcome): Hit {
    return visitWith(visits.describe(request), {
      linkId: link.linkId,
      userId: link.userId,
      kind: Object.hasOwn(request.query as Query, QR_SCAN_MARKER) ? ('scan' as const) : ('click' as const),
      outcome,
    });
  }

  /** Counts a person's follow unless its owner made it (at once, or once their session is read). */
  const countUnlessOwnerOf = (request: FastifyRequest, link: CachedLink) => (hit: Hit) =>
    countUnlessOwner(request, link.userId, hits.record, hit);

  /**
   * Counts a follow that leads on, the lane's and the route's alike: a person's, unless its owner made it; a
   * bot's or a link preview's never (server/lib/bots.ts).
   */
  function countFollow(
    request: VisitRequest,
    link: CachedLink,
    outcome: LinkOutcome,
    person = isPersonVisiting(request),
  ): void {
    if (person) countUnlessOwner(request, link.userId, hits.record, hitOf(request, link, outcome));
  }

  /**
   * A counted follow of a link with a scan limit: the owner's own is led on without taking a scan; anyone
   * else's takes one first, and finds the fallback (or the 'not active' page) once none is left.
   */
  async function followLimited(
    request: FastifyRequest,
    reply: FastifyReply,
    link: CachedLink,
    headers: string[],
    outcome: LinkOutcome,
  ) {
    const counted = await new Promise<boolean>((resolve) =>
      countUnlessOwner(request, link.userId, resolve, true, () => resolve(false)),
    );
    if (!counted) return redirect(reply, headers);
    let used: number | null;
    try {
      used = await reserveScan(deps.db, link.linkId);
    } catch (error) {
      request.log.error({ err: error }, 'a scan of a limited short link could not be taken');
      return sendUnavailable(request, reply, 503);
    }
    const { lifecycle } = link;
    // what this process knows of the count, for the follows that take no scan (bots, previews, the owner)
    lifecycle.scansUsed = used ?? lifecycle.maxScans ?? lifecycle.scansUsed;
    if (used === null) return sendNotLive(request, reply, link, 'spent', hits.record);
    hits.record(hitOf(request, link, outcome));
    return redirect(reply, headers);
  }

  async function load(code: string): Promise<CachedLink | null> {
    const link = await resolveLinkCode(deps.db, code);
    return link ? cachedLinkOf(link, redirectHeaders) : null;
  }

  function follow(request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply, link: CachedLink) {
    // on a card host another account's code is unknown: not followed, not counted
    if (!servesOwner(request, link.userId)) return sendUnavailable(request, reply, 404);
    // a custom domain removed, or past its plan: the same short link on the main address, not counted there
    const toMain = mainAddressRedirect(request, deps.config.publicUrl);
    if (toMain !== null) return reply.header('cache-control', 'no-store').redirect(toMain, 302);
    const now = Date.now();
    if (link.paused || now >= link.availableUntil) {
      return sendPaused(request, reply, 200, link.ownerLanguage, brandingOf(deps.db, request, link));
    }
    const person = isPersonVisiting(request);
    const state = linkState(link.lifecycle, now);
    if (state !== 'live') {
      return sendNotLive(request, reply, link, state, person ? countUnlessOwnerOf(request, link) : null);
    }
    const { headers, outcome } = destinationOnHost(request, link);
    if (person && link.lifecycle.maxScans !== null)
      return followLimited(request, reply, link, headers, outcome);
    countFollow(request, link, outcome, person);
    redirect(reply, headers);
  }

  async function loadAndFollow(
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    code: string,
  ) {
    let link: CachedLink | null;
    try {
      link = await cache.get(code, () => load(code));
    } catch (error) {
      request.log.error({ err: error }, 'short link could not be looked up');
      return sendUnavailable(request, reply, 503);
    }
    if (!link) return sendUnavailable(request, reply, 404);
    return follow(request, reply, link);
  }

  // A person's or a bot's GET of a warm link that leads on now, on the main address, without a scan limit:
  // answered beneath Fastify as `follow` answers it. Anything else goes on to the route below.
  lane.lanes.add(`${SHORT_LINK_PREFIX}:code`, (request, response) => {
    if (request.method !== 'GET' || !lane.isMainAddress(request.headers.host)) return false;
    const code = shortLinkCode(request.path);
    const link = code === null ? undefined : cache.peek(code);
    if (!link || link.paused || link.lifecycle.maxScans !== null) return false;
    const now = Date.now();
    if (now >= link.availableUntil || linkState(link.lifecycle, now) !== 'live') return false;
    const { headers, outcome } = destinationOf(request, link);
    countFollow(request, link, outcome);
    response.writeHead(302, headers);
    response.end();
    return true;
  });

  // Fastify answers HEAD through this GET route too (redirected, not counted). A warm cache answers
  // synchronously: at thousands of follows a second each await is measurable.
  app.get<{ Params: { code: string }; Querystring: Query }>(`${SHORT_LINK_PREFIX}:code`, (request, reply) => {
    const { code } = request.params;
    const link = cache.peek(code);
    if (link) return follow(request, reply, link);
    return loadAndFollow(request, reply, code);
  });
}
