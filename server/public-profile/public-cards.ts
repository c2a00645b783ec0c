import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../../src/i18n.ts';
import { can, isProfileAvailable, planInEffect } from '../../src/plans.ts';
import { RESERVED_USERNAMES } from '../../src/username.ts';
import type { serverPaths } from '../../src/routes.ts';
import { cardColours } from '../../src/card-colours.ts';
import { walletProviders, type WalletProviders } from '../../src/wallet.ts';
import type { VisitRecording } from '../analytics/recording.ts';
import type { VisitRecorder } from '../analytics/visit-recorder.ts';
import { visitWith } from '../analytics/visit.ts';
import type { CountUnlessOwner } from '../auth/owner-visits.ts';
import { brandingFor, TAPCARD_BRANDING, type Branding, type BrandOwner } from '../branding/branding.ts';
import type { LeadFormKit } from '../leads/form-kit.ts';
import { takesLeads } from '../leads/capture.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { isPersonVisiting } from '../lib/bots.ts';
import { CACHE_BUDGET_SHARES, stringBytes } from '../lib/cache.ts';
import { AppError } from '../lib/errors.ts';
import type { VisitRequest } from '../lib/fast-lane.ts';
import { REASONS_LOGGED_BY_WATCH } from '../lib/outage-watch.ts';
import {
  createProfileCache,
  renderedPageBytes,
  type CachedProfile,
  type ProfileCache,
  type VcfFile,
} from './cache.ts';
import {
  hostBranding,
  mainAddressRedirect,
  onCustomDomain,
  servesOwner,
  type CardHostAccount,
} from './card-host.ts';
import type { CustomDomain } from './custom-domains.ts';
import { contactPhotoBase64 } from './contact-photo.ts';
import { demoProfileIn } from './demo-content.ts';
import { ogImage } from './og-image.ts';
import { qrSvg } from './qr.ts';
import {
  renderPausedPage,
  renderProfilePage,
  renderTeamDirectoryPage,
  renderUnavailablePage,
} from './render.ts';
import { etagMatches, renderedPage, writePage, type RenderedPage } from './responses.ts';
import {
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
import { unavailablePageSender, type UnavailablePageSender } from './unavailable.ts';
import { cardVcf, vcfContentDisposition } from './vcf.ts';
import { createViewRecorder, type View } from './views.ts';

// The public card as one service: it finds a card (through the page cache), decides what its address
// shows (the page, the paused or unavailable page, a redirect), renders and keeps its page and .vcf, and
// counts a person's view. The routes, the fast lanes, CardDAV and the wallet passes all ask it
// (server/public-profile/routes.ts wires them).
//
// Caching: a browser or CDN may store a page but must ask again every time (max-age=0, must-revalidate),
// answered with 304 when the ETag still matches (and counted like any view). So every view still reaches
// this server, and an owner's change shows at once. A CDN told to cache HTML for longer would swallow
// the counting.

const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** The preview picture's URL changes with its content (og-image.ts), so previews may keep it a day. */
const OG_IMAGE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Unknown: 404. Offline by the availability rule: 403, since the page exists but its owner's plan does not
 * publish it right now (not 410, which tells search engines it is gone for good; not 503, which would
 * page monitors about a server fault and is kept for a failed load). A card over its owner's plan limit:
 * 200 with the 'Paused' page (docs/decisions/013-pause-never-delete.md: the same answer as a paused short
 * link).
 */
type UnavailableStatus = 200 | 403 | 404 | 503;

/** A card that cannot be shown: the status that stands in, with its owner's profile when it is known. */
export type Unavailable = { status: UnavailableStatus; profile?: PublicProfile };

/** `redirect`: on a custom domain that only redirects, the same address on the main one (302). */
type Found = { entry: CachedProfile } | Unavailable | { redirect: string };

/** A card whose page is shown: its cached profile, the card with its id, and the brand its address shows. */
export interface ShownCard {
  entry: CachedProfile;
  card: PublicCard & { vcardId: string };
  branding: Branding;
}

/** A ready page of a warm card, with the language it is in. */
interface ReadyPage {
  entry: CachedProfile;
  locale: Locale;
  page: RenderedPage;
}

/** A card route's parameter: a card's id. */
const CardParamsSchema = z.object({ vcardId: z.uuid() });

/** The cache key of a profile looked up by its username. */
export const usernameKey = (username: string) => `username:${username}`;
/** The cache key of a profile looked up by one of its cards. */
export const vcardKey = (vcardId: string) => `vcard:${vcardId}`;

/** Whether a cached card's page is shown now: its profile is available (a plan in effect) and the card not paused. */
export function isShown(entry: CachedProfile): boolean {
  return Date.now() < entry.profile.shownUntil;
}

/** A card's entry when its page can be shown, else the status that stands in for it. */
function verdictOf(entry: CachedProfile): Exclude<Found, { redirect: string }> {
  if (isShown(entry)) return { entry };
  // a team's card is paused until the team's plan is bought again; a person's profile is offline
  const available = isProfileAvailable(entry.profile.availability);
  return { status: available || entry.profile.teamCard ? 200 : 403, profile: entry.profile };
}

/** `path` with the query string of the request, if it has one. */
export function withQueryOf(request: FastifyRequest, path: string): string {
  const start = request.url.indexOf('?');
  return start === -1 ? path : path + request.url.slice(start);
}

/** A custom domain's 302 to the main address: asked again every time, as the domain may come back. */
export function redirectToMain(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/**
 * Whose brand a page of `profile` carries on the host the request came in on: white label applies on the
 * account's custom domain (the only account a custom domain serves) and for a white-label team anywhere.
 */
function brandingOf(request: FastifyRequest, profile: PublicProfile): Branding {
  return onCustomDomain(request) ? pageBranding(profile, true) : profile.mainBranding;
}

/** A team's brand (`owner`) on its custom domain: white label, while the team's plan has it. */
function teamDomainBranding(domain: CustomDomain | undefined, owner: BrandOwner | null): Branding {
  if (!domain || !owner) return TAPCARD_BRANDING;
  return brandingFor(planInEffect(domain.plan), owner, true);
}

/**
 * What the public card is given: `security`, the app's security headers (server/lib/security-headers.ts),
 * sent with every page; `countUnlessOwner`, which leaves the owner's own views uncounted
 * (server/auth/owner-visits.ts); `visits`, what a counted view records of its visitor
 * (server/analytics/recording.ts); `leadForms`, the tokens and script of the pages' "Share your contact
 * back" forms (server/leads/form-kit.ts).
 */
export interface PublicCardOptions {
  security: Record<string, string>;
  countUnlessOwner: CountUnlessOwner;
  visits: VisitRecording;
  leadForms: LeadFormKit;
  log: FastifyBaseLogger;
}

export class PublicCards {
  readonly cache: ProfileCache;
  readonly views: VisitRecorder<View>;
  private readonly publicUrl: string;
  private readonly wallet: WalletProviders;
  private readonly sendPageOfStatus: UnavailablePageSender<UnavailableStatus>;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: PublicCardOptions,
  ) {
    this.publicUrl = deps.config.publicUrl;
    this.wallet = walletProviders(deps.config.wallet);
    this.cache = createProfileCache(deps.changes, {
      maxBytes: Math.floor(deps.config.cache.maxBytes * CACHE_BUDGET_SHARES.pages),
      maxStaleMs: deps.config.cache.maxStaleMs,
    });
    const { visits } = options;
    this.views = createViewRecorder(deps.db, deps.changes, options.log, visits.uniques, visits.queueOptions);
    visits.countQueues.set('views', this.views.queue);
    this.sendPageOfStatus = unavailablePageSender<UnavailableStatus>((locale, status, branding) =>
      status === 200
        ? renderPausedPage(locale, 'card', branding)
        : renderUnavailablePage(locale, status, branding),
    );
  }

  /** Ends the cache's subscriptions and writes the views still queued (before the database closes). */
  async close(): Promise<void> {
    this.cache.close();
    await this.views.flush();
  }

  /** The profile of a cache key, from the cache or the database. */
  private profileOf(key: string): Promise<CachedProfile | null> {
    return this.cache.get(key, () => {
      const [kind, value = ''] = key.split(':');
      return kind === 'vcard'
        ? findProfileByVcardId(this.deps.db, value)
        : findProfileByUsername(this.deps.db, value);
    });
  }

  /** The card of `key`, and what its address shows on the host the request came in on. */
  private async find(request: FastifyRequest, key: string): Promise<Found> {
    const entry = await this.readProfile(request, key);
    if (entry === 'unavailable') return { status: 503 };
    // on a card host another account's card is unknown, whatever its state
    if (!entry || !servesOwner(request, entry.profile.userId)) return { status: 404 };
    const redirect = mainAddressRedirect(request, this.publicUrl);
    if (redirect !== null) return { redirect };
    return verdictOf(entry);
  }

  /**
   * The profile of `key` through the cache (null: none), or 'unavailable' when the database could not be
   * asked (logged here; the caller answers 503).
   */
  async readProfile(request: FastifyRequest, key: string): Promise<CachedProfile | null | 'unavailable'> {
    try {
      return await this.profileOf(key);
    } catch (error) {
      request.log.error({ err: error }, 'public profile could not be loaded');
      return 'unavailable';
    }
  }

  /**
   * The key of a page in its entry's pages: its path, language and brand, and the origin it is served at
   * on a custom domain.
   */
  private pageKey(origin: string, path: string, locale: Locale, branding: Branding): string {
    return `${origin === this.publicUrl ? '' : origin}${path}|${locale}|${branding.kind}`;
  }

  /** The origin a request's pages name (canonical, Open Graph, QR code): a custom domain's, or PUBLIC_URL. */
  originOf(request: FastifyRequest): string {
    const domain = request.cardHost?.domain;
    return domain ? `https://${domain}` : this.publicUrl;
  }

  /**
   * The page that stands in for a card: in its owner's language and brand when the owner is known, else
   * (an unknown card) in the brand of the host the request came in on (card-host.ts hostBranding).
   */
  sendUnavailable(
    request: FastifyRequest,
    reply: FastifyReply,
    status: UnavailableStatus,
    profile?: PublicProfile,
  ) {
    const branding = profile ? brandingOf(request, profile) : hostBranding(this.deps.db, request.cardHost);
    return this.sendPageOfStatus(request, reply, status, profile?.language, branding);
  }

  /** The 404 page of a custom domain's other paths, in the brand of the account it serves. */
  sendDomainNotFound(request: FastifyRequest, reply: FastifyReply, branding: Promise<Branding>) {
    return this.sendPageOfStatus(request, reply, 404, undefined, branding);
  }

  /** The page at a path in a language and brand, at an origin (PUBLIC_URL or a custom domain's), rendered once per cache entry. */
  private pageOf(
    entry: CachedProfile,
    path: string,
    locale: Locale,
    origin: string,
    branding: Branding,
  ): Promise<RenderedPage> {
    const key = this.pageKey(origin, path, locale, branding);
    let page = entry.pages.get(key);
    if (!page) {
      page = this.renderPage(entry, origin + path, locale, origin, branding);
      page.then(
        (made) => {
          entry.readyPages.set(key, made);
          this.cache.made(entry, renderedPageBytes(made));
        },
        // a failure is not kept: the next request tries again
        () => entry.pages.delete(key),
      );
      entry.pages.set(key, page);
    }
    return page;
  }

  private async renderPage(
    entry: CachedProfile,
    pageUrl: string,
    locale: Locale,
    origin: string,
    branding: Branding,
  ): Promise<RenderedPage> {
    const { profile } = entry;
    const qr = await qrSvg(pageUrl, profile.qrDesign);
    const { leadForms } = this.options;
    const html = renderProfilePage({
      profile: profile.demo ? demoProfileIn(profile, locale) : profile,
      locale,
      pageUrl,
      // the preview picture and short links on the same origin: a custom domain serves them too
      publicUrl: origin,
      qrSvg: qr,
      branding,
      wallet: this.wallet,
      // an available page's plan changes only with a purchase, which empties the cache, or a paid plan's
      // end, from which the cached entry is not served (service.ts planUntil)
      ...pageFeatures(profile),
      // made with the page: a token outlives the page's minute in the cache by hours
      leadForm:
        profile.card.vcardId && takesLeads(profile)
          ? { token: leadForms.tokens.issue(profile.card.vcardId), scriptPath: leadForms.scriptPath }
          : undefined,
    });
    return renderedPage(html, {
      ...this.options.security,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': PAGE_CACHE_CONTROL,
      'content-language': locale,
      vary: 'accept-language, accept-encoding',
    });
  }

  /** A person's view of a card's page is counted (not its owner's, a bot's or a prefetch). */
  countView(request: VisitRequest, profile: PublicProfile): void {
    if (isPersonVisiting(request)) {
      const { countUnlessOwner, visits } = this.options;
      countUnlessOwner(
        request,
        profile.userId,
        this.views.record,
        visitWith(visits.describe(request), { userId: profile.userId, vcardId: profile.card.vcardId }),
      );
    }
  }

  /** A page's answer, counted: 304 when the visitor has it, else the page written as it was made. */
  private sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedProfile,
    locale: Locale,
    page: RenderedPage,
  ) {
    this.countView(request, entry.profile);
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

  /** A shown card's page at an origin: the ready one of its entry, or rendered first. */
  private sendShownPage(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedProfile,
    path: string,
    origin: string,
  ) {
    const locale = pageLocale(request.headers['accept-language'], entry.profile.language);
    const branding = brandingOf(request, entry.profile);
    const page = entry.readyPages.get(this.pageKey(origin, path, locale, branding));
    if (page) return this.sendPage(request, reply, entry, locale, page);
    return this.pageOf(entry, path, locale, origin, branding).then((made) =>
      this.sendPage(request, reply, entry, locale, made),
    );
  }

  /**
   * The ready page of a warm card at `path` on the main address, when the card is shown there; null when
   * it must be found or rendered first (the route does it).
   */
  readyMainPage(request: VisitRequest, path: string, key: string): ReadyPage | null {
    const entry = this.cache.peek(key);
    if (!entry || !isShown(entry)) return null;
    const locale = pageLocale(request.headers['accept-language'], entry.profile.language);
    const page = entry.readyPages.get(this.pageKey(this.publicUrl, path, locale, entry.profile.mainBranding));
    return page ? { entry, locale, page } : null;
  }

  /**
   * A profile page. A warm cache answers synchronously (no promise on the way: at thousands of views a
   * second each await is measurable); anything else loads and renders first.
   */
  sendProfilePage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    key: string,
    sendUnknown: () => unknown = () => this.sendUnavailable(request, reply, 404),
  ) {
    // a card host's or custom domain's pages (another origin, its owner's cards only) take the slow path
    const ready = request.cardHost === null ? this.readyMainPage(request, path, key) : null;
    if (ready) {
      this.sendPage(request, reply, ready.entry, ready.locale, ready.page);
      return;
    }
    return this.loadAndSendProfilePage(request, reply, path, key, sendUnknown);
  }

  private async loadAndSendProfilePage(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    key: string,
    sendUnknown: () => unknown,
  ) {
    const found = await this.find(request, key);
    if ('redirect' in found) return redirectToMain(reply, found.redirect);
    if ('status' in found && found.status === 404) return sendUnknown();
    if ('status' in found) return this.sendUnavailable(request, reply, found.status, found.profile);
    return this.sendShownPage(request, reply, found.entry, path, this.originOf(request));
  }

  /**
   * A username no profile has now. A name its account had before a rename answers a permanent redirect
   * to the same form of the current address (`locationOf`), with the query (a printed QR code's ?qr) kept;
   * the browser must ask again each time, as the owner may take the old name back. Anything else, a
   * deleted account's name in its hold included, is unknown (`sendUnknown`).
   */
  async sendRenamedOrUnknown(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    locationOf: (current: string) => string,
    sendUnknown: () => unknown,
  ) {
    let current: string | null;
    try {
      current = await findRenamedUsername(this.deps.db, username);
    } catch (error) {
      request.log.error({ err: error }, 'renamed username could not be looked up');
      return this.sendUnavailable(request, reply, 503);
    }
    if (current) {
      return reply.header('cache-control', PAGE_CACHE_CONTROL).redirect(locationOf(current), 308);
    }
    return sendUnknown();
  }

  /** /{username} and /user/{username} of a name no profile has now: a reserved one is the client's 404. */
  sendRenamedOrUnknownPath(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    form: '' | typeof serverPaths.userProfile,
  ) {
    return this.sendRenamedOrUnknown(
      request,
      reply,
      username,
      (current) => withQueryOf(request, `${form}/${current}`),
      () =>
        form === '' && RESERVED_USERNAMES.has(username)
          ? reply.callNotFound()
          : this.sendUnavailable(request, reply, 404),
    );
  }

  /**
   * `{username}.{CARD_DOMAIN}` (customSubdomain): the page of `/{username}`, the very same (its canonical
   * link and og:url are the main address, PUBLIC_URL/{username}: one address for search engines and
   * previews that stays when the plan ends). A card whose owner's plan does not include it (a Free
   * account, or a paid plan that ended while a trial still runs) is sent to the main address with a
   * temporary redirect, so a printed subdomain keeps working after a downgrade; an offline card answers
   * the unavailable page, as on the main address. A warm cache answers synchronously.
   */
  sendSubdomainPage(request: FastifyRequest, reply: FastifyReply, username: string, entry: CachedProfile) {
    const found = verdictOf(entry);
    if ('status' in found) return this.sendUnavailable(request, reply, found.status, found.profile);
    const path = `/${username}`;
    if (!can(planInEffect(entry.profile.availability), 'customSubdomain')) {
      return reply
        .header('cache-control', 'no-store')
        .redirect(withQueryOf(request, this.publicUrl + path), 302);
    }
    return this.sendShownPage(request, reply, entry, path, this.publicUrl);
  }

  /**
   * A custom domain's root (customDomain): the account's primary card, as at /{username}, but named at the
   * domain (canonical link, og:url, QR code). A domain removed, or whose owner's plan no longer has
   * customDomain, sends the visitor to the same page on the main address (302), so a printed one keeps
   * working. A team's account shows the directory of its published cards (sendTeamDirectory).
   */
  sendCustomDomainPage(
    request: FastifyRequest,
    reply: FastifyReply,
    host: CardHostAccount,
    domain: CustomDomain | undefined,
  ) {
    if (host.toMainAddress) {
      return redirectToMain(
        reply,
        withQueryOf(request, this.publicUrl + (host.username ? `/${host.username}` : '/')),
      );
    }
    const { entry } = host;
    if (entry === null) return this.sendTeamDirectory(request, reply, host, domain);
    const found = verdictOf(entry);
    if ('status' in found) return this.sendUnavailable(request, reply, found.status, found.profile);
    return this.sendShownPage(request, reply, entry, '/', this.originOf(request));
  }

  /**
   * A team's custom domain's root: the directory of the team's published cards, each linking to its page
   * on the domain. Read for each request (a team's domain is visited far less than its cards); a team
   * whose plan has ended shows the paused page, as its cards do.
   */
  private async sendTeamDirectory(
    request: FastifyRequest,
    reply: FastifyReply,
    host: CardHostAccount,
    domain: CustomDomain | undefined,
  ) {
    let directory: Awaited<ReturnType<typeof findTeamDirectory>>;
    try {
      directory = await findTeamDirectory(this.deps.db, host.userId);
    } catch (error) {
      request.log.error({ err: error }, 'team directory could not be loaded');
      return this.sendUnavailable(request, reply, 503);
    }
    if (directory === null) return this.sendUnavailable(request, reply, 404);
    const locale = pageLocale(request.headers['accept-language'], directory.language);
    const branding = teamDomainBranding(domain, directory.brandOwner);
    if (domain && !isProfileAvailable(domain.plan)) {
      return this.sendPageOfStatus(request, reply, 200, locale, branding);
    }
    const html = renderTeamDirectoryPage({ locale, origin: this.originOf(request), branding, ...directory });
    return reply
      .headers(this.options.security)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('content-language', locale)
      .header('vary', 'accept-language')
      .send(html);
  }

  /** Looks the id up in the page cache, as the card's page does. */
  cardOf = async (
    request: FastifyRequest,
    vcardId: string,
  ): Promise<ShownCard | Unavailable | { redirect: string }> => {
    const found = await this.find(request, vcardKey(vcardId.toLowerCase()));
    if (!('entry' in found)) return found;
    const { entry } = found;
    const { card } = entry.profile;
    if (!card.vcardId) return { status: 404 };
    return { entry, card: { ...card, vcardId: card.vcardId }, branding: brandingOf(request, entry.profile) };
  };

  /**
   * The shown card of a route's `:vcardId`, or null once the answer that stands in for its page is sent (the
   * unavailable page, or a moved custom domain's redirect).
   */
  shownCardOrAnswer = async (request: FastifyRequest, reply: FastifyReply): Promise<ShownCard | null> => {
    const params = CardParamsSchema.safeParse(request.params);
    const unknownCard: Unavailable = { status: 404 };
    const found = params.success ? await this.cardOf(request, params.data.vcardId) : unknownCard;
    if ('redirect' in found) {
      await redirectToMain(reply, found.redirect);
      return null;
    }
    if ('status' in found) {
      await this.sendUnavailable(request, reply, found.status, found.profile);
      return null;
    }
    return found;
  };

  /** A shown card's .vcf, as Save contact gives it: made once per brand, then kept with the card's entry, where the .vcf's lane finds it ready. */
  contactFileOf = (request: FastifyRequest, shown: ShownCard): Promise<VcfFile> => {
    const { entry, card, branding } = shown;
    let made = entry.vcfs.get(branding.kind);
    if (!made) {
      made = this.vcfOf(request, entry.profile, card, branding).then(({ file, complete }) => {
        // made without a photo the storage could not give: the next request makes it again
        if (complete) {
          entry.readyVcfs.set(branding.kind, file);
          this.cache.made(entry, file.body.length + stringBytes(file.headers.join('')));
        } else entry.vcfs.delete(branding.kind);
        return file;
      });
      entry.vcfs.set(branding.kind, made);
    }
    return made;
  };

  /** The ready .vcf of a warm card on the main address, for its lane; null when the route must make it. */
  readyMainVcf(vcardId: string): VcfFile | null {
    const entry = this.cache.peek(vcardKey(vcardId.toLowerCase()));
    if (!entry || !isShown(entry) || !entry.profile.card.vcardId) return null;
    return entry.readyVcfs.get(entry.profile.mainBranding.kind) ?? null;
  }

  /**
   * The card's .vcf; a photo that cannot be embedded is left out. `complete` is false when it was left
   * out for a storage outage (logged once by the storage's watch): such a file is not kept.
   */
  private async vcfOf(
    request: FastifyRequest,
    profile: PublicProfile,
    card: PublicCard & { vcardId: string },
    branding: Branding,
  ): Promise<{ file: VcfFile; complete: boolean }> {
    let photo: string | null = null;
    let complete = true;
    try {
      photo = await contactPhotoBase64(this.deps, card.photo);
    } catch (error) {
      if (error instanceof AppError && REASONS_LOGGED_BY_WATCH.has(error.reason)) complete = false;
      else request.log.warn({ err: error, vcardId: card.vcardId }, 'vCard photo could not be embedded');
    }
    const body = Buffer.from(cardVcf(profile, card, photo, branding));
    const headers = Object.entries({
      ...this.options.security,
      'content-type': 'text/vcard; charset=utf-8',
      'content-disposition': vcfContentDisposition(card.name),
      'cache-control': PAGE_CACHE_CONTROL,
      'content-length': String(body.length),
    }).flat();
    return { file: { body, headers }, complete };
  }

  /** A card's link-preview picture (og.jpg), or what stands in for its page. */
  async sendPreviewPicture(request: FastifyRequest<{ Params: { vcardId: string } }>, reply: FastifyReply) {
    const found = await this.find(request, vcardKey(request.params.vcardId.toLowerCase()));
    if ('redirect' in found) return redirectToMain(reply, found.redirect);
    if ('status' in found) return this.sendUnavailable(request, reply, found.status, found.profile);
    const { card } = found.entry.profile;
    if (!card.vcardId) return this.sendUnavailable(request, reply, 404);
    const jpeg = await ogImage(this.deps, {
      vcardId: card.vcardId,
      photo: card.photo,
      colours: cardColours(card.colours),
    });
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', OG_IMAGE_CACHE_CONTROL)
      .send(jpeg);
  }
}
