// npm run bench:analytics: how long the analytics home's queries take for a very busy person: the overview
// (analytics.overview, 30 and 90 days and 12 months) and the breakdowns (analytics.breakdowns: by card and
// link, device, browser, referrer, country, campaign and unique visitors; 7, 30 and 90 days and 12 months),
// and a team's breakdowns of one member's card (one card and two links: 30 and 90 days and 12 months),
// with a million link events (scans and clicks) and 300 000 profile-view rows spread over 90 days, each with
// its device, browser, referrer, country and campaign drawn from skewed spreads, 150 000 visitor rows, and
// leads (the fourth kind of activity: a lead and its lead_events row) at one per 200 views, as rarer than
// views as a card's page sees them; beside them, other people's rows that the queries must skip. Also a
// person with a normal amount of traffic, for comparison.
// On the embedded database by default, on PostgreSQL with DATABASE_URL (in a temporary database that is
// dropped afterwards). Never a test: timings depend on the machine.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import type { AnalyticsRange } from '../src/analytics.ts';
import { analyticsBreakdowns, itemsBreakdowns } from '../server/analytics/breakdowns.ts';
import { analyticsOverview, type AnalyticsScope } from '../server/analytics/service.ts';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/lib/db.ts';
import { temporaryBenchDatabase } from './lib/temporary-database.ts';

const BUSY = { linkEvents: 1_000_000, profileViews: 300_000, visitors: 150_000 };
const NORMAL = { linkEvents: 2_000, profileViews: 1_000, visitors: 1_000 };
const OTHERS = { people: 20, linkEvents: 20_000, profileViews: 5_000, visitors: 3_000 };
/** Views per lead left: a lead is rarer than a view (a profile_views row below holds 2 views on average). */
const VIEWS_PER_LEAD = 200;
const VIEWS_PER_ROW = 2;
const SPREAD_DAYS = 90;
const LINKS_PER_PERSON = 20;
const INSERT_CHUNK = 100_000;
const WARM_UP_RUNS = 3;
const MEASURED_RUNS = 20;
const TIME_ZONE = 'Europe/Madrid';

// A visit's values, drawn with skewed odds as real traffic has them (most from a few, a long tail).
const DEVICES = `(array['mobile','mobile','mobile','desktop','desktop','tablet','unknown'])[1 + floor(random() * 7)::int]`;
const BROWSERS = `(array['safari','safari','chrome','chrome','chrome','in-app','firefox','edge','samsung','opera','other'])[1 + floor(random() * 11)::int]`;
const REFERRERS = `case when random() < 0.5 then null else 'site' || floor(random() * random() * 200)::int || '.example' end`;
const COUNTRIES = `case when random() < 0.05 then null else 'C' || floor(random() * random() * 120)::int end`;
// most visits carry no campaign; those that do, a few sources and media and a longer tail of campaigns
const CAMPAIGN = `case when random() < 0.8 then null else array[
  'source' || floor(random() * random() * 10)::int,
  'medium' || floor(random() * 4)::int,
  'campaign' || floor(random() * random() * 60)::int] end`;

type Amounts = { linkEvents: number; profileViews: number; visitors: number };

