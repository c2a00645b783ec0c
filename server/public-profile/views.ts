import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChangeBus } from '../lib/changes.ts';

// Spec section 4: each view of a public profile is counted, without slowing the page (ARCHITECTURE.md
// "Public pages are fast and safe"). A view is queued in memory and written with the others in one
// insert shortly after, as one row per card and second with its number of views; the app's close
// writes what is left. A failed write is logged and dropped: the
// page was served long ago and must never fail because of its counter.

export interface View {
  userId: string;
  vcardId: string | null;
}

export interface ViewRecorder {
  record(view: View): void;
  /** Writes every queued view now and waits for the writes (the app's onClose calls it). */
  flush(): Promise<void>;
}

export interface ViewRecorderOptions {
  /** How long a view may wait for others to share its insert. */
  flushDelayMs?: number;
  /** Rows (a card's views in one second) that are written at once, without waiting for the delay. */
  batchSize?: number;
  /** Inserts running at once; views arriving meanwhile wait and make bigger batches. */
  maxConcurrentWrites?: number;
  /** Rows kept while the database is slow or away; views beyond them are dropped (and logged). */
  maxQueued?: number;
}

/** Views of one card in one second: written as one row holding `count` views. */
interface ViewGroup {
  userId: string;
  vcardId: string | null;
  viewedAt: Date;
  count: number;
}

export function createViewRecorder(
  db: Kysely<Database>,
  changes: ChangeBus,
  logger: FastifyBaseLogger,
  options: ViewRecorderOptions = {},
): ViewRecorder {
  const flushDelayMs = options.flushDelayMs ?? 1_000;
  const batchSize = options.batchSize ?? 500;
  const maxConcurrentWrites = options.maxConcurrentWrites ?? 2;
  const maxQueued = options.maxQueued ?? 50_000;
  let queue = new Map<string, ViewGroup>();
  const writing = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let dropped = 0;

  // One statement and one row per card and second however many views it holds, with array parameters:
  // on the embedded database every row costs this process's one thread.
  async function write(groups: ViewGroup[]): Promise<void> {
    const views = groups.reduce((sum, group) => sum + group.count, 0);
    try {
      await sql`
        insert into profile_views (user_id, vcard_id, viewed_at, views)
        select * from unnest(
          ${groups.map((group) => group.userId)}::text[],
          ${groups.map((group) => group.vcardId)}::uuid[],
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

  function schedule(): void {
    if (timer || queue.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      startWrite();
    }, flushDelayMs);
    // a pending counter never keeps the process alive on its own
    timer.unref();
  }

  /** Writes everything queued, unless enough inserts are running already. */
  function startWrite(): void {
    if (dropped > 0) {
      logger.warn({ views: dropped }, 'profile views dropped: too many waiting to be written');
      dropped = 0;
    }
    if (queue.size === 0 || writing.size >= maxConcurrentWrites) return;
    const groups = [...queue.values()];
    queue = new Map();
    const done: Promise<void> = write(groups).finally(() => {
      writing.delete(done);
      if (queue.size >= batchSize) startWrite();
      else schedule();
    });
    writing.add(done);
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    startWrite();
    while (writing.size > 0) {
      await Promise.all(writing);
      startWrite();
    }
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    record(view) {
      const now = new Date();
      const key = `${view.userId} ${view.vcardId ?? ''} ${Math.floor(now.getTime() / 1000)}`;
      const group = queue.get(key);
      if (group) {
        group.count += 1;
        return;
      }
      if (queue.size >= maxQueued) {
        dropped += 1;
        return;
      }
      queue.set(key, { userId: view.userId, vcardId: view.vcardId, viewedAt: now, count: 1 });
      if (queue.size >= batchSize) startWrite();
      else schedule();
    },
    flush,
  };
}
