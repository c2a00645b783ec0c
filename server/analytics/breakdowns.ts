import { sql, type RawBuilder } from 'kysely';
import {
  ACTIVITY_METRICS,
  bucketOf,
  CAMPAIGN_DIMENSIONS,
  dateInTimeZone,
  interactionsOf,
  PRIVACY_SWITCHES,
  rangeWindow,
  VISIT_DIMENSIONS,
  zeroActivity,
  type ActivityMetric,
  type AnalyticsRange,
  type CampaignDimension,
  type PrivacySwitch,
  type RangeUnit,
  type RangeWindow,
  type VisitDimension,
} from '../../src/analytics.ts';
import { can } from '../../src/plans.ts';
import type { AnalyticsRangeInput } from '../../src/schemas/analytics.ts';
import type { Config } from '../config.ts';
import { planForRange, type AnalyticsScope } from './service.ts';
import { localDayBounds } from './day-bounds.ts';

// Full analytics: the visits of a range of local days broken down by card and link,
// device class, browser family, referring host and country, and the unique visitors per day. The sums come
// from activity_breakdown_days (per UTC day, kept by the database from the events, migration
// 2026-11-24T0400) for the range's whole UTC days, and from the events themselves for the partial UTC
// days at its two ends: at most two days of events, so the sums are exact (the same as the overview's
// cards) and the reads stay small however long the range. With advancedAnalytics the campaign of the
// visits (utm_source, utm_medium, utm_campaign) is broken down too; other plans are not sent it. Scans and
// clicks are also broken down by how the link served them (its destination, its fallback address or a
// rule's address: src/link-lifecycle.ts), so that follows the link did not lead to its destination are
// counted apart; a card's view has no outcome. Leads received (lead_events, few) are counted per card, read
// from lead_events itself; they have no device, browser, referrer, country, campaign or outcome.

export type BreakdownScope = AnalyticsScope & { config: Pick<Config, 'analyticsRecords'> };

/** A value of a dimension ('' for none: a direct visit, an unknown country) and its visits per metric. */
export type Breakdown = { value: string } & Record<ActivityMetric, number>;

export type ItemKind = 'card' | 'qr' | 'profile';

/**
 * A card or link (value: its id) with its visits and leads; `kind` null for profile views without a card
 * (none yet, or deleted since) and the leads of deleted cards.
 */
export type ItemBreakdown = Breakdown & { kind: ItemKind | null; title: string };

export interface AnalyticsBreakdowns {
  timeZone: string;
  range: AnalyticsRange;
  /** What each entry of `visitors` counts: a day, or a calendar month. */
  unit: RangeUnit;
  /** The range's visits per metric: the same numbers as the overview's cards. */
  totals: Record<ActivityMetric, number>;
  items: ItemBreakdown[];
  dimensions: Record<VisitDimension, Breakdown[]>;
  /** The visits by campaign ('' for none): advancedAnalytics only, null for other plans. */
  campaigns: Record<CampaignDimension, Breakdown[]> | null;
  /** The scans and clicks by how the link served them (value: a LinkOutcome); views and leads have none. */
  outcomes: Breakdown[];
  /**
   * Unique visitors of the range's days, each counted over that UTC day (the salt's day), oldest first;
   * for a range of months, the sum of its days' per month (`date`: the month's first day).
   */
  visitors: { date: string; visitors: number }[];
  /** What the operator has switched off (ANALYTICS_*), so its breakdown stays empty. */
  notRecorded: PrivacySwitch[];
}

const METRIC_OF_KIND = {
  scan: 'scans',
  click: 'clicks',
  view: 'views',
  lead: 'leads',
} as const satisfies Record<string, ActivityMetric>;

type Dimension = 'item' | VisitDimension | CampaignDimension | 'outcome';

/**
 * The dimensions of an event row, as (dimension, value) pairs: the same as the database's trigger
 * (migrations 2026-11-24T0400, 2026-12-01T0300 and 2026-12-05T0100): only a link's follows have an
 * `outcome` column, a card's views have none.
 */
const dimensionsOf = (item: RawBuilder<unknown>, outcome: RawBuilder<unknown> | null) => sql`lateral (values
  ('item', coalesce(${item}::text, '')),
  ('device', device),
  ('browser', browser),
  ('referrer', coalesce(referrer_host, '')),
  ('country', coalesce(country, '')),
  ('utm_source', coalesce(utm_source, '')),
  ('utm_medium', coalesce(utm_medium, '')),
  ('utm_campaign', coalesce(utm_campaign, ''))
  ${outcome ? sql`, ('outcome', ${outcome})` : sql``}
) as dimensions(dimension, value)`;

/**
 * Events of [from, until) as (kind, dimension, value, visits), both tables, for the dimensions asked; only
 * those of `items` (cards and links) when named.
 */
