import { chosenNameProblem } from '../../src/username.ts';

// Hosts (docs/decisions/017-hosts-classified-exactly.md): every request's Host header is classified
// once, here, by classifyHost: the main address, a card subdomain `{username}.{CARD_DOMAIN}`
// (customSubdomain), an account's custom domain (customDomain), or unknown. What each kind serves is
// server/public-profile/card-host.ts's (registerCardHostGuard). Ground floor: the short links' lane and the
// TLS check ask it too, without the card's feature.

/** What a request's Host header names. */
export type HostKind =
  /**
   * PUBLIC_URL's host, and every ASCII host neither under CARD_DOMAIN nor a custom domain (localhost, an
   * address a health check uses).
   */
  | { kind: 'main' }
  /** One valid, non-reserved label under CARD_DOMAIN; `port` as the request named it ('' for none). */
  | { kind: 'card'; username: string; port: string }
  /** A custom domain this server answers (lowercase, no trailing dot); `port` as for a card host. */
  | { kind: 'custom'; domain: string; port: string }
  /**
   * Anything else under CARD_DOMAIN (deeper, reserved or malformed labels, the bare CARD_DOMAIN), a deeper
   * label under a custom domain or a malformed spelling of one, and a host that is not ASCII.
   */
  | { kind: 'unknown' };

export type CardHost = Extract<HostKind, { kind: 'card' }>;
export type CustomHost = Extract<HostKind, { kind: 'custom' }>;

/** What classifyHost compares a host with, worked out once from the configuration. */
export interface HostRules {
  /** PUBLIC_URL's host as browsers send it (`app.example.com`, `localhost:3000`). */
  readonly publicHost: string;
  /** PUBLIC_URL's host name (lowercase, no port): the main address, even under CARD_DOMAIN. */
  readonly publicHostname: string;
  /** CARD_DOMAIN (lowercase), or null: no host is then a card host. */
  readonly cardDomain: string | null;
  /**
   * The custom domains answered (custom-domains.ts, changed in place; `known` is emptied with each
   * change). With no CARD_DOMAIN and none of these every host is the main address.
   */
  readonly customDomains: ReadonlyMap<string, unknown>;
  /** Verified domains released with their accounts (custom-domains.ts): unknown hosts, never the main address. */
  readonly releasedDomains: ReadonlySet<string>;
  /** Host headers other than PUBLIC_URL's already classified, as sent (a few thousand at most). */
  readonly known: Map<string, HostKind>;
}

/**
 * Card hosts remembered: reading a label (a lowercase copy, the username rule's pattern and reserved
 * names) takes about a microsecond, a remembered one 40-50 ns. Emptied when full: a run of made-up
 * hosts only costs their reading again.
 */
const KNOWN_HOSTS_MAX = 4096;

export function hostRules(
  publicUrl: string,
  cardDomain: string | null,
  customDomains: ReadonlyMap<string, unknown> = new Map(),
  releasedDomains: ReadonlySet<string> = new Set(),
): HostRules {
  const { host, hostname } = new URL(publicUrl);
  // a flat copy: URL's parts are slices of its href, and V8 compares a slice with a request's header on
  // its slow path (measured 150-200 ns a request against a few for a flat string)
  const publicHost = Buffer.from(host).toString();
  return {
    publicHost,
    publicHostname: hostname,
    cardDomain,
    customDomains,
    releasedDomains,
    known: new Map(),
  };
}

const MAIN: HostKind = Object.freeze({ kind: 'main' });
const UNKNOWN: HostKind = Object.freeze({ kind: 'unknown' });
/** A port as a Host header writes it: digits, or nothing after the colon. */
const PORT = /^\d{0,5}$/;
/** What a host name outside CARD_DOMAIN may hold to be looked up: ASCII letters, digits, dots, hyphens. */
const HOST_NAME = /^[a-z0-9.-]+$/;
/** Anything a Host header may not hold raw: a name that is not ASCII is sent in its xn-- form. */
const NON_ASCII = /[^\x21-\x7e]/;
const DOT = 46;
const OPENING_BRACKET = 91;

/**
 * Whether `text` up to `end` is `domain` or ends with `.{domain}`, in any ASCII case (a Host header is
 * ASCII, and a domain name's case means nothing); read in place, without a lowercase copy.
 */
