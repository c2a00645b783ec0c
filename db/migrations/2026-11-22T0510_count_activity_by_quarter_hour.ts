import { sql, type Kysely } from 'kysely';

// The analytics home sums a person's scans, views and clicks per day of their own time zone over
// 60 days. Summing the events themselves grows with the traffic: with a million link_events rows, an
// index-only scan of the 660 000 in the window and their grouping took about two seconds on PostgreSQL.
// Here the database keeps the same sums per user and quarter hour, in the transaction that writes or
// deletes the events, so the page reads at most 60 x 96 rows whatever the traffic. Every time zone in use
// is a whole number of quarter hours from UTC (+05:45, +08:45, +12:45 included), so every local day is
// made of whole quarter hours.
// Statement triggers with transition tables: one aggregated change per statement (the recorders write a
// batch per statement), not one per row. Deletes of any kind (clearing test data, deleting a link and
// its events, deleting an account) take their events' counts away again, so the sums always equal the
// events'. Counters are locked in (user, quarter hour) order, so concurrent writers queue rather than
// deadlock; a delete that also touches links deletes the links first (server/profile/test-data.ts), as the
// short-link writer locks a link before its owner's counters.

/** The rows of `source` (link_events or a transition table of it) as counts per user and quarter hour. */
const linkEventCounts = (source: string) => `
  select row(user_id, activity_quarter_hour(occurred_at),
             coalesce(sum(hits) filter (where kind = 'scan'), 0), 0,
             coalesce(sum(hits) filter (where kind = 'click'), 0))::activity_quarter_hours
  from ${source} group by user_id, activity_quarter_hour(occurred_at)`;

/** The rows of `source` (profile_views or a transition table of it) as counts per user and quarter hour. */
const profileViewCounts = (source: string) => `
  select row(user_id, activity_quarter_hour(viewed_at), 0, sum(views), 0)::activity_quarter_hours
  from ${source} group by user_id, activity_quarter_hour(viewed_at)`;

/** A trigger function that adds the counts of inserted rows and takes away those of deleted ones. */
function countingTrigger(name: string, counts: (source: string) => string): string {
  return `
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform add_activity(array(${counts('removed')}), -1);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform add_activity(array(${counts('added')}), 1);
      end if;
      return null;
    end $$`;
}

const COUNTED_TABLES = [
  { table: 'link_events', trigger: 'count_link_events', counts: linkEventCounts },
  { table: 'profile_views', trigger: 'count_profile_views', counts: profileViewCounts },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_quarter_hours')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('scans', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`scans >= 0`),
    )
    .addColumn('views', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`views >= 0`),
    )
    .addColumn('clicks', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`clicks >= 0`),
    )
    .addPrimaryKeyConstraint('activity_quarter_hours_pkey', ['user_id', 'starts_at'])
    .execute();

  await sql`
    create function activity_quarter_hour(moment timestamptz) returns timestamptz
    language sql immutable parallel safe
    return date_bin('15 minutes', moment, timestamptz '2000-01-01 00:00:00+00')`.execute(db);

  // sign 1 adds the counts, -1 takes them away (a quarter hour left with nothing is removed)
  await sql`
    create function add_activity(counts activity_quarter_hours[], sign integer) returns void
    language plpgsql as $$
    begin
      if sign > 0 then
        insert into activity_quarter_hours
        select * from unnest(counts) order by user_id, starts_at
        on conflict (user_id, starts_at) do update set
          scans = activity_quarter_hours.scans + excluded.scans,
          views = activity_quarter_hours.views + excluded.views,
          clicks = activity_quarter_hours.clicks + excluded.clicks;
      else
        perform 1 from activity_quarter_hours as counted join unnest(counts) as removed
          on counted.user_id = removed.user_id and counted.starts_at = removed.starts_at
        order by counted.user_id, counted.starts_at for update of counted;
        update activity_quarter_hours as counted set
          scans = counted.scans - removed.scans,
          views = counted.views - removed.views,
          clicks = counted.clicks - removed.clicks
        from unnest(counts) as removed
        where counted.user_id = removed.user_id and counted.starts_at = removed.starts_at;
        delete from activity_quarter_hours as counted using unnest(counts) as removed
        where counted.user_id = removed.user_id and counted.starts_at = removed.starts_at
          and counted.scans = 0 and counted.views = 0 and counted.clicks = 0;
      end if;
    end $$`.execute(db);

  for (const { table, trigger, counts } of COUNTED_TABLES) {
    await sql.raw(countingTrigger(trigger, counts)).execute(db);
    await sql
      .raw(
        `create trigger ${table}_added after insert on ${table}
           referencing new table as added for each statement execute function ${trigger}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_changed after update on ${table}
           referencing old table as removed new table as added for each statement execute function ${trigger}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_removed after delete on ${table}
           referencing old table as removed for each statement execute function ${trigger}()`,
      )
      .execute(db);
    // what was counted before this migration
    await sql.raw(`select add_activity(array(${counts(table)}), 1)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, trigger } of COUNTED_TABLES) {
    for (const suffix of ['added', 'changed', 'removed']) {
      await sql.raw(`drop trigger ${table}_${suffix} on ${table}`).execute(db);
    }
    await sql.raw(`drop function ${trigger}()`).execute(db);
  }
  await sql`drop function add_activity(activity_quarter_hours[], integer)`.execute(db);
  await sql`drop function activity_quarter_hour(timestamptz)`.execute(db);
  await db.schema.dropTable('activity_quarter_hours').execute();
}
