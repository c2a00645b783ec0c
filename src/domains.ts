// Custom domains (customDomain, a Business feature): an account's own domain, proved its by a DNS TXT
// record, serves its cards and short links. The numbers and the domain rule read by the server, the
// dashboard's domains page and docs/architecture.md.

/** The label of the TXT record that proves a domain: `_tapcard-verify.{domain}`. */
export const DOMAIN_VERIFY_LABEL = '_tapcard-verify';

/** Where the TXT record of `domain` is looked up. */
export function verificationRecordName(domain: string): string {
  return `${DOMAIN_VERIFY_LABEL}.${domain}`;
}

/** What the TXT record must hold: the domain's own token, named so a shared TXT set stays readable. */
export function verificationRecordValue(token: string): string {
  return `tapcard-verify=${token}`;
}

/** Domains an account (a person's or a team's) may hold at once; removed ones do not count. */
export const CUSTOM_DOMAINS_PER_ACCOUNT_MAX = 5;

export const DOMAIN_STATUSES = ['pending', 'verified', 'lost'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/**
 * Why a check did not find the proof: no TXT record at the name, TXT records none of which holds the
 * token, or no answer from DNS (an error or a timeout: the status stays as it was).
 */
export const DOMAIN_CHECK_FAILURES = ['record_missing', 'record_mismatch', 'lookup_failed'] as const;
export type DomainCheckFailure = (typeof DOMAIN_CHECK_FAILURES)[number];

export function isDomainCheckFailure(value: unknown): value is DomainCheckFailure {
  return typeof value === 'string' && (DOMAIN_CHECK_FAILURES as readonly string[]).includes(value);
}

/** "Check now" of one domain at most once in this many seconds (rate_limited otherwise). */
export const DOMAIN_CHECK_INTERVAL_SECONDS = 10;

/**
 * The schedule's checks: a pending domain every round (a few minutes) for this many days after it was
 * added, so a record added meanwhile is found without a button; after that, and for verified and lost
 * domains, once a day.
 */
export const DOMAIN_PENDING_FREQUENT_DAYS = 2;
export const DOMAIN_DAILY_CHECK_HOURS = 24;

/**
 * Days a claim (a domain added, not proved yet) waits for its record: then it ends. A claim never holds a
 * name: another account may add the same one meanwhile, and the first whose record is found keeps it.
 */
export const DOMAIN_CLAIM_DAYS = 7;

/**
 * Days a proved domain whose record is gone (lost) keeps working and waits for its record: then it is
 * released (it redirects to the main address, as a removed one does), its owner told, and another account
 * may prove it: a name that changed hands goes to its new holder.
 */
export const DOMAIN_LOST_GRACE_DAYS = 14;

/** A domain name's longest written form (RFC 1035, without the root's trailing dot). */
export const DOMAIN_MAX_LENGTH = 253;

export type DomainProblem = 'required' | 'bare' | 'ip_address' | 'too_long' | 'invalid';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** What a pasted address has and a domain name does not: a scheme, a port, a path, a query, user info. */
const NOT_BARE = /[/\\?#@:\s]/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** Top-level domains start with a letter (xn-- included): an all-digit one is an address, not a name. */
const TOP_LABEL = /^[a-z]/;

function isIpv6(value: string): boolean {
  const inner = value.replace(/^\[(.*)\]$/, '$1');
  if (!inner.includes(':') || !/^[0-9a-f:.]+$/i.test(inner)) return false;
  return URL.canParse(`http://[${inner}]/`);
}

/**
 * `input` as the domain name stored and looked up (lowercase ASCII, an internationalised name in its xn--
 * form by the URL parser's IDNA mapping, without the root's trailing dot), or why it is none: an
 * address with a scheme, port or path (`bare`: typed as a domain only), an IP address, too long, or not a
 * name of two or more valid labels.
 */
export function parseDomain(input: string): { domain: string } | { problem: DomainProblem } {
  let value = input.trim();
  if (value === '') return { problem: 'required' };
  if (value.length > DOMAIN_MAX_LENGTH + 1) return { problem: 'too_long' };
  if (isIpv6(value)) return { problem: 'ip_address' };
  if (NOT_BARE.test(value)) return { problem: 'bare' };
  if (value.endsWith('.')) value = value.slice(0, -1);
  if (IPV4.test(value)) return { problem: 'ip_address' };
  let ascii = value.toLowerCase();
  // eslint-disable-next-line no-control-regex -- ASCII is what needs no IDNA mapping
  if (/[^\x00-\x7f]/.test(value)) {
    try {
      ascii = new URL(`http://${value}/`).hostname;
    } catch {
      return { problem: 'invalid' };
    }
    // a full stop of another script (。) may end the name too
    if (ascii.endsWith('.')) ascii = ascii.slice(0, -1);
    if (IPV4.test(ascii)) return { problem: 'ip_address' };
  }
  if (ascii.length > DOMAIN_MAX_LENGTH) return { problem: 'too_long' };
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { problem: 'invalid' };
  if (!TOP_LABEL.test(labels[labels.length - 1] ?? '')) return { problem: 'invalid' };
  return { domain: ascii };
}

/** Whether `domain` is `parent` or lies under it (both as parseDomain gives them). */
export function isDomainOrUnder(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}
