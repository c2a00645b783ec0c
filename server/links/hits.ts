import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database, LinkEventsTable } from '../../db/schema.ts';
import type { UniqueVisitorRecorder } from '../analytics/unique-visitors.ts';
import { visitFactsKey, visitFactsOf, type Visit, type VisitFacts } from '../analytics/visit.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { createCountBatcher, type CountBatcherOptions, type CountedGroup } from '../lib/count-batcher.ts';

// Issue 5: every scan or click of a short link is counted exactly, without the redirect waiting for the
// database. A hit is queued in memory (server/lib/count-batcher.ts) and written with the others about a
// second later: in one transaction, the link_events rows (one per link, kind, device, browser, referrer
// host, country and second, holding its number of hits) and each link's scan_count / click_count raised by its sum. One
// UPDATE per batch instead of one per request on a hot row is what lets a link take thousands of follows
// a second. The app's close writes what is left; a crash loses at most the last second or so.

export type HitKind = LinkEventsTable['kind'];

export interface Hit extends Visit {
  linkId: string;
  userId: string;
  kind: HitKind;
}

export interface HitRecorder {
  record(hit: Hit): void;
  /** Writes every queued hit now and waits for the writes (the app's onClose calls it). */
  flush(): Promise<void>;
}

/** Hits of one link, kind, device, browser, referrer host and country in one second: one link_events row. */
interface HitGroup extends CountedGroup, VisitFacts {
  linkId: string;
  userId: string;
  kind: HitKind;
  occurredAt: Date;
}

/** Postgres gave up one of two transactions waiting on each other; running it again succeeds. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** Scans and clicks per link, in link id order: every writer locks the rows in the same order. */
function totalsPerLink(groups: HitGroup[]) {
  const totals = new Map<string, { scans: number; clicks: number }>();
  for (const group of groups) {
    const total = totals.get(group.linkId) ?? { scans: 0, clicks: 0 };
    if (group.kind === 'scan') total.scans += group.count;
    else total.clicks += group.count;
    totals.set(group.linkId, total);
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Writes one batch; answers the owners of the links counted (a link deleted meanwhile is skipped). */
async function writeHits(db: Kysely<Database>, groups: HitGroup[]): Promise<Set<string>> {
  const totals = totalsPerLink(groups);
  return db.transaction().execute(async (trx) => {
    const { rows: counted } = await sql<{ id: string; user_id: string }>`
      update links set
        scan_count = links.scan_count + hits.scans,
        click_count = links.click_count + hits.clicks
      from unnest(
        ${totals.map(([linkId]) => linkId)}::uuid[],
        ${totals.map(([, total]) => total.scans)}::int[],
        ${totals.map(([, total]) => total.clicks)}::int[]
      ) as hits(link_id, scans, clicks)
      where links.id = hits.link_id
      returning links.id, links.user_id`.execute(trx);
    // the owner as stored, and only links that still exist (their rows are locked until the commit)
    const ownerOf = new Map(counted.map((link) => [link.id, link.user_id]));
    const kept = groups.filter((group) => ownerOf.has(group.linkId));
    if (kept.length > 0) {
      await sql`
        insert into link_events
          (link_id, user_id, kind, device, browser, referrer_host, country, occurred_at, hits)
        select * from unnest(
          ${kept.map((group) => group.linkId)}::uuid[],
          ${kept.map((group) => ownerOf.get(group.linkId) ?? group.userId)}::text[],
          ${kept.map((group) => group.kind)}::text[],
          ${kept.map((group) => group.device)}::text[],
          ${kept.map((group) => group.browser)}::text[],
          ${kept.map((group) => group.referrerHost)}::text[],
          ${kept.map((group) => group.country)}::text[],
          ${kept.map((group) => group.occurredAt.toISOString())}::timestamptz[],
          ${kept.map((group) => group.count)}::int[]
        )`.execute(trx);
    }
    return new Set(ownerOf.values());
  });
}

/** `uniques` hears whom each hit came from (unique visitors, server/analytics/unique-visitors.ts). */
export function createHitRecorder(
  db: Kysely<Database>,
  changes: ChangeBus,
  logger: FastifyBaseLogger,
  uniques: UniqueVisitorRecorder,
  options: CountBatcherOptions = {},
): HitRecorder {
  async function write(groups: HitGroup[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      let owners: Set<string>;
      try {
        owners = await writeHits(db, groups);
      } catch (error) {
        if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
        const hits = groups.reduce((sum, group) => sum + group.count, 0);
        logger.error({ err: error, hits }, 'could not record short-link scans and clicks');
        return;
      }
      // live counts hear about new hits once per owner and batch, not once per hit
      for (const userId of owners) changes.publish({ userId, topic: 'hits' });
      return;
    }
  }

  const batcher = createCountBatcher(
    write,
    (hits) => logger.warn({ hits }, 'short-link scans and clicks dropped: too many waiting to be written'),
    // one writer: a second batch of this process would only wait for the first on the same hot rows
    { maxConcurrentWrites: 1, ...options },
  );

  return {
    record(hit) {
      uniques.record(hit.userId, hit.visitor);
      const now = Date.now();
      const key = `${hit.linkId} ${hit.kind} ${visitFactsKey(hit)} ${Math.floor(now / 1000)}`;
      if (batcher.increment(key)) return;
      const { linkId, userId, kind } = hit;
      batcher.add(key, {
        linkId,
        userId,
        kind,
        ...visitFactsOf(hit),
        occurredAt: new Date(now),
        count: 1,
      });
    },
    flush: batcher.flush,
  };
}
