import { sql, type Kysely } from 'kysely';

// Full analytics. A counted visit now keeps its browser family and country beside the
// device class and referring host short links kept already, and profile views keep all four. A row of
// link_events or profile_views stays one "event row": the visits of one item, kind and set of those
// values in one second, with their number (`hits`, `views`); the CSV export lists exactly these rows.
//
// The breakdowns sum these rows per dimension over up to 90 days. Like activity_quarter_hours (migration
// 2026-11-22T0510), the database keeps the sums itself, in the transaction that writes or deletes the
// events: activity_breakdown_days holds, per user, UTC day, kind, dimension and value, the number of
// visits. A range of local days is read as its whole UTC days from here plus the events of the partial
// UTC days at its two ends, so the sums equal the events' (and the overview's cards) exactly.
//
// Unique visitors: a visitor is a salted hash of (address, user agent) made in memory with a salt of the
// UTC day; visitor_salts keeps the salt of the current day only (the recorder deletes older ones when it
// makes a new one), so after the day nobody can tell whose hash it was. visitors keeps one row per user,
// day and hash: no address, no user agent.

/** Each visit of `source` as rows of (user, UTC day, kind, dimension, value, visits); `kind` a column or a constant. */
const breakdownCounts = (source: string, kind: string, item: string, visits: string, at: string) => `
  select row(user_id, (${at} at time zone 'UTC')::date, ${kind}, dimension, value, sum(${visits}))::activity_breakdown_days
  from ${source}, lateral (values
    ('item', coalesce(${item}::text, '')),
    ('device', device),
    ('browser', browser),
    ('referrer', coalesce(referrer_host, '')),
    ('country', coalesce(country, ''))
  ) as dimensions(dimension, value)
  group by user_id, (${at} at time zone 'UTC')::date, ${kind === 'kind' ? 'kind, ' : ''}dimension, value`;

const COUNTED_TABLES = [
  {
    table: 'link_events',
    trigger: 'break_down_link_events',
    counts: (source: string) => breakdownCounts(source, 'kind', 'link_id', 'hits', 'occurred_at'),
  },
  {
    table: 'profile_views',
    trigger: 'break_down_profile_views',
    counts: (source: string) => breakdownCounts(source, "'view'", 'vcard_id', 'views', 'viewed_at'),
  },
] as const;

/** A trigger function that adds the counts of inserted rows and takes away those of deleted ones. */
function breakdownTrigger(name: string, counts: (source: string) => string): string {
  return `
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform add_breakdowns(array(${counts('removed')}), -1);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform add_breakdowns(array(${counts('added')}), 1);
      end if;
      return null;
    end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('link_events')
    .addColumn('browser', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('country', 'text')
    .execute();
  await db.schema
    .alterTable('profile_views')
    .addColumn('device', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('browser', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('referrer_host', 'text')
    .addColumn('country', 'text')
    .execute();

  await db.schema
    .createTable('activity_breakdown_days')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('scan', 'click', 'view')`))
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('visits', 'integer', (col) => col.notNull().check(sql`visits >= 0`))
    .addPrimaryKeyConstraint('activity_breakdown_days_pkey', ['user_id', 'day', 'kind', 'dimension', 'value'])
    .execute();

  // sign 1 adds the counts, -1 takes them away (a value left with nothing is removed); rows are locked in
  // key order, so concurrent writers queue rather than deadlock
  await sql`
    create function add_breakdowns(counts activity_breakdown_days[], sign integer) returns void
    language plpgsql as $$
    begin
      if sign > 0 then
        insert into activity_breakdown_days
        select * from unnest(counts) order by user_id, day, kind, dimension, value
        on conflict (user_id, day, kind, dimension, value) do update set
          visits = activity_breakdown_days.visits + excluded.visits;
      else
        perform 1 from activity_breakdown_days as counted join unnest(counts) as removed
          using (user_id, day, kind, dimension, value)
        order by counted.user_id, counted.day, counted.kind, counted.dimension, counted.value
        for update of counted;
        update activity_breakdown_days as counted set visits = counted.visits - removed.visits
        from unnest(counts) as removed
        where (counted.user_id, counted.day, counted.kind, counted.dimension, counted.value)
          = (removed.user_id, removed.day, removed.kind, removed.dimension, removed.value);
        delete from activity_breakdown_days as counted using unnest(counts) as removed
        where (counted.user_id, counted.day, counted.kind, counted.dimension, counted.value)
          = (removed.user_id, removed.day, removed.kind, removed.dimension, removed.value)
          and counted.visits = 0;
      end if;
    end $$`.execute(db);

  for (const { table, trigger, counts } of COUNTED_TABLES) {
    await sql.raw(breakdownTrigger(trigger, counts)).execute(db);
    await sql
      .raw(
        `create trigger ${table}_broken_down after insert on ${table}
           referencing new table as added for each statement execute function ${trigger}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_broken_down_changed after update on ${table}
           referencing old table as removed new table as added for each statement execute function ${trigger}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_broken_down_removed after delete on ${table}
           referencing old table as removed for each statement execute function ${trigger}()`,
      )
      .execute(db);
    // what was counted before this migration
    await sql.raw(`select add_breakdowns(array(${counts(table)}), 1)`).execute(db);
  }

  await db.schema
    .createTable('visitor_salts')
    .addColumn('day', 'date', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('visitors')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('visitors_pkey', ['user_id', 'day', 'visitor'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visitors').execute();
  await db.schema.dropTable('visitor_salts').execute();
  for (const { table, trigger } of COUNTED_TABLES) {
    for (const suffix of ['', '_changed', '_removed']) {
      await sql.raw(`drop trigger ${table}_broken_down${suffix} on ${table}`).execute(db);
    }
    await sql.raw(`drop function ${trigger}()`).execute(db);
  }
  await sql`drop function add_breakdowns(activity_breakdown_days[], integer)`.execute(db);
  await db.schema.dropTable('activity_breakdown_days').execute();
  await db.schema
    .alterTable('profile_views')
    .dropColumn('device')
    .dropColumn('browser')
    .dropColumn('referrer_host')
    .dropColumn('country')
    .execute();
  await db.schema.alterTable('link_events').dropColumn('browser').dropColumn('country').execute();
}
