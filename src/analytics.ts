// The analytics home (spec section 2 "Analytics", docs/decisions/008-where-the-spec-is-silent.md): counts of
// the last 30 days against the 30 before them, and the last 30 days one by one. Days are calendar days in the
// person's own time zone, today included, so the cards' totals are the sums of the chart's days.

/** Spec section 9 "activity window 30 days": the current period, and the length of the one it is compared to. */
export const ACTIVITY_WINDOW_DAYS = 30;

/**
 * The ranges of the analytics page: the free plan has the 30-day window,
 * fullAnalytics adds 7 and 90 days, advancedAnalytics 12 months. A range of days is counted day by day and
 * compared with as many days before it; the 12 months are the calendar months up to the current one (today
 * included), counted month by month, and compared with the same part of the year before them.
 */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '12m'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** What a range's chart counts by, and how many of those it holds. */
export type RangeUnit = 'day' | 'month';
export const RANGE_SHAPES: Record<AnalyticsRange, { unit: RangeUnit; count: number }> = {
  '7d': { unit: 'day', count: 7 },
  '30d': { unit: 'day', count: ACTIVITY_WINDOW_DAYS },
  '90d': { unit: 'day', count: 90 },
  '12m': { unit: 'month', count: 12 },
};

/** The range every plan has, shown first. */
export const DEFAULT_RANGE: AnalyticsRange = '30d';

/** The plan feature a range needs, or null for the one every plan has. */
export function featureForRange(range: AnalyticsRange): 'fullAnalytics' | 'advancedAnalytics' | null {
  if (range === DEFAULT_RANGE) return null;
  return RANGE_SHAPES[range].unit === 'month' ? 'advancedAnalytics' : 'fullAnalytics';
}

/** What a counted visit can be broken down by, beside the card or link it was made on. */
export const VISIT_DIMENSIONS = ['device', 'browser', 'referrer', 'country'] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

/**
 * The campaign a visit came from (the utm_* parameters of its address, src/utm.ts): breakdowns of
 * advancedAnalytics only, which other plans are not sent.
 */
export const CAMPAIGN_DIMENSIONS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type CampaignDimension = (typeof CAMPAIGN_DIMENSIONS)[number];

/** Operator switches (server/config.ts ANALYTICS_*) each turn off the recording of these dimensions. */
export const PRIVACY_SWITCHES = ['devices', 'referrers', 'countries'] as const;
export type PrivacySwitch = (typeof PRIVACY_SWITCHES)[number];

/**
 * What is counted: QR scans (link events of kind scan), profile views, link clicks (kind click) and leads
 * received (contacts visitors shared on a card's page, counted when received: erasing them later does not
 * take them away).
 */
export const ACTIVITY_METRICS = ['scans', 'views', 'clicks', 'leads'] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

/** Every kind of activity at zero. */
export const zeroActivity = (): Record<ActivityMetric, number> => ({
  scans: 0,
  views: 0,
  clicks: 0,
  leads: 0,
});

/** All the interactions of a day, a card or a breakdown's row: every kind of activity added up. */
export const interactionsOf = (counts: Record<ActivityMetric, number>): number =>
  counts.scans + counts.views + counts.clicks + counts.leads;

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

/** The first day (YYYY-MM-DD) of the month a date is in. */
export function monthOf(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/**
 * A calendar date moved by whole months, kept in its month: a day the month does not have becomes its
 * last (31 March - 1 month = 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const target = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  const daysInMonth = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(target.year, 4)}-${pad(target.month, 2)}-${pad(Math.min(day, daysInMonth), 2)}`;
}

/** The date a day is counted under in a chart of `unit`s: itself, or its month's first day. */
export function bucketOf(date: string, unit: RangeUnit): string {
  return unit === 'month' ? monthOf(date) : date;
}

/** The dates a range covers and the ones it is compared with, all calendar dates of the person's time zone. */
export interface RangeWindow {
  unit: RangeUnit;
  /** The range's first and last dates (the last is today). */
  first: string;
  last: string;
  /** The compared period's first and last dates. */
  previousFirst: string;
  previousLast: string;
  /** The first date of each of the chart's days or months, oldest first. */
  buckets: string[];
}

/** The window of a range that ends today (`today`: a date of the person's time zone). */
export function rangeWindow(range: AnalyticsRange, today: string): RangeWindow {
  const { unit, count } = RANGE_SHAPES[range];
  if (unit === 'day') {
    const buckets = daysEndingOn(today, count);
    const first = buckets[0] ?? today;
    return {
      unit,
      first,
      last: today,
      previousFirst: addDays(first, -count),
      previousLast: addDays(first, -1),
      buckets,
    };
  }
  const buckets = Array.from({ length: count }, (_, index) => addMonths(monthOf(today), index - count + 1));
  const first = buckets[0] ?? monthOf(today);
  // the same part of the year before: a month that has just begun is compared with the same days
  return {
    unit,
    first,
    last: today,
    previousFirst: addMonths(first, -count),
    previousLast: addMonths(today, -count),
    buckets,
  };
}
