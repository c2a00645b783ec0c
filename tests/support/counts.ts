import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LinkOutcome } from '../../src/link-lifecycle.ts';

// What the counters hold, read back by the tests of short links, public pages and pauses.

/** A link's scan and click counts, and the hits of its events (which must add up to the same). */
export async function linkCounts(db: Kysely<Database>, linkId: string) {
  const link = await db
    .selectFrom('links')
    .select(['scan_count', 'click_count'])
    .where('id', '=', linkId)
    .executeTakeFirstOrThrow();
  const { hits } = await db
    .selectFrom('link_events')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('hits'), eb.lit(0)).as('hits'))
    .where('link_id', '=', linkId)
    .executeTakeFirstOrThrow();
  return { scans: link.scan_count, clicks: link.click_count, events: Number(hits) };
}

/** The views of an owner's public pages. */
export async function viewCount(db: Kysely<Database>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('profile_views')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A link's counted follows by how they were served (src/link-lifecycle.ts LINK_OUTCOMES), zero for none. */
export async function linkOutcomes(
  db: Kysely<Database>,
  linkId: string,
): Promise<Record<LinkOutcome, number>> {
  const rows = await db
    .selectFrom('link_events')
    .select((eb) => ['outcome', eb.fn.sum<number>('hits').as('hits')])
    .where('link_id', '=', linkId)
    .groupBy('outcome')
    .execute();
  const outcomes = { destination: 0, fallback: 0, rule: 0 };
  for (const row of rows) outcomes[row.outcome] = Number(row.hits);
  return outcomes;
}
