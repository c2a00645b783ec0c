import { sql, type Kysely } from 'kysely';

// A team's breakdowns of one member's cards or one card (server/analytics/breakdowns.ts visitsOfItems) read
// those cards' views of the range from profile_views itself, as their scans and clicks are read from
// link_events through link_events_link_time_idx: without this index each read went through every view of
// the team's account in the range.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index profile_views_card_time_idx on profile_views (vcard_id, viewed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index profile_views_card_time_idx`.execute(db);
}
