import { deviceClass } from './visitor.ts';

// A QR code's or profile link's lifecycle and rules: when its short link leads to its destination, how
// many times, where it sends a visitor the rest of the time, and where it sends visitors of a device or
// language instead. Shared by the redirect (server/links/routes.ts), the dialog that edits them and the
// state each link's card shows. A vCard's own QR code has none of this: a printed card keeps working.

/** What a link does now, in the order they win: disabled, then scheduled, ended, spent, else live. */
export const LINK_STATES = ['live', 'scheduled', 'ended', 'spent', 'disabled'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** Which of its follows a link's count keeps apart: the destination, the fallback, or a rule's address. */
export const LINK_OUTCOMES = ['destination', 'fallback', 'rule'] as const;
export type LinkOutcome = (typeof LINK_OUTCOMES)[number];

export interface LinkLifecycle {
  enabled: boolean;
  /** Milliseconds since 1970 from which it is live; null: from its creation. */
  activeFrom: number | null;
  /** Milliseconds since 1970 from which it has ended; null: never. */
  activeUntil: number | null;
  /** How many follows it leads on while live (scans and clicks alike); null: no limit. */
  maxScans: number | null;
  /** How many of them it has led on (counted when the limit was set, then one by one). */
  scansUsed: number;
}

/** The state of a link at `now` (milliseconds since 1970); a boundary belongs to the state it starts. */
export function linkState(link: LinkLifecycle, now: number): LinkState {
  if (!link.enabled) return 'disabled';
  if (link.activeFrom !== null && now < link.activeFrom) return 'scheduled';
  if (link.activeUntil !== null && now >= link.activeUntil) return 'ended';
  if (link.maxScans !== null && link.scansUsed >= link.maxScans) return 'spent';
  return 'live';
}

/** The devices a rule can name; a visitor on anything else (a tablet that is neither, a TV) matches none. */
export const RULE_DEVICES = ['ios', 'android', 'desktop'] as const;
export type RuleDevice = (typeof RULE_DEVICES)[number];

export const LINK_RULES_MAX = 10;

/** Where visitors of a device, a language, or both go instead of the destination. */
export interface LinkRule {
  device: RuleDevice | null;
  /** A primary language subtag in lowercase (`es`, `pt`); null: any language. */
  language: string | null;
  url: string;
}

const IOS = /iphone|ipad|ipod/i;
const ANDROID = /android/i;

/**
 * The device a rule sees in a User-Agent header: iOS (an iPad asking for desktop sites says Macintosh, and
 * is a desktop here as in the analytics), Android, a desktop (src/visitor.ts's class), or null.
 */
export function ruleDeviceOf(userAgent: string | null | undefined): RuleDevice | null {
  if (!userAgent) return null;
  if (IOS.test(userAgent)) return 'ios';
  if (ANDROID.test(userAgent)) return 'android';
  return deviceClass(userAgent) === 'desktop' ? 'desktop' : null;
}

/**
 * The visitor's first language in an Accept-Language header, as a primary subtag in lowercase: the
 * highest weight wins, the earlier of equal weights; `*` and weight 0 are skipped.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  let best: string | null = null;
  let bestWeight = 0;
  for (const part of acceptLanguage.split(',')) {
    const [range = '', ...parameters] = part.trim().split(';');
    const primary = range.trim().split('-')[0]?.toLowerCase() ?? '';
    if (!/^[a-z]{2,3}$/.test(primary)) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(weight) && weight > bestWeight) {
      best = primary;
      bestWeight = weight;
    }
  }
  return best;
}

/** The first rule that matches a visitor (every condition it names holds), or undefined. */
export function matchingRule<R extends Pick<LinkRule, 'device' | 'language'>>(
  rules: readonly R[],
  device: RuleDevice | null,
  language: string | null,
): R | undefined {
  return rules.find(
    (rule) =>
      (rule.device === null || rule.device === device) &&
      (rule.language === null || rule.language === language),
  );
}
