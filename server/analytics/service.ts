import { sql } from 'kysely';
import {
  addDays,
  changePercent,
  dateInTimeZone,
  daysEndingOn,
  featureForRange,
  type ActivityMetric,
} from '../../src/analytics.ts';
import type { AnalyticsOverviewInput } from '../../src/schemas/analytics.ts';
import { requireFeature } from '../billing/plan-gate.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { localDayBounds } from './day-bounds.ts';

// The analytics home (spec section 2 "Analytics", DECISIONS.md "Analytics"): QR scans and link clicks
// (link_events) and profile views (profile_views), summed by day of the person's time zone over the current
// and the previous window. The sums come from activity_quarter_hours, which the database keeps from those
// events (migration 2026-11-22T0510): one grouped query over at most 60 x 96 rows, however busy the person.

/** All the overview reads: the database and who is asking (a script or the bench brings no more). */
export type AnalyticsContext = Pick<ServiceContext, 'db' | 'user'>;

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
  /** The range in days: the length of the current window and of the previous one it is compared to. */
  range: number;
  totals: Record<ActivityMetric | 'interactions', PeriodTotal>;
  /** The current window day by day, oldest first; days without events are zeros. */
  days: DayCounts[];
}

/** The user's counts per local day from `firstDay` up to `lastDay`, both included; days with none are left out. */
async function dailyCounts(
  ctx: AnalyticsContext,
  timeZone: string,
  firstDay: string,
  lastDay: string,
): Promise<DayCounts[]> {
  const { since, until } = localDayBounds(timeZone, firstDay, lastDay);
  const { rows } = await sql<DayCounts>`
    select to_char(day, 'YYYY-MM-DD') as date, scans, views, clicks
    from (
      select (starts_at at time zone ${timeZone})::date as day,
             sum(scans) as scans, sum(views) as views, sum(clicks) as clicks
      from activity_quarter_hours
      where user_id = ${ctx.user.id} and starts_at >= ${since} and starts_at < ${until}
      group by 1
    ) as daily`.execute(ctx.db);
  return rows;
}

function zeroCounts(date: string): DayCounts {
  return { date, scans: 0, views: 0, clicks: 0 };
}

function periodTotal(current: number, previous: number): PeriodTotal {
  return { current, previous, change: changePercent(current, previous) };
}

/** Throws plan_required for a range the account's plan does not include (src/analytics.ts featureForRange). */
async function requireRange(ctx: AnalyticsContext, days: AnalyticsOverviewInput['days']): Promise<void> {
  const feature = featureForRange(days);
  if (feature) await requireFeature(ctx, ctx.user.id, feature);
}

/**
 * The signed-in user's counts for the last `input.days` days (today included) in their time zone, the
 * window before it, the change of each, and the current window day by day. Throws plan_required for a
 * range the plan does not include.
 */
export async function analyticsOverview(
  ctx: AnalyticsContext,
  input: AnalyticsOverviewInput,
  now = new Date(),
): Promise<AnalyticsOverview> {
  const { timeZone, days } = input;
  await requireRange(ctx, days);
  const today = dateInTimeZone(now, timeZone);
  const bothWindows = daysEndingOn(today, 2 * days);
  const previousDays = bothWindows.slice(0, days);
  const currentDays = bothWindows.slice(days);

  const byDay = new Map(bothWindows.map((date) => [date, zeroCounts(date)]));
  const firstDay = addDays(today, 1 - 2 * days);
  for (const counts of await dailyCounts(ctx, timeZone, firstDay, today)) byDay.set(counts.date, counts);
  const total = (metric: ActivityMetric) => {
    const sum = (days: string[]) => days.reduce((all, day) => all + (byDay.get(day)?.[metric] ?? 0), 0);
    return periodTotal(sum(currentDays), sum(previousDays));
  };
  const scans = total('scans');
  const views = total('views');
  const clicks = total('clicks');
  const interactions = periodTotal(
    scans.current + views.current + clicks.current,
    scans.previous + views.previous + clicks.previous,
  );
  return {
    timeZone,
    range: days,
    totals: { scans, views, clicks, interactions },
    days: currentDays.map((date) => byDay.get(date) ?? zeroCounts(date)),
  };
}
