import { sql, type Kysely } from 'kysely';

// A team's breakdowns of one member's cards or one card (server/analytics/breakdowns.ts) are sums per card
// and link, as activity_breakdown_days keeps them per account (migrations 2026-11-24T0400, 2026-12-01T0300,
// 2026-12-05T0100): item_breakdown_days holds, per item (a link's id for its scans and clicks, a card's for
// its views), UTC day, kind, dimension and value, the number of visits, kept by the database in the
// transaction that writes, changes or deletes the events, with triggers of their own beside the account's.
// Reading a card's events themselves took seconds for a card with a few thousand visits a day (docs/performance.md). The events counted before this migration are added here once.

/** The (dimension, value) pairs of an event row, as the account's sums have them; an outcome for links only. */
function dimensionValues(item: string, withOutcome: boolean): string {
  return [
    `('item', ${item}::text)`,
    `('device', device)`,
    `('browser', browser)`,
    `('referrer', coalesce(referrer_host, ''))`,
    `('country', coalesce(country, ''))`,
    `('utm_source', coalesce(utm_source, ''))`,
    `('utm_medium', coalesce(utm_medium, ''))`,
    `('utm_campaign', coalesce(utm_campaign, ''))`,
    ...(withOutcome ? [`('outcome', outcome)`] : []),
  ].join(',\n      ');
}

/** Each visit of `source` on an item as rows of (item, UTC day, kind, dimension, value, visits). */
const itemCounts =
  (kind: string, item: string, visits: string, at: string, withOutcome: boolean) => (source: string) => `
    select row(${item}, (${at} at time zone 'UTC')::date, ${kind}, dimension, value, sum(${visits}))::item_breakdown_days
    from ${source}, lateral (values
      ${dimensionValues(item, withOutcome)}
    ) as dimensions(dimension, value)
    where ${item} is not null
    group by ${item}, (${at} at time zone 'UTC')::date, ${kind === 'kind' ? 'kind, ' : ''}dimension, value`;

const COUNTED_TABLES = [
  {
    table: 'link_events',
    trigger: 'break_down_link_event_items',
    counts: itemCounts('kind', 'link_id', 'hits', 'occurred_at', true),
  },
  {
    table: 'profile_views',
    trigger: 'break_down_profile_view_items',
    counts: itemCounts("'view'", 'vcard_id', 'views', 'viewed_at', false),
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_breakdown_days')
    .addColumn('item', 'uuid', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('scan', 'click', 'view')`))
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('visits', 'integer', (col) => col.notNull().check(sql`visits >= 0`))
    .addPrimaryKeyConstraint('item_breakdown_days_pkey', ['item', 'day', 'kind', 'dimension', 'value'])
    .execute();

  // as add_breakdowns: sign 1 adds, -1 takes away (a value left with nothing is removed), rows locked in key
  // order so that concurrent writers queue rather than deadlock
  await sql`
    create function add_item_breakdowns(counts item_breakdown_days[], sign integer) returns void
    language plpgsql as $$
    begin
      if sign > 0 then
        insert into item_breakdown_days
        select * from unnest(counts) order by item, day, kind, dimension, value
        on conflict (item, day, kind, dimension, value) do update set
          visits = item_breakdown_days.visits + excluded.visits;
      else
        perform 1 from item_breakdown_days as counted join unnest(counts) as removed
          using (item, day, kind, dimension, value)
        order by counted.item, counted.day, counted.kind, counted.dimension, counted.value
        for update of counted;
        update item_breakdown_days as counted set visits = counted.visits - removed.visits
        from unnest(counts) as removed
        where (counted.item, counted.day, counted.kind, counted.dimension, counted.value)
          = (removed.item, removed.day, removed.kind, removed.dimension, removed.value);
        delete from item_breakdown_days as counted using unnest(counts) as removed
        where (counted.item, counted.day, counted.kind, counted.dimension, counted.value)
          = (removed.item, removed.day, removed.kind, removed.dimension, removed.value)
          and counted.visits = 0;
      end if;
    end $$`.execute(db);

  for (const { table, trigger, counts } of COUNTED_TABLES) {
    await sql
      .raw(
        `create function ${trigger}() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            perform add_item_breakdowns(array(${counts('removed')}), -1);
          end if;
          if tg_op in ('UPDATE', 'INSERT') then
            perform add_item_breakdowns(array(${counts('added')}), 1);
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_items_broken_down after insert on ${table}
           referencing new table as added for each statement execute function ${trigger}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_items_broken_down_changed after update on ${table}
           referencing old table as removed new table as added for each statement execute function ${trigger}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_items_broken_down_removed after delete on ${table}
           referencing old table as removed for each statement execute function ${trigger}()`,
      )
      .execute(db);
    // what was counted before
    await sql.raw(`select add_item_breakdowns(array(${counts(table)}), 1)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, trigger } of COUNTED_TABLES) {
    for (const suffix of ['', '_changed', '_removed']) {
      await sql.raw(`drop trigger ${table}_items_broken_down${suffix} on ${table}`).execute(db);
    }
    await sql.raw(`drop function ${trigger}()`).execute(db);
  }
  await sql`drop function add_item_breakdowns(item_breakdown_days[], integer)`.execute(db);
  await db.schema.dropTable('item_breakdown_days').execute();
}
