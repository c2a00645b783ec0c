import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appleProfilePath, contactFilePath, subscribePath } from '../../src/carddav.ts';
import { LEAD_FORM_SCRIPT } from '../../src/lead-form.ts';
import { serverPaths } from '../../src/routes.ts';
import { applePassPath, googleWalletPath } from '../../src/wallet.ts';
import { TAPCARD_BRANDING, type Branding } from '../branding/branding.ts';
import { SITE_ICONS } from '../lib/html.ts';
import {
  classifyHost,
  mainAddressTest,
  type CardHost,
  type CustomHost,
  type HostKind,
  type HostRules,
} from '../lib/hosts.ts';
import type { CachedProfile } from './cache.ts';
import { findAccountBranding, pageBranding } from './service.ts';

// What a card host serves (docs/decisions/017-hosts-classified-exactly.md; the Host header's kind is
// server/lib/hosts.ts's): only its account's card: the page at `/`, its .vcf and preview pictures, its
// photos and short links, and the files the page needs (fonts, icons); a custom domain the same, and its
// account's other cards at /vcard/{id}; another account's card id, photo key or short-link code answers 404
// there (servesOwner; for photos, isCardHostPhoto in server/media/routes.ts), and nothing of the app is
// served (registerCardHostGuard). An unknown host gets the 404 page and nothing else. A card host is another
// site for the browser: the session cookie is host-only (never Domain=CARD_DOMAIN), only PUBLIC_URL may
// post, and a card page runs no script, so a card page cannot act on the dashboard.

/** The account a card host or custom domain serves, found before any route runs (registerCardHostGuard). */
export interface CardHostAccount {
  /** The account's username; null on the custom domain of a team's account or of a person without one. */
  readonly username: string | null;
  readonly userId: string;
  /**
   * Its profile as cached: the page at `/` and the photos it shows; null on the custom domain of a team's
   * account (its root is the directory of its cards) or of a person without a username (no profile page).
   */
  readonly entry: CachedProfile | null;
  /** On a custom domain, its name (the pages' canonical and Open Graph addresses); null on a card host. */
  readonly domain: string | null;
  /**
   * A custom domain removed, or whose account's plan no longer has customDomain: every card, .vcf and short
   * link answers a 302 to the same on the main address (mainAddressRedirect).
   */
  readonly toMainAddress: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** On a card host, the account it serves; null on the main address. */
    cardHost: CardHostAccount | null;
  }
}

/**
 * Whether something of `userId`'s (a card, a short link) may answer this request: always on the main
 * address, on a card host only its own account's. A property read: the main address's hot paths pay
 * nothing for it.
 */
export function servesOwner(request: FastifyRequest, userId: string): boolean {
  const host = request.cardHost;
  return host === null || host.userId === userId;
}

/** Whether the request came to one of an account's custom domains (where its pages wear its brand). */
export function onCustomDomain(request: FastifyRequest): boolean {
  return (request.cardHost?.domain ?? null) !== null;
}

/**
 * The brand of a page that stands in on the request's host for what it does not show (an unknown card or
 * short link, or another account's): on a custom domain its account's (white label), elsewhere Tapcard's.
 * Read from the database only for a custom domain's account without a cached profile (a team's).
 */
export function hostBranding(
  db: Kysely<Database>,
  host: CardHostAccount | null,
): Branding | Promise<Branding> {
  if (!host?.domain) return TAPCARD_BRANDING;
  if (host.entry) return pageBranding(host.entry.profile, true);
  return findAccountBranding(db, host.userId, true);
}

/**
 * On a custom domain that only redirects (CardHostAccount.toMainAddress), the request's path and query on
 * PUBLIC_URL, for a 302; null anywhere else. Called once the thing asked for is known to be the account's
 * (servesOwner): another account's answers 404 there too.
 */
export function mainAddressRedirect(request: FastifyRequest, publicUrl: string): string | null {
  const host = request.cardHost;
  return host?.toMainAddress ? publicUrl + request.url : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a card's page links to under its own path: the .vcf, the preview picture, the lead form, the subscribe page, the Apple profile and the wallet passes. */
const CARD_FILES = [contactFilePath, subscribePath, appleProfilePath, applePassPath, googleWalletPath]
  .map((pathOf) => pathOf('id').slice(`${serverPaths.vcardPage}/id/`.length))
  .concat(['og.jpg', 'lead']);

/**
 * What a card host serves: its page at `/`, what the page links to (CARD_FILES, the lead form's script,
 * photos, the design's fonts, the site's icons)
 * and short links; a custom domain also its account's other cards' pages (`/vcard/{id}`).
 */
function hostPaths(vcardPages: boolean): RegExp {
  const ofCard = `/(?:${CARD_FILES.map(escapeRegExp).join('|')})`;
  return new RegExp(
    `^(?:/|${serverPaths.shortLink}/[^/]+|${serverPaths.vcardPage}/[^/]+` +
      `${vcardPages ? `(?:${ofCard})?` : ofCard}` +
      `|${serverPaths.media}/[^/]+|${serverPaths.fonts}/[^/]+/[^/]+` +
      `|${serverPaths.clientAssets}/${LEAD_FORM_SCRIPT.name}-[\\w-]+\\.js` +
      `|${Object.values(SITE_ICONS).map(escapeRegExp).join('|')})$`,
  );
}
const CARD_HOST_PATHS = hostPaths(false);
const CUSTOM_HOST_PATHS = hostPaths(true);

/** A card's lead form's post and thank-you page (lead-routes.ts): the one post a card host takes. */
export const LEAD_PATH = new RegExp(`^${serverPaths.vcardPage}/[^/]+/lead$`);

function isCardReading(request: FastifyRequest, paths: RegExp): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  if (request.method === 'POST') return LEAD_PATH.test(path);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  return reading && paths.test(path);
}

export interface CardHostAnswers {
  /** The 404 page, for a request to `host` (not the main address) that reads no card. */
  notFound(request: FastifyRequest, reply: FastifyReply, host: HostKind): unknown;
  /**
   * Finds the account of a card host: sets `request.cardHost` and calls `done` (at once when it is
   * cached), or answers the request itself (the redirect of a renamed username, the 404 page).
   */
  admit(request: FastifyRequest, reply: FastifyReply, host: CardHost, done: HookHandlerDoneFunction): void;
  /** admit for a custom domain. */
  admitCustom(
    request: FastifyRequest,
    reply: FastifyReply,
    host: CustomHost,
    done: HookHandlerDoneFunction,
  ): void;
}

/**
 * Classifies every request's host before any route runs. The main address goes on untouched; an unknown
 * host, and on a card host anything but reading a card (other paths and methods: the client, the API,
 * sign-in, health, metrics…), get the not-found page; reading a card goes on with its account found.
 * Returns whether a host is the main address.
 */
export function registerCardHostGuard(
  app: FastifyInstance,
  rules: HostRules,
  answers: CardHostAnswers,
): (host: string | undefined) => boolean {
  // not async: every request passes here, short links included, and a promise each is measurable
  app.addHook('onRequest', (request, reply, done) => {
    const host = classifyHost(request.headers.host, rules);
    if (host.kind === 'main') {
      done();
      return;
    }
    // answered here: the chain stops without done()
    if (host.kind === 'card' && isCardReading(request, CARD_HOST_PATHS)) {
      answers.admit(request, reply, host, done);
    } else if (host.kind === 'custom' && isCardReading(request, CUSTOM_HOST_PATHS)) {
      answers.admitCustom(request, reply, host, done);
    } else void answers.notFound(request, reply, host);
  });
  return mainAddressTest(rules);
}
