import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, LinkEventsTable } from '../../db/schema.ts';
import { LINK_OUTCOMES, type LinkOutcome } from '../../src/link-lifecycle.ts';
import type { UniqueVisitorRecorder } from '../analytics/unique-visitors.ts';
import {
  createVisitRecorder,
  type VisitCounting,
  type VisitRecorder,
  type VisitRecorderOptions,
} from '../analytics/visit-recorder.ts';
import { visitFactsSchema, type Visit, type VisitFacts } from '../analytics/visit.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { isFirstWriteOf } from '../lib/count-batch-ids.ts';
import type { CountedGroup } from '../lib/count-batcher.ts';
import type { CountBatch } from '../lib/count-spill.ts';
import { addWebhookCounts } from '../webhooks/counts.ts';

// Every scan or click of a short link is counted exactly, without the redirect waiting for the database
// (server/analytics/visit-recorder.ts). A batch is written in one transaction: its id, the link_events rows
// (one per link, kind, outcome, device, browser, referrer host, country, campaign and second, holding its
// number of hits) and each link's scan_count / click_count raised by its sum. One UPDATE per batch instead of one per
// request on a hot row is what lets a link take thousands of follows a second.

export type HitKind = LinkEventsTable['kind'];

export interface Hit extends Visit {
  linkId: string;
  userId: string;
  kind: HitKind;
  /** Where it was sent: the destination, the fallback or a rule's address (src/link-lifecycle.ts). */
  outcome: LinkOutcome;
}

/**
 * Hits of one link, kind, outcome, device, browser, referrer host, country and campaign in one second: one
 * link_events row.
 */
interface HitGroup extends CountedGroup, VisitFacts {
  linkId: string;
  userId: string;
  kind: HitKind;
  outcome: LinkOutcome;
  /** ISO 8601: the group is written to a spill file as it is. */
  occurredAt: string;
}

const hitGroupSchema: z.ZodType<HitGroup> = visitFactsSchema.extend({
  linkId: z.uuid(),
  userId: z.string().min(1),
  kind: z.enum(['scan', 'click']),
  // spilled before follows kept their outcome: all were led to the destination
  outcome: z.enum(LINK_OUTCOMES).default('destination'),
  occurredAt: z.iso.datetime(),
  count: z.int().positive(),
});

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

/**
 * Writes one batch; answers the owners of the links counted (a link deleted meanwhile is skipped), or null
 * when the batch was written before.
 */
async function writeHits(
  db: Kysely<Database>,
  { id, groups }: CountBatch<HitGroup>,
): Promise<Set<string> | null> {
  const totals = totalsPerLink(groups);
  return db.transaction().execute(async (trx) => {
    if (!(await isFirstWriteOf(trx, id))) return null;
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
          (link_id, user_id, kind, outcome, device, browser, referrer_host, country,
           utm_source, utm_medium, utm_campaign, occurred_at, hits)
        select * from unnest(
          ${kept.map((group) => group.linkId)}::uuid[],
          ${kept.map((group) => ownerOf.get(group.linkId) ?? group.userId)}::text[],
          ${kept.map((group) => group.kind)}::text[],
          ${kept.map((group) => group.outcome)}::text[],
          ${kept.map((group) => group.device)}::text[],
          ${kept.map((group) => group.browser)}::text[],
          ${kept.map((group) => group.referrerHost)}::text[],
          ${kept.map((group) => group.country)}::text[],
          ${kept.map((group) => group.utm_source)}::text[],
          ${kept.map((group) => group.utm_medium)}::text[],
          ${kept.map((group) => group.utm_campaign)}::text[],
          ${kept.map((group) => group.occurredAt)}::timestamptz[],
          ${kept.map((group) => group.count)}::int[]
        )`.execute(trx);
    }
    const scans = kept.filter((group) => group.kind === 'scan');
    await addWebhookCounts(
      trx,
      'link.scanned',
      scans.map((group) => ({
        userId: ownerOf.get(group.linkId) ?? group.userId,
        itemId: group.linkId,
        outcome: group.outcome,
        count: group.count,
      })),
    );
    return new Set(ownerOf.values());
  });
}

const HIT_COUNTING: VisitCounting<Hit, HitGroup> = {
  what: 'short-link scans and clicks',
  spillName: 'hits',
  groupSchema: hitGroupSchema,
  subjectKey: (hit) => `${hit.linkId} ${hit.kind} ${hit.outcome}`,
  sameSubject: (a, b) => a.linkId === b.linkId && a.kind === b.kind && a.outcome === b.outcome,
  groupOf: ({ linkId, userId, kind, outcome }, facts, at) => ({
    linkId,
    userId,
    kind,
    outcome,
    ...facts,
    occurredAt: at,
    count: 1,
  }),
  ownerOf: (hit) => hit.userId,
  write: writeHits,
  topic: 'hits',
};

/** `uniques` hears whom each hit came from (unique visitors, server/analytics/unique-visitors.ts). */
export function createHitRecorder(
  db: Kysely<Database>,
  changes: ChangeBus,
  logger: FastifyBaseLogger,
  uniques: UniqueVisitorRecorder,
  options: VisitRecorderOptions = {},
): VisitRecorder<Hit> {
  // one writer: a second batch of this process would only wait for the first on the same hot rows
  return createVisitRecorder(HIT_COUNTING, db, changes, logger, uniques, {
    maxConcurrentWrites: 1,
    ...options,
  });
}
