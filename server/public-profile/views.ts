import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
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

// Spec section 4: each view of a public profile is counted, without slowing the page
// (server/analytics/visit-recorder.ts): written in one transaction with the batch's id, as one row per card,
// device, browser, referrer host, country, campaign and second with its number of views.

export interface View extends Visit {
  userId: string;
  vcardId: string | null;
}

/** Views of one card and set of visit facts in one second: written as one row holding `count` views. */
interface ViewGroup extends CountedGroup, VisitFacts {
  userId: string;
  vcardId: string | null;
  /** ISO 8601: the group is written to a spill file as it is. */
  viewedAt: string;
}

const viewGroupSchema: z.ZodType<ViewGroup> = visitFactsSchema.extend({
  userId: z.string().min(1),
  vcardId: z.uuid().nullable(),
  viewedAt: z.iso.datetime(),
  count: z.int().positive(),
});

/**
 * Writes one batch; answers the owners of the cards viewed, or null when the batch was written before. One
 * statement and one row per card and second however many views it holds, with array parameters: on the
 * embedded database every row costs this process's one thread. An account or card deleted since the view
 * leaves its views out (or counts them for the profile only), not the whole batch.
 */
async function writeViews(
  db: Kysely<Database>,
  { id, groups }: CountBatch<ViewGroup>,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await isFirstWriteOf(trx, id))) return null;
    await sql`
      insert into profile_views
        (user_id, vcard_id, device, browser, referrer_host, country,
         utm_source, utm_medium, utm_campaign, viewed_at, views)
      select v.user_id, vcards.id, v.device, v.browser, v.referrer_host, v.country,
             v.utm_source, v.utm_medium, v.utm_campaign, v.viewed_at, v.views
      from unnest(
        ${groups.map((group) => group.userId)}::text[],
        ${groups.map((group) => group.vcardId)}::uuid[],
        ${groups.map((group) => group.device)}::text[],
        ${groups.map((group) => group.browser)}::text[],
        ${groups.map((group) => group.referrerHost)}::text[],
        ${groups.map((group) => group.country)}::text[],
        ${groups.map((group) => group.utm_source)}::text[],
        ${groups.map((group) => group.utm_medium)}::text[],
        ${groups.map((group) => group.utm_campaign)}::text[],
        ${groups.map((group) => group.viewedAt)}::timestamptz[],
        ${groups.map((group) => group.count)}::int[]
      ) as v(user_id, vcard_id, device, browser, referrer_host, country,
             utm_source, utm_medium, utm_campaign, viewed_at, views)
      join users on users.id = v.user_id
      left join vcards on vcards.id = v.vcard_id`.execute(trx);
    await addWebhookCounts(
      trx,
      'profile.viewed',
      groups.map((group) => ({ userId: group.userId, itemId: group.vcardId, count: group.count })),
    );
    return groups.map((group) => group.userId);
  });
}

const VIEW_COUNTING: VisitCounting<View, ViewGroup> = {
  what: 'profile views',
  spillName: 'views',
  groupSchema: viewGroupSchema,
  subjectKey: (view) => `${view.userId} ${view.vcardId ?? ''}`,
  sameSubject: (a, b) => a.userId === b.userId && a.vcardId === b.vcardId,
  groupOf: ({ userId, vcardId }, facts, at) => ({ userId, vcardId, ...facts, viewedAt: at, count: 1 }),
  ownerOf: (view) => view.userId,
  write: writeViews,
  topic: 'views',
};

/** `uniques` hears whom each view came from (unique visitors, server/analytics/unique-visitors.ts). */
export function createViewRecorder(
  db: Kysely<Database>,
  changes: ChangeBus,
  logger: FastifyBaseLogger,
  uniques: UniqueVisitorRecorder,
  options: VisitRecorderOptions = {},
): VisitRecorder<View> {
  return createVisitRecorder(VIEW_COUNTING, db, changes, logger, uniques, options);
}
