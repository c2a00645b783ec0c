// The analytics home (spec section 2 "Analytics", DECISIONS.md "Analytics"): counts of the last 30 days
// against the 30 before them, and the last 30 days one by one. Days are calendar days in the person's
// own time zone, today included, so the cards' totals are the sums of the chart's days.

/** Spec section 9 "activity window 30 days": the current period, and the length of the one it is compared to. */
export const ACTIVITY_WINDOW_DAYS = 30;

/**
 * The ranges of the analytics page, in days (issue 13 item 6): the free plan has the 30-day window, and
 * fullAnalytics adds the others. The previous period compared against is as long as the range.
 */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** The plan feature a range needs, or null for the one every plan has. */
export function featureForRange(days: AnalyticsRange): 'fullAnalytics' | null {
  return days === ACTIVITY_WINDOW_DAYS ? null : 'fullAnalytics';
}

/** What a counted visit can be broken down by, beside the card or link it was made on. */
export const VISIT_DIMENSIONS = ['device', 'browser', 'referrer', 'country'] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

/** Operator switches (server/config.ts ANALYTICS_*) each turn off the recording of these dimensions. */
export const PRIVACY_SWITCHES = ['devices', 'referrers', 'countries'] as const;
export type PrivacySwitch = (typeof PRIVACY_SWITCHES)[number];

/** What is counted: QR scans (link events of kind scan), profile views, link clicks (kind click). */
export const ACTIVITY_METRICS = ['scans', 'views', 'clicks'] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

/** The time zone days are counted in when the browser's own cannot be used. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The change of a count against the previous period in percent (+50 for 2 -> 3, -100 for 4 -> 0), or null
 * when the previous period had nothing: no percentage can describe growth from zero, and "+0%" would
 * claim that nothing changed. The page shows null as 'New' when there is something now, else as '-'.
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/**
 * The canonical name of an IANA time zone ("america/new_york" -> "America/New_York"), or the fallback for
 * anything the runtime does not know. Offsets such as "+05:00" are refused: the database reads POSIX
 * offsets with the opposite sign.
 */
export function canonicalTimeZone(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return FALLBACK_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** The calendar date (YYYY-MM-DD) that a moment falls on in a time zone. */
export function dateInTimeZone(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date (YYYY-MM-DD) moved by a number of days; plain dates have no time zone or DST. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` calendar dates that end with `lastDay`, oldest first. */
export function daysEndingOn(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(lastDay, index - count + 1));
}