/** A person with links and cards, and their events, views and visitors at random moments of the last SPREAD_DAYS days. */
async function seedPerson(db: Kysely<Database>, label: string, amounts: Amounts): Promise<string> {
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({ id: userId, name: label, email: `${userId}@bench.example` })
    .execute();
  // on Business: the 12 months and the campaigns are part of advancedAnalytics
  await db
    .insertInto('profiles')
    .values({
      id: userId,
      name: label,
      email: `${userId}@bench.example`,
      username: `bench-${randomBytes(6).toString('hex')}`,
      plan_type: 'business',
    })
    .execute();
  const links = await db
    .insertInto('links')
    .values(
      Array.from({ length: LINKS_PER_PERSON }, (_, index) => ({
        user_id: userId,
        kind: 'qr' as const,
        code: randomBytes(6).toString('hex'),
        title: `Link ${index}`,
        url: 'https://example.com',
      })),
    )
    .returning('id')
    .execute();
  const linkIds = links.map((link) => link.id);
  const vcards = await db
    .insertInto('vcards')
    .values(Array.from({ length: 3 }, (_, index) => ({ user_id: userId, name: `Card ${index}` })))
    .returning('id')
    .execute();
  const vcardIds = vcards.map((vcard) => vcard.id);
  for (let done = 0; done < amounts.linkEvents; done += INSERT_CHUNK) {
    const rows = Math.min(INSERT_CHUNK, amounts.linkEvents - done);
    // two scans for each click; a row holds 1-4 events, as the recorder's one-second rows do
    await sql`
      insert into link_events (link_id, user_id, kind, device, browser, referrer_host, country,
                               utm_source, utm_medium, utm_campaign, hits, occurred_at)
      select link_id, ${userId}, kind, device, browser, referrer_host, country,
             campaign[1], campaign[2], campaign[3], hits, occurred_at
      from (
        select (${linkIds}::uuid[])[1 + i % ${LINKS_PER_PERSON}] as link_id,
               case when i % 3 = 0 then 'click' else 'scan' end as kind, ${sql.raw(DEVICES)} as device,
               ${sql.raw(BROWSERS)} as browser, ${sql.raw(REFERRERS)} as referrer_host,
               ${sql.raw(COUNTRIES)} as country, ${sql.raw(CAMPAIGN)} as campaign, 1 + i % 4 as hits,
               now() - random() * ${SPREAD_DAYS} * interval '1 day' as occurred_at
        from generate_series(1, ${rows}) as i
      ) as drawn`.execute(db);
  }
  for (let done = 0; done < amounts.profileViews; done += INSERT_CHUNK) {
    const rows = Math.min(INSERT_CHUNK, amounts.profileViews - done);
    await sql`
      insert into profile_views (user_id, vcard_id, device, browser, referrer_host, country,
                                 utm_source, utm_medium, utm_campaign, views, viewed_at)
      select ${userId}, vcard_id, device, browser, referrer_host, country,
             campaign[1], campaign[2], campaign[3], views, viewed_at
      from (
        select (${vcardIds}::uuid[])[1 + i % 3] as vcard_id, ${sql.raw(DEVICES)} as device,
               ${sql.raw(BROWSERS)} as browser, ${sql.raw(REFERRERS)} as referrer_host,
               ${sql.raw(COUNTRIES)} as country, ${sql.raw(CAMPAIGN)} as campaign, 1 + i % 3 as views,
               now() - random() * ${SPREAD_DAYS} * interval '1 day' as viewed_at
        from generate_series(1, ${rows}) as i
      ) as drawn`.execute(db);
  }
  // each lead stored and counted at once, as recordLead does: the lead, and its lead_events row
  const leads = Math.round((amounts.profileViews * VIEWS_PER_ROW) / VIEWS_PER_LEAD);
  await sql`
    with stored as (
      insert into leads (user_id, vcard_id, card_name, name, email, consent_text, consent_language,
                         fields_given, client_address_hash, created_at)
      select ${userId}, (${vcardIds}::uuid[])[1 + i % 3], 'Card', 'Visitor ' || i, 'visitor' || i || '@example.com',
             'I agree.', 'en', '["name","email"]'::jsonb, md5(i::text),
             now() - random() * ${SPREAD_DAYS} * interval '1 day'
      from generate_series(1, ${leads}) as i
      returning user_id, vcard_id, created_at
    )
    insert into lead_events (user_id, vcard_id, received_at)
    select user_id, vcard_id, created_at from stored`.execute(db);
  await sql`
    insert into visitors (user_id, day, visitor)
    select ${userId}, (now() at time zone 'UTC')::date - (i % ${SPREAD_DAYS}), md5(i::text)
    from generate_series(1, ${amounts.visitors}) as i`.execute(db);
  return userId;
}

const config = parseConfig({});

/** A person's first card and two of their links: what a team's breakdowns of one member's card read. */
type Items = string[];

