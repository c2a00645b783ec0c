import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  bucketOf,
  changePercent,
  dateInTimeZone,
  featureForRange,
  interactionsOf,
  rangeWindow,
  zeroActivity,
  ACTIVITY_METRICS,
  type ActivityMetric,
  type AnalyticsRange,
  type RangeUnit,
  type RangeWindow,
} from '../../src/analytics.ts';
import type { PlanId } from '../../src/plans.ts';
import type { AnalyticsOverviewInput } from '../../src/schemas/analytics.ts';
import { planInEffectOf, planWithFeature } from '../access/plan-gate.ts';
import { localDayBounds } from './day-bounds.ts';

// The analytics home (spec section 2 "Analytics", docs/decisions/008-where-the-spec-is-silent.md): QR scans
// and link clicks (link_events), profile views (profile_views) and leads received (lead_events), summed by
// day of the person's time zone over the current and the previous window. The sums come from
// activity_quarter_hours, which the database keeps from those events (migration 2026-11-22T0510): one grouped
// query over the quarter hours of both windows (at most 60 x 96 rows for 30 days; two years' for the 12
// months), however busy the account.

/**
 * Whose analytics are read: every query of the analytics service filters by `accountId`, which the caller
 * decides (the signed-in person's own account today), never by a session read deep inside.
 */
export interface AnalyticsScope {
  db: Kysely<Database>;
  accountId: string;
}

export type DayCounts = { date: string } & Record<ActivityMetric, number>;

export interface PeriodTotal {
  current: number;
  previous: number;
  /** Percent against the previous window; null when it had nothing (src/analytics.ts changePercent). */
  change: number | null;
}

export interface AnalyticsOverview {
  /** The time zone the days were counted in (the browser's, or UTC when it was not usable). */
  timeZone: string;
  range: AnalyticsRange;
  /** What each of `buckets` counts: a day, or a calendar month. */
  unit: RangeUnit;
  totals: Record<ActivityMetric | 'interactions', PeriodTotal>;
  /** The range day by day or month by month (`date`: its first day), oldest first; zeros included. */
  buckets: DayCounts[];
}

/** The account's counts per local day from `firstDay` up to `lastDay`, both included; days with none are left out. */
async function dailyCounts(
  scope: AnalyticsScope,
  timeZone: string,
  firstDay: string,
  lastDay: string,
): Promise<DayCounts[]> {
  const { since, until } = localDayBounds(timeZone, firstDay, lastDay);
  const { rows } = await sql<DayCounts>`
    select to_char(day, 'YYYY-MM-DD') as date, scans, views, clicks, leads
    from (
      select (starts_at at time zone ${timeZone})::date as day,
             sum(scans) as scans, sum(views) as views, sum(clicks) as clicks, sum(leads) as leads
      from activity_quarter_hours
      where user_id = ${scope.accountId} and starts_at >= ${since} and starts_at < ${until}
      group by 1
    ) as daily`.execute(scope.db);
  return rows;
}

function zeroCounts(date: string): DayCounts {
  return { date, ...zeroActivity() };
}

function periodTotal(current: number, previous: number): PeriodTotal {
  return { current, previous, change: changePercent(current, previous) };
}

/**
 * The account's plan in effect, when it includes the range (src/analytics.ts featureForRange); otherwise
 * throws plan_required naming the feature and the lowest plan that has it.
 */
export async function planForRange(scope: AnalyticsScope, range: AnalyticsRange): Promise<PlanId> {
  const plan = await planInEffectOf(scope, scope.accountId);
  const feature = featureForRange(range);
  return feature ? planWithFeature(plan, feature) : plan;
}

/**
 * The account's counts for the range that ends today in the person's time zone (src/analytics.ts
 * rangeWindow), the period it is compared with, the change of each, and the range day by day or month by
 * month. Throws plan_required for a range the plan does not include.
 */
export async function analyticsOverview(
  scope: AnalyticsScope,
  input: AnalyticsOverviewInput,
  now = new Date(),
): Promise<AnalyticsOverview> {
  const { timeZone, range } = input;
  await planForRange(scope, range);
  const window = rangeWindow(range, dateInTimeZone(now, timeZone));
  return overviewOfDays(input, window, await dailyCounts(scope, timeZone, window.previousFirst, window.last));
}

/**
 * The overview of a range from the counts of its days and of the period before (none: the range's zeros,
 * for an account with nothing to count yet).
 */
export function overviewOfDays(
  { timeZone, range }: AnalyticsOverviewInput,
  window: RangeWindow,
  days: readonly DayCounts[],
): AnalyticsOverview {
  const buckets = new Map(window.buckets.map((date) => [date, zeroCounts(date)]));
  const previous = zeroCounts(window.previousFirst);
  for (const day of days) {
    // a day between the two periods (the rest of a month a year ago) is in neither
    const counts =
      day.date >= window.first
        ? buckets.get(bucketOf(day.date, window.unit))
        : day.date <= window.previousLast
          ? previous
          : undefined;
    if (!counts) continue;
    for (const metric of ACTIVITY_METRICS) counts[metric] += day[metric];
  }
  const current = [...buckets.values()];
  const sumOf = (metric: ActivityMetric) => current.reduce((sum, bucket) => sum + bucket[metric], 0);
  const totals = Object.fromEntries(
    ACTIVITY_METRICS.map((metric) => [metric, periodTotal(sumOf(metric), previous[metric])]),
  ) as Record<ActivityMetric, PeriodTotal>;
  const interactions = periodTotal(
    current.reduce((sum, bucket) => sum + interactionsOf(bucket), 0),
    interactionsOf(previous),
  );
  return {
    timeZone,
    range,
    unit: window.unit,
    totals: { ...totals, interactions },
    buckets: current,
  };
}