function eventVisits(
  accountId: string,
  dimensions: readonly Dimension[],
  from: RawBuilder<unknown>,
  until: RawBuilder<unknown>,
  items: readonly string[] | null = null,
) {
  return sql`
    select kind, dimension, value, hits as visits
    from link_events, ${dimensionsOf(sql.ref('link_id'), sql.ref('outcome'))}
    where user_id = ${accountId} and occurred_at >= ${from} and occurred_at < ${until}
      ${items ? sql`and link_id = any(${items}::uuid[])` : sql``}
      and dimension = any(${dimensions}::text[])
    union all
    select 'view', dimension, value, views
    from profile_views, ${dimensionsOf(sql.ref('vcard_id'), null)}
    where user_id = ${accountId} and viewed_at >= ${from} and viewed_at < ${until}
      ${items ? sql`and vcard_id = any(${items}::uuid[])` : sql``}
      and dimension = any(${dimensions}::text[])`;
}

/** The leads of [since, until) per card (as the 'item' dimension), only those of `items` when named. */
function leadVisits(
  accountId: string,
  dimensions: readonly Dimension[],
  since: RawBuilder<unknown>,
  until: RawBuilder<unknown>,
  items: readonly string[] | null,
) {
  return sql`
    select 'lead', 'item', coalesce(vcard_id::text, ''), count(*)::int
    from lead_events
    where user_id = ${accountId} and received_at >= ${since} and received_at < ${until}
      ${items ? sql`and vcard_id = any(${items}::uuid[])` : sql``}
      and 'item' = any(${dimensions}::text[])
    group by vcard_id`;
}

interface Row {
  kind: keyof typeof METRIC_OF_KIND;
  dimension: Dimension;
  value: string;
  visits: number;
}

/**
 * The visits and leads of a range of local days as (kind, dimension, value, visits): the day sums for the
 * range's whole UTC days, per account or, for some items only, per item (item_breakdown_days), and the
 * events themselves for the partial UTC days at its two ends.
 */
async function visitsByValue(
  scope: AnalyticsScope,
  dimensions: readonly Dimension[],
  timeZone: string,
  firstDay: string,
  lastDay: string,
  {
    values = null,
    items = null,
  }: {
    /** Only these values (of every dimension asked), when named. */
    values?: readonly string[] | null;
    /** Only the visits and leads of these cards and links of the account, when named. */
    items?: readonly string[] | null;
  } = {},
): Promise<Row[]> {
  const { accountId } = scope;
  const { since, until } = localDayBounds(timeZone, firstDay, lastDay);
  // the first UTC midnight at or after `since`, and the last at or before `until`
  const wholeFrom = sql`(date_trunc('day', ${since} - interval '1 microsecond', 'UTC') + interval '1 day')`;
  const wholeUntil = sql`greatest(date_trunc('day', ${until}, 'UTC'), ${wholeFrom})`;
  const wholeDays = sql`day >= (${wholeFrom} at time zone 'UTC')::date and day < (${wholeUntil} at time zone 'UTC')::date
        and dimension = any(${dimensions}::text[])`;
  const { rows } = await sql<Row>`
    select kind, dimension, value, sum(visits)::int as visits
    from (
      ${
        items
          ? sql`select kind, dimension, value, visits from item_breakdown_days
      where item = any(${items}::uuid[]) and ${wholeDays}`
          : sql`select kind, dimension, value, visits from activity_breakdown_days
      where user_id = ${accountId} and ${wholeDays}`
      }
      union all
      ${eventVisits(accountId, dimensions, since, sql`least(${wholeFrom}, ${until})`, items)}
      union all
      ${eventVisits(accountId, dimensions, wholeUntil, until, items)}
      union all
      ${leadVisits(accountId, dimensions, since, until, items)}
    ) as visits
    where ${values}::text[] is null or value = any(${values}::text[])
    group by kind, dimension, value`.execute(scope.db);
  return rows;
}

/**
 * The visits and leads of a range of local days per card or link (its id; '' for profile views without a
 * card and leads of deleted cards), per metric: the 'item' breakdown alone, for views that group the account's items themselves (a team's
 * cards and members, server/analytics/team.ts); only those of `items` when named.
 */
export async function itemVisits(
  scope: AnalyticsScope,
  timeZone: string,
  firstDay: string,
  lastDay: string,
  items: readonly string[] | null = null,
): Promise<Map<string, Record<ActivityMetric, number>>> {
  const visits = new Map<string, Record<ActivityMetric, number>>();
  for (const row of await visitsByValue(scope, ['item'], timeZone, firstDay, lastDay, { values: items })) {
    const counts = visits.get(row.value) ?? zeroActivity();
    counts[METRIC_OF_KIND[row.kind]] += row.visits;
    visits.set(row.value, counts);
  }
  return visits;
}

function zeroBreakdown(value: string): Breakdown {
  return { value, ...zeroActivity() };
}

/** Most visits first; equal ones in the order of their values. */
function byVisits(a: Breakdown, b: Breakdown): number {
  return interactionsOf(b) - interactionsOf(a) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** The titles and kinds of the account's cards and links among `ids` (others' ids are never named). */
