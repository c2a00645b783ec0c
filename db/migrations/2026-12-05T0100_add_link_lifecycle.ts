import { sql, type Kysely } from 'kysely';

// A QR code's or profile link's lifecycle and rules (src/link-lifecycle.ts): it can be turned off without
// being deleted, be live from and until a moment, lead on at most `max_scans` follows (`scans_used` counts
// them, raised by the redirect itself in one atomic update so the limit holds across processes), send a
// visitor to `fallback_url` when it is not live, and send visitors of a device or language elsewhere
// (`rules`, first match wins). What the lifecycle's form edits counts for the edit version trigger
// (migration 2026-11-29T0300); turning the link off or on is a switch of its own, which no form edit
// conflicts with. A follow keeps how it was served (`outcome`: the destination, the fallback or
// a rule's address), one more dimension of the breakdowns: the trigger function of link_events (migrations
// 2026-11-24T0400, 2026-12-01T0300) counts it, and the follows counted before are added as destinations.

const EDITED_BEFORE = ['title', 'url', 'icon', 'qr_design', 'chosen_code', 'domain'] as const;
const LIFECYCLE = ['active_from', 'active_until', 'max_scans', 'fallback_url', 'rules'] as const;

async function versionTrigger(db: Kysely<unknown>, columns: readonly string[]): Promise<void> {
  await sql`drop trigger links_bump_edit_version on links`.execute(db);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  const before = sql.join(columns.map((column) => sql.ref(`old.${column}`)));
  const after = sql.join(columns.map((column) => sql.ref(`new.${column}`)));
  await sql`
    create trigger links_bump_edit_version before update of ${list} on links
    for each row when ((${before}) is distinct from (${after}))
    execute function bump_edit_version()`.execute(db);
}

/** The (dimension, value) pairs of a link_events row: those of the migrations before, and its outcome when asked. */
function linkEventDimensions(withOutcome: boolean): string {
  return [
    `('item', coalesce(link_id::text, ''))`,
    `('device', device)`,
    `('browser', browser)`,
    `('referrer', coalesce(referrer_host, ''))`,
    `('country', coalesce(country, ''))`,
    `('utm_source', coalesce(utm_source, ''))`,
    `('utm_medium', coalesce(utm_medium, ''))`,
    `('utm_campaign', coalesce(utm_campaign, ''))`,
    ...(withOutcome ? [`('outcome', outcome)`] : []),
  ].join(',\n    ');
}

function linkEventCounts(source: string, pairs: string): string {
  return `
  select row(user_id, (occurred_at at time zone 'UTC')::date, kind, dimension, value, sum(hits))::activity_breakdown_days
  from ${source}, lateral (values
    ${pairs}
  ) as dimensions(dimension, value)
  group by user_id, (occurred_at at time zone 'UTC')::date, kind, dimension, value`;
}

async function linkEventsTrigger(db: Kysely<unknown>, withOutcome: boolean): Promise<void> {
  const counts = (source: string) => linkEventCounts(source, linkEventDimensions(withOutcome));
  await sql
    .raw(
      `create or replace function break_down_link_events() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform add_breakdowns(array(${counts('removed')}), -1);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        perform add_breakdowns(array(${counts('added')}), 1);
      end if;
      return null;
    end $$`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('active_from', 'timestamptz')
    .addColumn('active_until', 'timestamptz')
    .addColumn('max_scans', 'integer')
    .addColumn('scans_used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fallback_url', 'text')
    .addColumn('rules', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable('links')
    .addCheckConstraint(
      'links_active_window',
      sql`active_from is null or active_until is null or active_until > active_from`,
    )
    .execute();
  await db.schema
    .alterTable('links')
    .addCheckConstraint('links_max_scans_positive', sql`max_scans is null or max_scans > 0`)
    .execute();
  await versionTrigger(db, [...EDITED_BEFORE, ...LIFECYCLE]);
  await db.schema
    .alterTable('link_events')
    .addColumn('outcome', 'text', (col) => col.notNull().defaultTo('destination'))
    .execute();
  await linkEventsTrigger(db, true);
  // what was counted before: follows served the destination
  await sql
    .raw(`select add_breakdowns(array(${linkEventCounts('link_events', `('outcome', outcome)`)}), 1)`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from activity_breakdown_days where dimension = 'outcome'`.execute(db);
  await linkEventsTrigger(db, false);
  await db.schema.alterTable('link_events').dropColumn('outcome').execute();
  await versionTrigger(db, EDITED_BEFORE);
  await db.schema
    .alterTable('links')
    .dropColumn('enabled')
    .dropColumn('active_from')
    .dropColumn('active_until')
    .dropColumn('max_scans')
    .dropColumn('scans_used')
    .dropColumn('fallback_url')
    .dropColumn('rules')
    .execute();
}
