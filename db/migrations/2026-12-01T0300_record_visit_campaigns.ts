import { sql, type Kysely } from 'kysely';

// Advanced analytics (Business): a counted visit keeps the campaign its address carried, the utm_source,
// utm_medium and utm_campaign parameters as src/utm.ts reads them (null for none). They are three more
// dimensions of the breakdowns: the trigger functions of migration 2026-11-24T0400, which keep
// activity_breakdown_days from link_events and profile_views in the same transaction, now count them too
// ('' for none, like a direct visit's referrer), and the visits counted before this migration are added to
// them as visits without a campaign, so that deleting those events later takes away exactly what was added.

const CAMPAIGN_COLUMNS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The (dimension, value) pairs of an event row: the original five, and the campaign's three when asked. */
function dimensionValues(item: string, withOriginal: boolean, withCampaign: boolean): string {
  const pairs = [
    ...(withOriginal
      ? [
          `('item', coalesce(${item}::text, ''))`,
          `('device', device)`,
          `('browser', browser)`,
          `('referrer', coalesce(referrer_host, ''))`,
          `('country', coalesce(country, ''))`,
        ]
      : []),
    ...(withCampaign ? CAMPAIGN_COLUMNS.map((column) => `('${column}', coalesce(${column}, ''))`) : []),
  ];
  return pairs.join(',\n    ');
}

/** Each visit of `source` as rows of (user, UTC day, kind, dimension, value, visits) for the dimensions asked. */
const breakdownCounts =
  (kind: string, item: string, visits: string, at: string) =>
  (source: string, { original = true, campaign = true } = {}) => `
  select row(user_id, (${at} at time zone 'UTC')::date, ${kind}, dimension, value, sum(${visits}))::activity_breakdown_days
  from ${source}, lateral (values
    ${dimensionValues(item, original, campaign)}
  ) as dimensions(dimension, value)
  group by user_id, (${at} at time zone 'UTC')::date, ${kind === 'kind' ? 'kind, ' : ''}dimension, value`;

const COUNTED_TABLES = [
  {
    table: 'link_events',
    trigger: 'break_down_link_events',
    counts: breakdownCounts('kind', 'link_id', 'hits', 'occurred_at'),
  },
  {
    table: 'profile_views',
    trigger: 'break_down_profile_views',
    counts: breakdownCounts("'view'", 'vcard_id', 'views', 'viewed_at'),
  },
] as const;

/** The trigger function (its triggers stay): adds the counts of inserted rows and takes away those of deleted ones. */
function breakdownTrigger(name: string, counts: (source: string) => string): string {
  return `
    create or replace function ${name}() returns trigger language plpgsql as $$
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
  for (const { table, trigger, counts } of COUNTED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('utm_source', 'text')
      .addColumn('utm_medium', 'text')
      .addColumn('utm_campaign', 'text')
      .execute();
    await sql.raw(breakdownTrigger(trigger, (source) => counts(source))).execute(db);
    // what was counted before: visits without a campaign
    await sql.raw(`select add_breakdowns(array(${counts(table, { original: false })}), 1)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from activity_breakdown_days where dimension in ('utm_source', 'utm_medium', 'utm_campaign')`.execute(
    db,
  );
  for (const { table, trigger, counts } of COUNTED_TABLES) {
    await sql.raw(breakdownTrigger(trigger, (source) => counts(source, { campaign: false }))).execute(db);
    await db.schema
      .alterTable(table)
      .dropColumn('utm_source')
      .dropColumn('utm_medium')
      .dropColumn('utm_campaign')
      .execute();
  }
}