async function itemNames(scope: AnalyticsScope, ids: string[]) {
  const uuids = ids.filter((id) => id !== '');
  if (uuids.length === 0) return new Map<string, { kind: ItemKind; title: string }>();
  const [links, vcards] = await Promise.all([
    scope.db
      .selectFrom('links')
      .select(['id', 'kind', 'title'])
      .where('user_id', '=', scope.accountId)
      .where('id', 'in', uuids)
      .execute(),
    scope.db
      .selectFrom('vcards')
      .select(['id', 'name'])
      .where('user_id', '=', scope.accountId)
      .where('id', 'in', uuids)
      .execute(),
  ]);
  return new Map<string, { kind: ItemKind; title: string }>([
    ...links.map((link) => [link.id, { kind: link.kind, title: link.title }] as const),
    ...vcards.map((vcard) => [vcard.id, { kind: 'card' as const, title: vcard.name }] as const),
  ]);
}

/**
 * Unique visitors per UTC day from `first` to `last`, summed per bucket of `buckets` (a day or a month:
 * src/analytics.ts bucketOf), zeros included.
 */
async function visitorsPer(
  scope: AnalyticsScope,
  unit: RangeUnit,
  buckets: string[],
  first: string,
  last: string,
) {
  const rows = await scope.db
    .selectFrom('visitors')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), sql<number>`count(*)::int`.as('visitors')])
    .where('user_id', '=', scope.accountId)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .groupBy('day')
    .execute();
  const byBucket = new Map(buckets.map((date) => [date, 0]));
  for (const row of rows) {
    const bucket = bucketOf(row.date, unit);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + row.visitors);
  }
  return buckets.map((date) => ({ date, visitors: byBucket.get(date) ?? 0 }));
}

/**
 * The breakdowns of some of an account's cards and links only: without unique visitors, who are counted
 * once per account and day, not per card.
 */
export type ItemsBreakdowns = Omit<AnalyticsBreakdowns, 'visitors'> & { visitors: null };

/**
 * The account's visits of the range that ends today in the person's time zone, broken down; the campaigns
 * only when the account's plan includes advancedAnalytics. Throws plan_required for a range the plan does
 * not include.
 */
export async function analyticsBreakdowns(
  scope: BreakdownScope,
  input: AnalyticsRangeInput,
  now = new Date(),
): Promise<AnalyticsBreakdowns> {
  const window = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  const [breakdowns, visitors] = await Promise.all([
    breakdownsOf(scope, input, window, null),
    visitorsPer(scope, window.unit, window.buckets, window.first, window.last),
  ]);
  return { ...breakdowns, visitors };
}

/** analyticsBreakdowns of only `items` (cards and links of the account). */
export async function itemsBreakdowns(
  scope: BreakdownScope,
  input: AnalyticsRangeInput,
  items: readonly string[],
  now = new Date(),
): Promise<ItemsBreakdowns> {
  const window = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  return { ...(await breakdownsOf(scope, input, window, items)), visitors: null };
}

/** The visits of the window, broken down: all of the account's, or those of `only` some of its items. */
async function breakdownsOf(
  scope: BreakdownScope,
  input: AnalyticsRangeInput,
  window: RangeWindow,
  only: readonly string[] | null,
): Promise<Omit<AnalyticsBreakdowns, 'visitors'>> {
  const { timeZone, range } = input;
  const plan = await planForRange(scope, range);
  const withCampaigns = can(plan, 'advancedAnalytics');
  const dimensions: Dimension[] = [
    'item',
    ...VISIT_DIMENSIONS,
    ...(withCampaigns ? CAMPAIGN_DIMENSIONS : []),
    'outcome',
  ];
  const rows = await visitsByValue(scope, dimensions, timeZone, window.first, window.last, { items: only });

  const groups = new Map<string, Map<string, Breakdown>>();
  for (const row of rows) {
    const values = groups.get(row.dimension) ?? new Map<string, Breakdown>();
    const breakdown = values.get(row.value) ?? zeroBreakdown(row.value);
    breakdown[METRIC_OF_KIND[row.kind]] += row.visits;
    values.set(row.value, breakdown);
    groups.set(row.dimension, values);
  }
  const sorted = (dimension: Dimension) => [...(groups.get(dimension)?.values() ?? [])].sort(byVisits);

  const itemRows = sorted('item');
  const names = await itemNames(
    scope,
    itemRows.map((row) => row.value),
  );
  const items = itemRows.map((row) => ({
    ...row,
    kind: names.get(row.value)?.kind ?? null,
    title: names.get(row.value)?.title ?? '',
  }));
  // every visit and lead has exactly one item: its sums are the range's totals
  const totals = zeroActivity();
  for (const item of items) {
    for (const metric of ACTIVITY_METRICS) totals[metric] += item[metric];
  }
  return {
    timeZone,
    range,
    unit: window.unit,
    totals,
    items,
    dimensions: {
      device: sorted('device'),
      browser: sorted('browser'),
      referrer: sorted('referrer'),
      country: sorted('country'),
    },
    campaigns: withCampaigns
      ? {
          utm_source: sorted('utm_source'),
          utm_medium: sorted('utm_medium'),
          utm_campaign: sorted('utm_campaign'),
        }
      : null,
    outcomes: sorted('outcome'),
    notRecorded: PRIVACY_SWITCHES.filter((name) => !scope.config.analyticsRecords[name]),
  };
}
