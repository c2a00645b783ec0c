import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobQueue } from './queue.ts';

// A worker over pg-boss's fetch, complete and fail. pg-boss 10's own work() completes or fails a job
// without awaiting the call, so a database that goes away at that moment leaves an unhandled rejection,
// which ends the process (close-with-grace). Here every call is awaited and a failure only logged: the
// job then stays active until its expiry, when pg-boss's maintenance hands it out again.
//
// A job in hand when its process stops is given back for its next try at once, not failed: pg-boss
// would count the stop as a failure and wait its retry's delay (a minute and more for a webhook). A
// queue whose tries are bounded in time (reclaimAfterSeconds) also takes back, at once, the jobs a killed
// process left in hand, instead of waiting for pg-boss's expiry (its maintenance every two minutes, then
// the retry's delay).

/** Jobs this process's workers finished, per queue, since it started: done, or failed (metrics). */
export interface JobTotals {
  done: number;
  failed: number;
}

const totalsByQueue = new Map<string, JobTotals>();

/** The totals of every queue a worker of this process works (several apps in one test process add up). */
export function jobTotals(): ReadonlyMap<string, Readonly<JobTotals>> {
  return totalsByQueue;
}

export interface JobWorker {
  /** Fetches now instead of at the next poll (a job was just queued by this process). */
  notify(): void;
  /**
   * Stops fetching and waits, at most `timeoutMs`, for the jobs in hand; those still running then are
   * given back, so another process tries them at once (and may repeat what this one is still doing).
   */
  stop(timeoutMs: number): Promise<void>;
}

export interface WorkerOptions {
  pollingIntervalSeconds: number;
  /** Jobs fetched at once; they are handled side by side. */
  batchSize: number;
  /** Called once a failed job was recorded as failed (pg-boss has set its next try, if any). */
  afterFailed?: (id: string) => Promise<void>;
  /**
   * A job of this queue in hand for longer than this was left by a process that died (a try never takes
   * this long): it is handed out again at once. The queue's jobs expire later than this (the backstop).
   */
  reclaimAfterSeconds?: number;
  /** Called with the ids of the jobs handed out again (given back or reclaimed). */
  afterGivenBack?: (ids: readonly string[]) => Promise<void>;
}

/** How often a worker looks for jobs left in hand by a process that died (reclaimAfterSeconds). */
export const RECLAIM_EVERY_SECONDS = 10;

/** Jobs this worker took, by id, with when it took them. */
type Taken = ReadonlyMap<string, Date>;

/**
 * Hands jobs of `name` out again at once, counted as a try: the `taken` ones still in this worker's hand
 * (not taken since by another), or every one in hand for longer than `inHandSeconds`. Returns their ids.
 * (pg-boss 10 has no call for it: its `fail` waits the retry's delay, its `retry` takes failed jobs only.)
 */
async function handBack(
  boss: JobQueue,
  name: string,
  which: { taken: Taken } | { inHandSeconds: number },
): Promise<string[]> {
  const [condition, values] =
    'taken' in which
      ? [
          // a Date keeps the milliseconds of the microseconds stored
          `exists (select from unnest($2::uuid[], $3::timestamptz[]) as taken(id, at)
                    where taken.id = job.id and abs(extract(epoch from job.started_on - taken.at)) < 0.001)`,
          [[...which.taken.keys()], [...which.taken.values()].map((at) => at.toISOString())],
        ]
      : ['started_on < now() - make_interval(secs => $2)', [which.inHandSeconds]];
  const { rows } = await boss.getDb().executeSql(
    `update pgboss.job as job set state = 'retry', start_after = now()
      where name = $1 and state = 'active' and ${condition}
      returning id`,
    [name, ...values],
  );
  return (rows as { id: string }[]).map(({ id }) => id);
}

/**
 * Runs `handle` for each job of `name`: a job whose handler resolves is completed, one whose handler
 * throws is failed (retried as its options say, or given up).
 */
export function startWorker<T extends object>(
  boss: JobQueue,
  name: string,
  options: WorkerOptions,
  handle: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  logger: FastifyBaseLogger,
): JobWorker {
  let stopping = false;
  /** A job was queued since the last fetch: the next pause is skipped. */
  let notified = false;
  let wake: (() => void) | undefined;
  const pause = () =>
    notified
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollingIntervalSeconds * 1000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });

  const inHand = new Map<string, Date>();
  const totals = totalsByQueue.get(name) ?? { done: 0, failed: 0 };
  totalsByQueue.set(name, totals);
  const record = async (id: string, failure: Error | undefined) => {
    try {
      if (failure) await boss.fail(name, id, { message: failure.message });
      else await boss.complete(name, id);
      if (failure) totals.failed += 1;
      else totals.done += 1;
      if (failure) await options.afterFailed?.(id);
    } catch (error) {
      logger.warn(
        { err: error, job: { name, id } },
        'job queue: cannot record a job; it is handed out again after its expiry',
      );
    }
  };
  const settle = async (job: PgBoss.JobWithMetadata<T>) => {
    inHand.set(job.id, job.startedOn);
    let failure: Error | undefined;
    try {
      await handle(job);
    } catch (error) {
      failure = error as Error;
    }
    // unless stop() gave it back meanwhile: another process has it now
    if (inHand.delete(job.id)) await record(job.id, failure);
  };

  const giveBack = async (which: Parameters<typeof handBack>[2]) => {
    try {
      const ids = await handBack(boss, name, which);
      if (ids.length > 0) await options.afterGivenBack?.(ids);
    } catch (error) {
      logger.warn(
        { err: error, job: { name } },
        'job queue: cannot give jobs back; they are handed out again after their expiry',
      );
    }
  };
  let reclaimedAt = 0;
  const reclaimLeftInHand = async () => {
    const inHandSeconds = options.reclaimAfterSeconds;
    if (inHandSeconds === undefined || Date.now() - reclaimedAt < RECLAIM_EVERY_SECONDS * 1000) return;
    reclaimedAt = Date.now();
    await giveBack({ inHandSeconds });
  };

  const loop = (async () => {
    while (!stopping) {
      notified = false;
      await reclaimLeftInHand();
      // pg-boss's fetch answers no jobs when the database cannot be reached
      const jobs = await boss.fetch<T>(name, { batchSize: options.batchSize, includeMetadata: true });
      if (jobs.length > 0) await Promise.all(jobs.map(settle));
      // a full batch: there may be more waiting
      if (!stopping && jobs.length < options.batchSize) await pause();
    }
  })();

  return {
    notify() {
      notified = true;
      wake?.();
    },
    async stop(timeoutMs) {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      const taken = new Map(inHand);
      inHand.clear();
      if (taken.size > 0) await giveBack({ taken });
    },
  };
}