/** The queries timed, each as the page asks for it. */
const QUERIES: { label: string; run: (scope: AnalyticsScope, items: Items) => Promise<unknown> }[] = [
  ...(['30d', '90d', '12m'] as const satisfies AnalyticsRange[]).map((range) => ({
    label: `overview, ${range}`,
    run: (scope: AnalyticsScope) => analyticsOverview(scope, { timeZone: TIME_ZONE, range }),
  })),
  ...(['7d', '30d', '90d', '12m'] as const satisfies AnalyticsRange[]).map((range) => ({
    label: `breakdowns, ${range}`,
    run: (scope: AnalyticsScope) => analyticsBreakdowns({ ...scope, config }, { timeZone: TIME_ZONE, range }),
  })),
  // a team's breakdowns of one member's card (a third of the views, a tenth of the scans and clicks), from
  // item_breakdown_days
  ...(['30d', '90d', '12m'] as const satisfies AnalyticsRange[]).map((range) => ({
    label: `breakdowns of one card and two links, ${range}`,
    run: (scope: AnalyticsScope, items: Items) =>
      itemsBreakdowns({ ...scope, config }, { timeZone: TIME_ZONE, range }, items),
  })),
];

async function itemsOf(db: Kysely<Database>, userId: string): Promise<Items> {
  const [card, links] = await Promise.all([
    db
      .selectFrom('vcards')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .executeTakeFirstOrThrow(),
    db.selectFrom('links').select('id').where('user_id', '=', userId).orderBy('id').limit(2).execute(),
  ]);
  return [card.id, ...links.map((link) => link.id)];
}

async function time(
  scope: AnalyticsScope,
  items: Items,
  query: (scope: AnalyticsScope, items: Items) => Promise<unknown>,
): Promise<{ median: number; p90: number; max: number }> {
  const run = async () => {
    const started = performance.now();
    await query(scope, items);
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP_RUNS; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < MEASURED_RUNS; i++) times.push(await run());
  times.sort((a, b) => a - b);
  const at = (fraction: number) =>
    times[Math.min(times.length - 1, Math.floor(fraction * times.length))] ?? 0;
  return { median: at(0.5), p90: at(0.9), max: at(1) };
}

async function main(): Promise<void> {
  const database = await temporaryBenchDatabase('tapcard-bench-analytics-');
  const handle = await openDatabase(database.config, pino({ level: 'silent' }));
  try {
    const { db } = handle;
    await migrateToLatest(db);
    const seedStarted = performance.now();
    console.log(`Seeding on ${database.config.kind}…`);
    const busy = await seedPerson(db, 'busy', BUSY);
    const normal = await seedPerson(db, 'normal', NORMAL);
    for (let i = 0; i < OTHERS.people; i++) await seedPerson(db, `other ${i}`, OTHERS);
    // what autovacuum does on a live server: statistics for the planner, and the visibility map that
    // lets an index-only scan skip the table
    for (const table of [
      'link_events',
      'profile_views',
      'lead_events',
      'activity_breakdown_days',
      'item_breakdown_days',
      'visitors',
    ]) {
      await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    }
    const { rows: sizes } = await sql<{ rows: number }>`
      select count(*)::int as rows from activity_breakdown_days where user_id = ${busy}`.execute(db);
    const { rows: leads } = await sql<{ rows: number }>`
      select count(*)::int as rows from lead_events where user_id = ${busy}`.execute(db);
    console.log(`The busy person's breakdown rows: ${sizes[0]?.rows ?? 0}; leads: ${leads[0]?.rows ?? 0}.`);
    console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.`);

    const ms = (value: number) => value.toFixed(1);
    console.log(`\nOn ${database.config.kind}, ${MEASURED_RUNS} runs after ${WARM_UP_RUNS}:`);
    console.log('| person | query | median ms | p90 ms | max ms |');
    console.log('|---|---|---:|---:|---:|');
    for (const [label, userId] of [
      ['busy', busy],
      ['normal', normal],
    ] as const) {
      const items = await itemsOf(db, userId);
      for (const query of QUERIES) {
        const timing = await time({ db, accountId: userId }, items, query.run);
        console.log(
          `| ${label} | ${query.label} | ${ms(timing.median)} | ${ms(timing.p90)} | ${ms(timing.max)} |`,
        );
      }
    }
  } finally {
    await handle.close();
    await database.drop();
  }
}

await main();
