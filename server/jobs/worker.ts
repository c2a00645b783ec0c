import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobQueue } from './queue.ts';

// A worker over pg-boss's fetch, complete and fail. pg-boss 10's own work() completes or fails a job
// without awaiting the call, so a database that goes away at that moment leaves an unhandled rejection,
// which ends the process (close-with-grace). Here every call is awaited and a failure only logged: the
// job then stays active until its expiry, when pg-boss's maintenance hands it out again.

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
   * failed, so another process retries them (and may repeat what this one is still doing).
   */
  stop(timeoutMs: number): Promise<void>;
}

export interface WorkerOptions {
  pollingIntervalSeconds: number;
  /** Jobs fetched at once; they are handled side by side. */
  batchSize: number;
  /** Called once a failed job was recorded as failed (pg-boss has set its next try, if any). */
  afterFailed?: (id: string) => Promise<void>;
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

  const inHand = new Set<string>();
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
    inHand.add(job.id);
    let failure: Error | undefined;
    try {
      await handle(job);
    } catch (error) {
      failure = error as Error;
    }
    // unless stop() gave it back meanwhile: another process has it now
    if (inHand.delete(job.id)) await record(job.id, failure);
  };

  const loop = (async () => {
    while (!stopping) {
      notified = false;
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
      const left = [...inHand];
      inHand.clear();
      await Promise.all(left.map((id) => record(id, new Error('the server stopped while it was in hand'))));
    },
  };
}
