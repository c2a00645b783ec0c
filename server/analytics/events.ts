import { sql, type RawBuilder } from 'kysely';
import { CAMPAIGN_DIMENSIONS, dateInTimeZone, rangeWindow } from '../../src/analytics.ts';
import type { AnalyticsRangeInput } from '../../src/schemas/analytics.ts';
import type { AnalyticsScope } from './service.ts';
import { localDayBounds } from './day-bounds.ts';

// The events of a range, for the CSV export. An event row is a row of link_events or
// profile_views as stored: the visits of one card or link, of one kind (scan, click or view), with one
// device class, browser family, referring host, country and campaign, in one second, and their number
// (`count`), with how a link served them (`outcome`: src/link-lifecycle.ts; a view has none); or a lead
// received (lead_events): its time and card, of kind lead, with a count of 1 and nothing else, never
// anything of the visitor who left it. The counts of a range's rows add up to the overview's cards for the
// same range. Rows are read in pages in time order, so a long history streams without being held in
// memory. The campaign's columns (utm_source, utm_medium, utm_campaign) are part of advancedAnalytics:
// other plans' files have none.

const VISIT_COLUMNS = [
  'time_utc',
  'type',
  'item_kind',
  'item_id',
  'item_title',
  'device',
  'browser',
  'referrer_host',
  'country',
  'outcome',
] as const;

/** Every column an event row has, in the file's order. */
export const EVENT_COLUMNS = [...VISIT_COLUMNS, ...CAMPAIGN_DIMENSIONS, 'count'] as const;

export type EventColumn = (typeof EVENT_COLUMNS)[number];
export type EventRow = Record<EventColumn, string | number | null>;

/** The columns of a file, with the campaign's or without. */
export function eventColumns(withCampaigns: boolean): readonly EventColumn[] {
  return withCampaigns ? EVENT_COLUMNS : [...VISIT_COLUMNS, 'count'];
}

const PAGE_SIZE = 2_000;

/** An event row with its place in the reading order: time (to the microsecond), table, id. */
interface StoredEvent extends EventRow {
  at: string;
  source: string;
  id: string;
}

const UTC_SECOND = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const UTC_MICROSECOND = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** The local dates a range covers (src/analytics.ts rangeWindow), for the query and the download's name. */
export function rangeDates(input: AnalyticsRangeInput, now = new Date()): { first: string; last: string } {
  const { first, last } = rangeWindow(input.range, dateInTimeZone(now, input.timeZone));
  return { first, last };
}

/** The account's event rows of the range, oldest first, with every column (the file picks its own). */
export function rangeEvents(
  scope: AnalyticsScope,
  input: AnalyticsRangeInput,
  now = new Date(),
): AsyncGenerator<EventRow> {
  const { first, last } = rangeDates(input, now);
  const { since, until } = localDayBounds(input.timeZone, first, last);
  return eventsBetween(scope, since, until);
}

/** Every event row of the account, oldest first (the account export). */
export function allEvents(scope: AnalyticsScope): AsyncGenerator<EventRow> {
  return eventsBetween(scope, sql`'-infinity'::timestamptz`, sql`'infinity'::timestamptz`);
}

/** The account's event rows from `since` (included) to `until` (excluded), oldest first. */
async function* eventsBetween(
  scope: AnalyticsScope,
  since: RawBuilder<unknown>,
  until: RawBuilder<unknown>,
): AsyncGenerator<EventRow> {
  let after = { at: '-infinity', source: '', id: '0' };
  for (;;) {
    // the position's time alone is what an index on the time can seek to, the whole position breaks ties;
    // each table gives at most a page, so a page reads a page's rows, not all that are left
    const position = sql`(${after.at}::timestamptz, ${after.source}::text, ${after.id}::bigint)`;
    const { rows } = await sql<StoredEvent>`
      select * from (
        (select to_char(e.occurred_at at time zone 'UTC', ${sql.raw(UTC_MICROSECOND)}) as at,
               e.occurred_at as sort_at, 'link' as source, e.id::text as id,
               to_char(e.occurred_at at time zone 'UTC', ${sql.raw(UTC_SECOND)}) as time_utc,
               e.kind as type, l.kind as item_kind, e.link_id::text as item_id, l.title as item_title,
               e.device, e.browser, e.referrer_host, e.country, e.outcome,
               e.utm_source, e.utm_medium, e.utm_campaign, e.hits as count
        from link_events as e join links as l on l.id = e.link_id
        where e.user_id = ${scope.accountId} and e.occurred_at >= ${since} and e.occurred_at < ${until}
          and e.occurred_at >= ${after.at}::timestamptz and (e.occurred_at, 'link', e.id) > ${position}
        order by e.occurred_at, e.id limit ${PAGE_SIZE})
        union all
        (select to_char(v.viewed_at at time zone 'UTC', ${sql.raw(UTC_MICROSECOND)}),
               v.viewed_at, 'view', v.id::text,
               to_char(v.viewed_at at time zone 'UTC', ${sql.raw(UTC_SECOND)}),
               'view', 'card', v.vcard_id::text, c.name,
               v.device, v.browser, v.referrer_host, v.country, null,
               v.utm_source, v.utm_medium, v.utm_campaign, v.views
        from profile_views as v left join vcards as c on c.id = v.vcard_id
        where v.user_id = ${scope.accountId} and v.viewed_at >= ${since} and v.viewed_at < ${until}
          and v.viewed_at >= ${after.at}::timestamptz and (v.viewed_at, 'view', v.id) > ${position}
        order by v.viewed_at, v.id limit ${PAGE_SIZE})
        union all
        (select to_char(r.received_at at time zone 'UTC', ${sql.raw(UTC_MICROSECOND)}),
               r.received_at, 'lead', r.id::text,
               to_char(r.received_at at time zone 'UTC', ${sql.raw(UTC_SECOND)}),
               'lead', 'card', r.vcard_id::text, c.name,
               null, null, null, null, null, null, null, null, 1
        from lead_events as r left join vcards as c on c.id = r.vcard_id
        where r.user_id = ${scope.accountId} and r.received_at >= ${since} and r.received_at < ${until}
          and r.received_at >= ${after.at}::timestamptz and (r.received_at, 'lead', r.id) > ${position}
        order by r.received_at, r.id limit ${PAGE_SIZE})
      ) as events
      order by sort_at, source, id::bigint
      limit ${PAGE_SIZE}`.execute(scope.db);
    for (const row of rows) {
      yield Object.fromEntries(EVENT_COLUMNS.map((column) => [column, row[column]])) as EventRow;
    }
    const lastRow = rows.at(-1);
    if (!lastRow || rows.length < PAGE_SIZE) return;
    after = { at: lastRow.at, source: lastRow.source, id: lastRow.id };
  }
}
