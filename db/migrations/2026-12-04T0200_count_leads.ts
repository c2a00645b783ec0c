import { sql, type Kysely } from 'kysely';

// Leads are a fourth kind of activity beside scans, views and clicks. A lead itself (leads,
// migration 2026-12-04T0100) holds a visitor's details and is erased at will, or dropped when the Free
// plan keeps only its newest 25; the analytics count the leads received, so each one received is also
// recorded in lead_events: the account, the card and the time, nothing about the visitor, and no link to
// the lead row, so that erasing leads leaves the counts as they were.
//
// activity_quarter_hours gets a leads column, which the database keeps from lead_events as it keeps the
// other three from link_events and profile_views (migration 2026-11-22T0510): the composite rows its
// functions pass now have a fifth count, so add_activity and the two counting triggers are written
// again with it (0 leads for scans, views and clicks). Leads are few: the per-card sums and the CSV read
// lead_events itself.

/** The count columns of activity_quarter_hours, in its order. */
const COUNTS = ['scans', 'views', 'clicks', 'leads'] as const;

/** add_activity as migration 2026-11-22T0510 wrote it, for the count columns given. */
function addActivity(counts: readonly string[]): string {
  const added = counts.map((count) => `${count} = activity_quarter_hours.${count} + excluded.${count}`);
  const taken = counts.map((count) => `${count} = counted.${count} - removed.${count}`);
  const empty = counts.map((count) => `counted.${count} = 0`);
  return `
    create or replace function add_activity(counts activity_quarter_hours[], sign integer) returns void
    language plpgsql as $$
    begin
      if sign > 0 then
        insert into activity_quarter_hours
        select * from unnest(counts) order by user_id, starts_at
        on conflict (user_id, starts_at) do update set ${added.join(', ')};
      else
        perform 1 from activity_quarter_hours as counted join unnest(counts) as removed
          on counted.user_id = removed.user_id and counted.starts_at = removed.starts_at
        order by counted.user_id, counted.starts_at for update of counted;
        update activity_quarter_hours as counted set ${taken.join(', ')}
        from unnest(counts) as removed
        where counted.user_id = removed.user_id and counted.starts_at = removed.starts_at;
        delete from activity_quarter_hours as counted using unnest(counts) as removed
        where counted.user_id = removed.user_id and counted.starts_at = removed.starts_at
          and ${empty.join(' and ')};
      end if;
    end $$`;
}

/**
 * The rows of a transition table of link_events or profile_views as counts per user and quarter hour, as
 * migration 2026-11-22T0510 made them (`withLeads`: and 0 leads).
 */
function visitCounts(table: 'link_events' | 'profile_views', withLeads: boolean) {
  const leads = withLeads ? ', 0' : '';
  return (source: string) =>
    table === 'link_events'
      ? `select row(user_id, activity_quarter_hour(occurred_at),
                    coalesce(sum(hits) filter (where kind = 'scan'), 0), 0,
                    coalesce(sum(hits) filter (where kind = 'click'), 0)${leads})::activity_quarter_hours
         from ${source} group by user_id, activity_quarter_hour(occurred_at)`
      : `select row(user_id, activity_quarter_hour(viewed_at), 0, sum(views), 0${leads})::activity_quarter_hours
         from ${source} group by user_id, activity_quarter_hour(viewed_at)`;
}

/** The rows of a transition table of lead_events as counts per user and quarter hour: one lead each. */
const leadCounts = (source: string) => `
  select row(user_id, activity_quarter_hour(received_at), 0, 0, 0, count(*))::activity_quarter_hours
  from ${source} group by user_id, activity_quarter_hour(received_at)`;

/** A trigger function that adds the counts of inserted rows and takes away those of deleted ones. */
function countingTrigger(name: string, counts: (source: string) => string): string {
  return `
    create or replace function ${name}() returns trigger language plpgsql as $$
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

const VISIT_TRIGGERS = [
  { table: 'link_events', trigger: 'count_link_events' },
  { table: 'profile_views', trigger: 'count_profile_views' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activity_quarter_hours')
    .addColumn('leads', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`leads >= 0`),
    )
    .execute();
  await sql.raw(addActivity(COUNTS)).execute(db);
  for (const { table, trigger } of VISIT_TRIGGERS) {
    await sql.raw(countingTrigger(trigger, visitCounts(table, true))).execute(db);
  }

  await db.schema
    .createTable('lead_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // the card the lead was left on; null once that card is deleted (its leads stay counted)
    .addColumn('vcard_id', 'uuid', (col) => col.references('vcards.id').onDelete('set null'))
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('lead_events_user_id_received_at_idx')
    .on('lead_events')
    .columns(['user_id', 'received_at'])
    .execute();
  await db.schema.createIndex('lead_events_vcard_id_idx').on('lead_events').column('vcard_id').execute();
  await sql.raw(countingTrigger('count_lead_events', leadCounts)).execute(db);
  await sql`
    create trigger lead_events_added after insert on lead_events
    referencing new table as added for each statement execute function count_lead_events()`.execute(db);
  await sql`
    create trigger lead_events_changed after update on lead_events
    referencing old table as removed new table as added for each statement execute function count_lead_events()`.execute(
    db,
  );
  await sql`
    create trigger lead_events_removed after delete on lead_events
    referencing old table as removed for each statement execute function count_lead_events()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_events').execute();
  await sql`drop function count_lead_events()`.execute(db);
  await sql`delete from activity_quarter_hours where scans = 0 and views = 0 and clicks = 0`.execute(db);
  await db.schema.alterTable('activity_quarter_hours').dropColumn('leads').execute();
  await sql.raw(addActivity(COUNTS.filter((count) => count !== 'leads'))).execute(db);
  for (const { table, trigger } of VISIT_TRIGGERS) {
    await sql.raw(countingTrigger(trigger, visitCounts(table, false))).execute(db);
  }
}
