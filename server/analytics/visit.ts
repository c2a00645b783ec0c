import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  BROWSER_FAMILIES,
  browserFamily,
  DEVICE_CLASSES,
  deviceClass,
  referrerHost,
  type BrowserFamily,
  type DeviceClass,
} from '../../src/visitor.ts';
import { campaignOf, NO_CAMPAIGN, UTM_MARKER, UTM_VALUE_MAX_LENGTH, type Campaign } from '../../src/utm.ts';
import type { Config } from '../config.ts';
import type { VisitRequest } from '../lib/fast-lane.ts';
import { rememberAnswers } from '../lib/cache.ts';

// What a counted visit records of its visitor: the device class and browser family
// (from the user agent), the host of the referring page and the country (looked up in memory from the
// address with geoip-country's offline database). Each can be switched off by the operator
// (config.analyticsRecords); a value switched off is recorded as unknown. Answers are remembered in memory,
// per user agent, referring page or address, for a short while: public pages and short links answer
// thousands of visits a second, mostly from the same few visitors. Nothing here is ever stored but the
// coarse values themselves. The campaign (utm_* parameters, src/utm.ts) is read from the address itself,
// and only from an address that has one: most visits carry none.

/** The facts of a visit, its campaign (utm_source, utm_medium, utm_campaign: null for none) included. */
export interface VisitFacts extends Campaign {
  device: DeviceClass;
  browser: BrowserFamily;
  referrerHost: string | null;
  /** ISO 3166-1 alpha-2 code, or null when unknown (a private address) or not recorded. */
  country: string | null;
}

const campaignValueSchema = z.string().min(1).max(UTM_VALUE_MAX_LENGTH).nullable();

/** VisitFacts as read back from a spill file (server/lib/count-spill.ts); one spilled before campaigns had none. */
export const visitFactsSchema = z.object({
  device: z.enum(DEVICE_CLASSES),
  browser: z.enum(BROWSER_FAMILIES),
  referrerHost: z.string().nullable(),
  country: z.string().length(2).nullable(),
  utm_source: campaignValueSchema.default(null),
  utm_medium: campaignValueSchema.default(null),
  utm_campaign: campaignValueSchema.default(null),
});

/** Whom a visit came from, for counting unique visitors: kept in memory until hashed, never stored. */
export interface VisitorKey {
  address: string;
  userAgent: string;
}

export interface Visit extends VisitFacts {
  visitor: VisitorKey;
}

export type DescribeVisit = (request: VisitRequest) => Visit;

/** A request's query as Fastify parses it (every route of a counted visit takes any query). */
type Query = Parameters<typeof campaignOf>[0];

/**
 * The part of a counting queue's key that a visit's facts make: one group per device, browser, referrer,
 * country and campaign. A campaign's values may hold spaces but never a control character (src/utm.ts),
 * so they are joined by one; a visit without a campaign adds nothing to the key.
 */
export function visitFactsKey(facts: VisitFacts): string {
  const key = `${facts.device} ${facts.browser} ${facts.referrerHost ?? ''} ${facts.country ?? ''}`;
  if (facts.utm_source === null && facts.utm_medium === null && facts.utm_campaign === null) return key;
  return `${key}\u0001${facts.utm_source ?? ''}\u0001${facts.utm_medium ?? ''}\u0001${facts.utm_campaign ?? ''}`;
}

/** Whether two visits have the same facts: exactly when visitFactsKey gives them the same key. */
export function sameFacts(a: VisitFacts, b: VisitFacts): boolean {
  return (
    a.device === b.device &&
    a.browser === b.browser &&
    a.referrerHost === b.referrerHost &&
    a.country === b.country &&
    a.utm_source === b.utm_source &&
    a.utm_medium === b.utm_medium &&
    a.utm_campaign === b.utm_campaign
  );
}

/**
 * A visit with the fields of what was visited (a link's hit, a card's view), built field by field: a spread
 * of the visit into a new literal cost a counted request about 20 µs more (V8's generic copy, and its garbage).
 */
export function visitWith<S extends object>(visit: Visit, subject: S): Visit & S {
  return {
    device: visit.device,
    browser: visit.browser,
    referrerHost: visit.referrerHost,
    country: visit.country,
    utm_source: visit.utm_source,
    utm_medium: visit.utm_medium,
    utm_campaign: visit.utm_campaign,
    visitor: visit.visitor,
    ...subject,
  };
}

/** The facts of a visit without its visitor, which is never stored. */
export function visitFactsOf(facts: VisitFacts): VisitFacts {
  const { device, browser, referrerHost, country, utm_source, utm_medium, utm_campaign } = facts;
  return { device, browser, referrerHost, country, utm_source, utm_medium, utm_campaign };
}

/** The user agent's facts when devices are not recorded (ANALYTICS_DEVICES=off). */
const UNRECORDED_AGENT = { device: 'unknown', browser: 'unknown' } as const;

/** How long a country is remembered per address: addresses change hands rarely, and never within minutes. */
const COUNTRY_TTL_MS = 10 * 60 * 1000;
const REMEMBERED = 2_000;
/** The longest address whose campaign is remembered (2 000 of them: at most 2 MB). */
const MAX_REMEMBERED_URL = 1_024;

/** A country look-up over geoip-country's database, loaded once (about 8 MB, 50 ms) when countries are recorded. */
async function loadCountryLookup(): Promise<(address: string) => string | null> {
  const { default: geoip } = await import('geoip-country');
  const countries = new LRUCache<string, { country: string | null }>({ max: 10_000, ttl: COUNTRY_TTL_MS });
  return (address) => {
    let known = countries.get(address);
    if (!known) {
      known = { country: geoip.lookup(address)?.country ?? null };
      countries.set(address, known);
    }
    return known.country;
  };
}

export async function createVisitDescriber(config: Pick<Config, 'analyticsRecords'>): Promise<DescribeVisit> {
  const records = config.analyticsRecords;
  // one remembered answer per user agent for both of its facts: one look-up per visit
  const agentOf = rememberAnswers(
    (userAgent) => ({ device: deviceClass(userAgent), browser: browserFamily(userAgent) }),
    REMEMBERED,
  );
  const hostOf = rememberAnswers(referrerHost, REMEMBERED);
  const countryOf = records.countries ? await loadCountryLookup() : () => null;
  // a printed QR code's address, campaign included, is scanned again and again: its campaign is read once
  const campaigns = new LRUCache<string, Campaign>({ max: REMEMBERED });
  const campaignOfRequest = (request: VisitRequest): Campaign => {
    const { url } = request;
    let campaign = campaigns.get(url);
    if (!campaign) {
      campaign = campaignOf(request.query as Query);
      // a long address is read every time rather than kept: the memory stays bounded
      if (url.length <= MAX_REMEMBERED_URL) campaigns.set(url, campaign);
    }
    return campaign;
  };
  return (request) => {
    const userAgent = request.headers['user-agent'] ?? '';
    const { referer } = request.headers;
    const agent = records.devices ? agentOf(userAgent) : UNRECORDED_AGENT;
    // the query is read only when the address may carry a campaign: a string search otherwise
    const campaign = request.url.includes(UTM_MARKER) ? campaignOfRequest(request) : NO_CAMPAIGN;
    // one object literal of one shape, without a spread: this runs on every counted visit
    return {
      device: agent.device,
      browser: agent.browser,
      referrerHost: records.referrers && referer ? hostOf(referer) : null,
      country: countryOf(request.ip),
      utm_source: campaign.utm_source,
      utm_medium: campaign.utm_medium,
      utm_campaign: campaign.utm_campaign,
      visitor: { address: request.ip, userAgent },
    };
  };
}
