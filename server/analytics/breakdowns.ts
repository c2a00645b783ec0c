import { sql, type RawBuilder } from 'kysely';
import {
  dateInTimeZone,
  daysEndingOn,
  PRIVACY_SWITCHES,
  type ActivityMetric,
  type PrivacySwitch,
  type VisitDimension,
} from '../../src/analytics.ts';
import type { AnalyticsRangeInput } from '../../src/schemas/analytics.ts';
import type { Config } from '../config.ts';
import type { AnalyticsContext } from './service.ts';
import { localDayBounds } from './day-bounds.ts';

// Full analytics (issue 13 item 6): the visits of a range of local days broken down by card and link,
// device class, browser family, referring host and country, and the unique visitors per day. The sums come
// from activity_breakdown_days (per UTC day, kept by the database from the events, migration
// 2026-11-24T0400) for the range's whole UTC days, and from the events themselves for the partial UTC
// days at its two ends: at most two days of events, so the sums are exact (the same as the overview's
// cards) and the reads stay small however long the range.

export type BreakdownContext = AnalyticsContext & { config: Pick<Config, 'analyticsRecords'> };

/** A value of a dimension ('' for none: a direct visit, an unknown country) and its visits per metric. */
export type Breakdown = { value: string } & Record<ActivityMetric, number>;

export type ItemKind = 'card' | 'qr' | 'profile';

/** A card or link (value: its id) with its visits; `kind` null for profile views without a card (none yet, or deleted since). */
export type ItemBreakdown = Breakdown & { kind: ItemKind | null; title: string };

export interface AnalyticsBreakdowns {
  timeZone: string;
  range: number;
  /** The range's visits per metric: the same numbers as the overview's cards. */
  totals: Record<ActivityMetric, number>;
  items: ItemBreakdown[];
  dimensions: Record<VisitDimension, Breakdown[]>;
  /** Unique visitors of the range's dates, each counted over that UTC day (the salt's day), oldest first. */
  visitors: { date: string; visitors: number }[];
  /** What the operator has switched off (ANALYTICS_*), so its breakdown stays empty. */
  notRecorded: PrivacySwitch[];
}

const METRIC_OF_KIND = { scan: 'scans', click: 'clicks', view: 'views' } as const satisfies Record<
  string,
  ActivityMetric
>;

/** The dimensions of an event row, as (dimension, value) pairs: the same as the database's trigger. */
const dimensionsOf = (item: RawBuilder<unknown>) => sql`lateral (values
  ('item', coalesce(${item}::text, '')),
  ('device', device),
  ('browser', browser),
  ('referrer', coalesce(referrer_host, '')),
  ('country', coalesce(country, ''))
) as dimensions(dimension, value)`;

/** Events of [from, until) as (kind, dimension, value, visits), both tables. */
function eventVisits(userId: string, from: RawBuilder<unknown>, until: RawBuilder<unknown>) {
  return sql`
    select kind, dimension, value, hits as visits
    from link_events, ${dimensionsOf(sql.ref('link_id'))}
    where user_id = ${userId} and occurred_at >= ${from} and occurred_at < ${until}
    union all
    select 'view', dimension, value, views
    from profile_views, ${dimensionsOf(sql.ref('vcard_id'))}
    where user_id = ${userId} and viewed_at >= ${from} and viewed_at < ${until}`;
}

interface Row {
  kind: keyof typeof METRIC_OF_KIND;
  dimension: 'item' | VisitDimension;
  value: string;
  visits: number;
}

async function visitsByValue(
  ctx: AnalyticsContext,
  timeZone: string,
  firstDay: string,
  lastDay: string,
): Promise<Row[]> {
  const userId = ctx.user.id;
  const { since, until } = localDayBounds(timeZone, firstDay, lastDay);
  // the first UTC midnight at or after `since`, and the last at or before `until`
  const wholeFrom = sql`(date_trunc('day', ${since} - interval '1 microsecond', 'UTC') + interval '1 day')`;
  const wholeUntil = sql`greatest(date_trunc('day', ${until}, 'UTC'), ${wholeFrom})`;
  const { rows } = await sql<Row>`
    select kind, dimension, value, sum(visits)::int as visits
    from (
      select kind, dimension, value, visits from activity_breakdown_days
      where user_id = ${userId}
        and day >= (${wholeFrom} at time zone 'UTC')::date and day < (${wholeUntil} at time zone 'UTC')::date
      union all
      ${eventVisits(userId, since, sql`least(${wholeFrom}, ${until})`)}
      union all
      ${eventVisits(userId, wholeUntil, until)}
    ) as visits
    group by kind, dimension, value`.execute(ctx.db);
  return rows;
}