function endsWithDomain(text: string, end: number, domain: string): boolean {
  const start = end - domain.length;
  if (start < 0 || (start > 0 && text.charCodeAt(start - 1) !== DOT)) return false;
  for (let i = 0; i < domain.length; i += 1) {
    const code = text.charCodeAt(start + i);
    // A-Z as a-z
    if ((code >= 65 && code <= 90 ? code + 32 : code) !== domain.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * The kind of host a Host header names, exactly: case is ignored, one trailing dot (the fully qualified
 * spelling) names the same host, a port is allowed. Under CARD_DOMAIN, exactly one label that a username
 * can be (src/username.ts chosenNameProblem: 3-30 of a-z, 0-9 and inner hyphens, not reserved) is a card
 * host; every other spelling there is unknown: a deeper label (`x.paula.cards.example.com`), a reserved
 * or malformed one, an empty one, two trailing dots, a port that is not a number, and the bare CARD_DOMAIN
 * unless it is PUBLIC_URL's host, which is always the main address. Outside CARD_DOMAIN, a custom domain
 * answered (rules.customDomains) is a custom host in the same spellings, and a deeper label under one, or
 * another spelling of one, is unknown; so is a host that is not ASCII. Every request passes here:
 * PUBLIC_URL's host as browsers send it is one string comparison, any other host a few character reads and
 * (under CARD_DOMAIN, or outside it once there are custom domains) one lookup when seen before.
 */
export function classifyHost(host: string | undefined, rules: HostRules): HostKind {
  const { cardDomain } = rules;
  // no Host header (HTTP/1.0), or nothing to tell apart
  if (host === undefined || host === rules.publicHost) return MAIN;
  const noDomains = rules.customDomains.size === 0 && rules.releasedDomains.size === 0;
  if (cardDomain === null && noDomains) return MAIN;
  // the port's colon comes after an IPv6 address's brackets ([::1]:3000)
  const colon = host.indexOf(':', host.charCodeAt(0) === OPENING_BRACKET ? host.indexOf(']') + 1 : 0);
  const nameEnd = colon === -1 ? host.length : colon;
  let end = nameEnd;
  while (end > 0 && host.charCodeAt(end - 1) === DOT) end -= 1;
  const underCard = cardDomain !== null && endsWithDomain(host, end, cardDomain);
  if (!underCard) {
    if (NON_ASCII.test(host)) return UNKNOWN;
    // without custom domains every other host is the main address, told apart without being remembered
    if (noDomains) return MAIN;
  }
  let kind = rules.known.get(host);
  if (kind === undefined) {
    kind = underCard
      ? underCardDomain(host, colon, nameEnd, end, rules)
      : outsideCardDomain(host, colon, nameEnd, end, rules);
    if (rules.known.size >= KNOWN_HOSTS_MAX) rules.known.clear();
    rules.known.set(host, kind);
  }
  return kind;
}

/** Two trailing dots or more, or a port that is not a number: no host's spelling. */
function isMalformedSpelling(host: string, colon: number, nameEnd: number, end: number): boolean {
  return nameEnd - end > 1 || (colon !== -1 && !PORT.test(host.slice(colon + 1)));
}

/** The port as the Host header names it ('' for none). */
const portOf = (host: string, colon: number) => (colon === -1 ? '' : host.slice(colon + 1));

/**
 * classifyHost for a host outside CARD_DOMAIN: a custom domain's host, unknown for a deeper label under
 * one or a malformed spelling of one, and for a released domain or a label under one, else the main
 * address (as before custom domains).
 */
function outsideCardDomain(
  host: string,
  colon: number,
  nameEnd: number,
  end: number,
  rules: HostRules,
): HostKind {
  const { customDomains } = rules;
  const name = host.slice(0, end).toLowerCase();
  if (name === rules.publicHostname || !HOST_NAME.test(name)) return MAIN;
  if (customDomains.has(name)) {
    if (isMalformedSpelling(host, colon, nameEnd, end)) return UNKNOWN;
    // shared by every request with this Host: never changed
    return Object.freeze({ kind: 'custom', domain: name, port: portOf(host, colon) });
  }
  // a released domain (its account deleted) never serves the app under the customer's name
  if (rules.releasedDomains.has(name)) return UNKNOWN;
  for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    const parent = name.slice(dot + 1);
    if (customDomains.has(parent) || rules.releasedDomains.has(parent)) return UNKNOWN;
  }
  return MAIN;
}

/** classifyHost for a host whose name (up to `end`, before trailing dots and the port) is under CARD_DOMAIN. */
function underCardDomain(
  host: string,
  colon: number,
  nameEnd: number,
  end: number,
  rules: HostRules,
): HostKind {
  if (isMalformedSpelling(host, colon, nameEnd, end)) return UNKNOWN;
  const name = host.slice(0, end).toLowerCase();
  if (name === rules.publicHostname) return MAIN;
  if (name === rules.cardDomain) return UNKNOWN;
  const label = name.slice(0, name.length - (rules.cardDomain?.length ?? 0) - 1);
  if (chosenNameProblem(label) !== null) return UNKNOWN;
  // shared by every request with this Host: never changed
  return Object.freeze({ kind: 'card', username: label, port: portOf(host, colon) });
}

/** Whether a Host header names the main address: for requests answered before any hook (server/lib/fast-lane.ts). */
export function mainAddressTest(rules: HostRules): (host: string | undefined) => boolean {
  return (host) => classifyHost(host, rules).kind === 'main';
}
