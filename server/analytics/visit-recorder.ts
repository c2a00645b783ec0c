import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { ChangeBus, ChangeTopic } from '../lib/changes.ts';
import {
  createCountBatcher,
  type CountBatcherOptions,
  type CountedGroup,
  type CountQueue,
} from '../lib/count-batcher.ts';
import { createCountSpill, type CountBatch } from '../lib/count-spill.ts';
import type { UniqueVisitorRecorder } from './unique-visitors.ts';
import { sameFacts, visitFactsKey, visitFactsOf, type Visit, type VisitFacts } from './visit.ts';

// Every counted visit (a view of a public card, a scan or click of a short link) is counted exactly,
// without the request waiting for the database. A visit is queued in memory (server/lib/count-batcher.ts:
// retried through outages, spilled to DATA_DIR past its memory) as one more in its group: the visits of one
// subject (a card, a link and kind) with the same facts (device, browser, referrer host, country, campaign)
// in the same second. About a second later the groups are written together, one row each holding its
// number of visits, in one transaction with the batch's id. Whom the visit came from goes to the unique
// visitors' queue, hashed only when written (server/analytics/unique-visitors.ts).

export interface VisitRecorder<V extends Visit> {
  record(visit: V): void;
  /** Writes (or spills) every queued visit now and waits for it (the app's onClose calls it). */
  flush(): Promise<void>;
  /** The queue's state and totals (health and metrics). */
  readonly queue: CountQueue;
}

export interface VisitRecorderOptions extends CountBatcherOptions {
  /** Where visits beyond memory are spilled; null keeps them in memory only (tests). */
  spillDir?: string | null;
}

/** The visits of one subject and set of facts in one second, as queued, spilled and written. */
export type VisitGroup = VisitFacts & CountedGroup;

/** What one kind of counted visit is: what it is about, where it is written, and who hears of it. */
export interface VisitCounting<V extends Visit, G extends VisitGroup> {
  /** Named in the queue's log lines, health and metrics. */
  what: string;
  /** Names its spill files. */
  spillName: string;
  /** Reads a spilled group back. */
  groupSchema: z.ZodType<G>;
  /** The visit's subject (a card; a link and kind) as the start of its group's key. */
  subjectKey(visit: V): string;
  /** Whether two visits have the same subject: exactly when subjectKey gives them the same key. */
  sameSubject(a: V, b: V): boolean;
  /** The group of this one visit (count 1), with its facts (no visitor) and its moment (ISO 8601). */
  groupOf(visit: V, facts: VisitFacts, at: string): G;
  /** The owner of the visited card or link, whose unique visitors the visit counts for. */
  ownerOf(visit: V): string;
  /**
   * Writes one batch; answers the accounts whose counts it changed, or null when the batch was written
   * before (its id is taken).
   */
  write(db: Kysely<Database>, batch: CountBatch<G>): Promise<Iterable<string> | null>;
  /** What their live screens hear once a batch is written. */
  topic: ChangeTopic;
}

export function createVisitRecorder<V extends Visit, G extends VisitGroup>(
  counting: VisitCounting<V, G>,
  db: Kysely<Database>,
  changes: ChangeBus,
  logger: FastifyBaseLogger,
  uniques: UniqueVisitorRecorder,
  { spillDir = null, ...options }: VisitRecorderOptions,
): VisitRecorder<V> {
  const batcher = createCountBatcher<G>(
    {
      what: counting.what,
      async write(batch) {
        const owners = await counting.write(db, batch);
        if (!owners) return false;
        // live screens hear of new visits once per owner and batch, not once per visit
        for (const userId of new Set(owners)) changes.publish({ userId, topic: counting.topic });
        return true;
      },
      logger,
      spill: spillDir ? createCountSpill(spillDir, counting.spillName, counting.groupSchema) : null,
    },
    options,
  );

  // The group of the visit before: most visits repeat it (the same card or link, the same kind of visitor,
  // the same second), and are then counted in it without a key built, flattened and hashed for each.
  let last: { visit: V; second: number; key: string } | null = null;

  return {
    record(visit) {
      uniques.record(counting.ownerOf(visit), visit.visitor);
      const now = Date.now();
      const second = Math.floor(now / 1000);
      if (
        last !== null &&
        last.second === second &&
        counting.sameSubject(last.visit, visit) &&
        sameFacts(last.visit, visit) &&
        batcher.increment(last.key)
      )
        return;
      const key = `${counting.subjectKey(visit)} ${visitFactsKey(visit)} ${second}`;
      last = { visit, second, key };
      if (batcher.increment(key)) return;
      batcher.add(key, counting.groupOf(visit, visitFactsOf(visit), new Date(now).toISOString()));
    },
    flush: batcher.flush,
    queue: batcher,
  };
}