function zeroBreakdown(value: string): Breakdown {
  return { value, scans: 0, views: 0, clicks: 0 };
}

const totalOf = (row: Breakdown) => row.scans + row.views + row.clicks;

/** Most visits first; equal ones in the order of their values. */
function byVisits(a: Breakdown, b: Breakdown): number {
  return totalOf(b) - totalOf(a) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** The titles and kinds of the user's cards and links among `ids` (others' ids are never named). */
async function itemNames(ctx: AnalyticsContext, ids: string[]) {
  const uuids = ids.filter((id) => id !== '');
  if (uuids.length === 0) return new Map<string, { kind: ItemKind; title: string }>();
  const [links, vcards] = await Promise.all([
    ctx.db
      .selectFrom('links')
      .select(['id', 'kind', 'title'])
      .where('user_id', '=', ctx.user.id)
      .where('id', 'in', uuids)
      .execute(),
    ctx.db
      .selectFrom('vcards')
      .select(['id', 'name'])
      .where('user_id', '=', ctx.user.id)
      .where('id', 'in', uuids)
      .execute(),
  ]);
  return new Map<string, { kind: ItemKind; title: string }>([
    ...links.map((link) => [link.id, { kind: link.kind, title: link.title }] as const),
    ...vcards.map((vcard) => [vcard.id, { kind: 'card' as const, title: vcard.name }] as const),
  ]);
}

/** Unique visitors per date of `dates` (each a UTC day), zeros included. */
async function visitorsPerDay(ctx: AnalyticsContext, dates: string[]) {
  const first = dates[0] ?? '';
  const last = dates.at(-1) ?? '';
  const rows = await ctx.db
    .selectFrom('visitors')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), sql<number>`count(*)::int`.as('visitors')])
    .where('user_id', '=', ctx.user.id)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .groupBy('day')
    .execute();
  const byDate = new Map(rows.map((row) => [row.date, row.visitors]));
  return dates.map((date) => ({ date, visitors: byDate.get(date) ?? 0 }));
}

/**
 * The signed-in user's visits of the last `input.days` days (today included) in their time zone, broken
 * down. The procedure's plan gate (fullAnalytics) has admitted the caller.
 */
export async function analyticsBreakdowns(
  ctx: BreakdownContext,
  input: AnalyticsRangeInput,
  now = new Date(),
): Promise<AnalyticsBreakdowns> {
  const { timeZone, days } = input;
  const today = dateInTimeZone(now, timeZone);
  const dates = daysEndingOn(today, days);
  const firstDay = dates[0] ?? today;
  const [rows, visitors] = await Promise.all([
    visitsByValue(ctx, timeZone, firstDay, today),
    visitorsPerDay(ctx, dates),
  ]);

  const groups = new Map<string, Map<string, Breakdown>>();
  for (const row of rows) {
    const values = groups.get(row.dimension) ?? new Map<string, Breakdown>();
    const breakdown = values.get(row.value) ?? zeroBreakdown(row.value);
    breakdown[METRIC_OF_KIND[row.kind]] += row.visits;
    values.set(row.value, breakdown);
    groups.set(row.dimension, values);
  }
  const sorted = (dimension: string) => [...(groups.get(dimension)?.values() ?? [])].sort(byVisits);

  const itemRows = sorted('item');
  const names = await itemNames(
    ctx,
    itemRows.map((row) => row.value),
  );
  const items = itemRows.map((row) => ({
    ...row,
    kind: names.get(row.value)?.kind ?? null,
    title: names.get(row.value)?.title ?? '',
  }));
  // every visit has exactly one item: its sums are the range's totals
  const totals = { scans: 0, views: 0, clicks: 0 };
  for (const item of items) {
    totals.scans += item.scans;
    totals.views += item.views;
    totals.clicks += item.clicks;
  }
  return {
    timeZone,
    range: days,
    totals,
    items,
    dimensions: {
      device: sorted('device'),
      browser: sorted('browser'),
      referrer: sorted('referrer'),
      country: sorted('country'),
    },
    visitors,
    notRecorded: PRIVACY_SWITCHES.filter((name) => !ctx.config.analyticsRecords[name]),
  };
}
