import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UniqueVisitorRecorder } from '../analytics/unique-visitors.ts';
import { visitFactsKey, visitFactsOf, type Visit, type VisitFacts } from '../analytics/visit.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { createCountBatcher, type CountBatcherOptions, type CountedGroup } from '../lib/count-batcher.ts';

// Spec section 4: each view of a public profile is counted, without slowing the page. A view is queued in
// memory (server/lib/count-batcher.ts) and written with the others in one insert shortly after, as one row
// per card, device, browser, referrer host, country and second with its number of views; the app's close writes what is left. A failed write is
// logged and dropped: the page was served long ago and must never fail because of its counter.

export interface View extends Visit {
  userId: string;
  vcardId: string | null;
}

export interface ViewRecorder {
  record(view: View): void;
  /** Writes every queued view now and waits for the writes (the app's onClose calls it). */
  flush(): Promise<void>;
}

export type ViewRecorderOptions = CountBatcherOptions;

/** Views of one card and set of visit facts in one second: written as one row holding `count` views. */
interface ViewGroup extends CountedGroup, VisitFacts {
  userId: string;
  vcardId: string | null;
  viewedAt: Date;
}

/** `uniques` hears whom each view came from (unique visitors, server/analytics/unique-visitors.ts). */
export function createViewRecorder(
  db: Kysely<Database>,
  changes: ChangeBus,
  logger: FastifyBaseLogger,
  uniques: UniqueVisitorRecorder,
  options: ViewRecorderOptions = {},
): ViewRecorder {
  // One statement and one row per card and second however many views it holds, with array parameters:
  // on the embedded database every row costs this process's one thread.
  async function write(groups: ViewGroup[]): Promise<void> {
    const views = groups.reduce((sum, group) => sum + group.count, 0);
    try {
      await sql`
        insert into profile_views
          (user_id, vcard_id, device, browser, referrer_host, country, viewed_at, views)
        select * from unnest(
          ${groups.map((group) => group.userId)}::text[],
          ${groups.map((group) => group.vcardId)}::uuid[],
          ${groups.map((group) => group.device)}::text[],
          ${groups.map((group) => group.browser)}::text[],
          ${groups.map((group) => group.referrerHost)}::text[],
          ${groups.map((group) => group.country)}::text[],
          ${groups.map((group) => group.viewedAt.toISOString())}::timestamptz[],
          ${groups.map((group) => group.count)}::int[]
        )`.execute(db);
    } catch (error) {
      logger.error({ err: error, views }, 'could not record profile views');
      return;
    }
    // live analytics (issue 5) hear about new views once per owner and batch, not once per view
    for (const userId of new Set(groups.map((group) => group.userId))) {
      changes.publish({ userId, topic: 'views' });
    }
  }

  const batcher = createCountBatcher(
    write,
    (views) => logger.warn({ views }, 'profile views dropped: too many waiting to be written'),
    options,
  );

  return {
    record(view) {
      uniques.record(view.userId, view.visitor);
      const now = new Date();
      const key = `${view.userId} ${view.vcardId ?? ''} ${visitFactsKey(view)} ${Math.floor(now.getTime() / 1000)}`;
      if (batcher.increment(key)) return;
      const { userId, vcardId } = view;
      batcher.add(key, {
        userId,
        vcardId,
        ...visitFactsOf(view),
        viewedAt: now,
        count: 1,
      });
    },
    flush: batcher.flush,
  };
}
