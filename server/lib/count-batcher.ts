import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CountBatch, CountSpill } from './count-spill.ts';
import { describeDatabaseError, isDatabaseUnavailable } from './db-errors.ts';

// Counting without slowing the answer, and without losing a count (ARCHITECTURE.md "Public pages are fast
// and safe"): profile views and short-link hits are counted in memory, in groups of what one database row
// will hold (the views of a card in one second, say), and written together shortly after, as a batch with
// an id of its own written in the same transaction. A batch that cannot be written waits and is tried
// again, with a growing delay, until the database answers; a retry after a commit whose outcome was never
// heard finds its id and counts nothing twice. Memory holds `maxQueued` groups; past that, batches go to
// an append-only spill file (server/lib/count-spill.ts), replayed as soon as the database answers again
// and at the next start. The app's close keeps trying for `closeRetryMs`, then spills what is left.

/** A group of counted requests: one row to write, holding `count` of them. */
export interface CountedGroup {
  count: number;
}

export interface CountBatcherOptions {
  /** How long a group may wait for others to share its write. */
  flushDelayMs?: number;
  /** Groups that are written at once, without waiting for the delay. */
  batchSize?: number;
  /** Writes running at once; groups arriving meanwhile wait and make bigger batches. */
  maxConcurrentWrites?: number;
  /** Groups held in memory (waiting or being written); past it batches are spilled (or, with no spill, dropped). */
  maxQueued?: number;
  /** The delay before the first retry of a failed write; it doubles with each failure, up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** How long the app's close keeps writing before it spills what is left. */
  closeRetryMs?: number;
}

/** Requests counted since start, by what became of them (the metrics read these). */
export interface CountTotals {
  /** Requests counted. */
  counted: number;
  /** Requests written to the database (replayed ones included). */
  written: number;
  /** Requests in batches whose write failed and was tried again. */
  retried: number;
  /** Requests put in the spill file. */
  spilled: number;
  /** Requests read back from spill files to be written. */
  replayed: number;
  /**
   * Requests in batches the database refused for their content every time, set aside in a file of their
   * own beside the spill files (count-spill.ts), for the operator.
   */
  refused: number;
  /**
   * Requests lost: no room in memory and no spill file to take them, or refused by the database every time
   * with no spill folder to set them aside in.
   */
  dropped: number;
}

export interface CountBatcherStatus {
  /** Requests held in memory, not written yet. */
  queued: number;
  /** Memory holds as many groups as it may: what comes now goes to the spill file (or is dropped). */
  full: boolean;
  /** Why writes fail right now, or null when the last write succeeded. */
  failing: string | null;
  /**
   * Why the spill file could not be written, while batches it could not take are held in memory only;
   * null once a spill succeeds or they are all written.
   */
  spillFailing: string | null;
}

export interface CountBatcher<G extends CountedGroup> {
  /** Counts one more request in the group under `key`; false when there is no such group yet. */
  increment(key: string): boolean;
  /** Starts the group under `key` (with its first request counted in it). */
  add(key: string, group: G): void;
  /** Writes (or, failing that, spills) every waiting group and waits for it (the app's onClose calls it). */
  flush(): Promise<void>;
  status(): CountBatcherStatus;
  readonly totals: Readonly<CountTotals>;
}

/** What health and metrics read of a counter's queue. */
export type CountQueue = Pick<CountBatcher<CountedGroup>, 'status' | 'totals'>;

export interface CountWriter<G> {
  /** What is counted, for the log: "profile views". */
  what: string;
  /**
   * Writes one batch, its id in the same transaction: true, or false when that id was written before (a
   * copy replayed from the spill file). Rejects when it was not written.
   */
  write(batch: CountBatch<G>): Promise<boolean>;
  logger: FastifyBaseLogger;
  /** Where batches go when memory is full; null when their groups must never reach a disk (then dropped). */
  spill: CountSpill<G> | null;
}

/** Tries of a batch the database refuses (not one it cannot be reached for) before it is given up. */
const MAX_REFUSED_ATTEMPTS = 5;

interface Waiting<G> {
  batch: CountBatch<G>;
  requests: number;
  refusals: number;
  /** A copy is in the spill file already (made when its write first failed). */
  copied?: boolean;
  /** Called once the batch is written, given up, or handed to the spill file (a replay waits for it). */
  settled?: () => void;
}

const requestsIn = (groups: CountedGroup[]) => groups.reduce((sum, group) => sum + group.count, 0);

export function createCountBatcher<G extends CountedGroup>(
  writer: CountWriter<G>,
  options: CountBatcherOptions = {},
): CountBatcher<G> {
  const flushDelayMs = options.flushDelayMs ?? 1_000;
  const batchSize = options.batchSize ?? 500;
  const maxConcurrentWrites = options.maxConcurrentWrites ?? 2;
  const maxQueued = options.maxQueued ?? 20_000;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 2_000;
  const closeRetryMs = options.closeRetryMs ?? 3_000;
  const { what, logger, spill } = writer;

  const totals: CountTotals = {
    counted: 0,
    written: 0,
    retried: 0,
    spilled: 0,
    replayed: 0,
    refused: 0,
    dropped: 0,
  };
  let current = new Map<string, G>();
  const waiting: Waiting<G>[] = [];
  /** Groups in `waiting` and being written. */
  let heldGroups = 0;
  let writes = 0;
  let flushTimer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = retryDelayMs;
  let failure: { since: number; reason: string } | null = null;
  let spillFailing: string | null = null;
  const spillAppends = new Set<Promise<void>>();
  let droppedUnlogged = 0;
  let closing = false;
  /** Set while the close spills what is left: nothing more is written. */
  let stopped = false;
  // spill files left by an earlier run are replayed from the start
  let spillToReplay = spill !== null;
  /** The spill's first use since writes last succeeded has been logged. */
  let spillLogged = false;
  let replaying: Promise<void> | null = null;
  let roomFreed: (() => void) | null = null;

  function scheduleFlush(): void {
    if (flushTimer || current.size === 0) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      seal();
    }, flushDelayMs);
    // a pending counter never keeps the process alive on its own
    flushTimer.unref();
  }

  function drop(requests: number): void {
    totals.dropped += requests;
    droppedUnlogged += requests;
  }

  function logDropped(): void {
    if (droppedUnlogged === 0) return;
    logger.error(
      { [what]: droppedUnlogged },
      `${what} lost: no room to keep them until the database answers`,
    );
    droppedUnlogged = 0;
  }

  /** Makes the groups counted so far a batch and hands it on. */
  function seal(): void {
    logDropped();
    if (current.size === 0) return;
    const groups = [...current.values()];
    current = new Map();
    const entry = { batch: { id: randomUUID(), groups }, requests: requestsIn(groups), refusals: 0 };
    // while the database is away, batches go straight to the spill file, where a crash cannot lose them
    if (failure && spill && !closing) spillEntry(entry);
    // a batch larger than the bound is still written when nothing else waits
    else if (heldGroups === 0 || heldGroups + groups.length <= maxQueued) hold(entry);
    else if (spill) spillEntry(entry);
    else drop(entry.requests);
  }

  function hold(entry: Waiting<G>): void {
    waiting.push(entry);
    heldGroups += entry.batch.groups.length;
    pump();
  }

  function spillEntry(entry: Waiting<G>): void {
    if (!spill) return;
    if (!spillLogged && !failure) {
      spillLogged = true;
      logger.warn({ [what]: entry.requests }, `${what} waiting beyond memory: kept in the spill file`);
    }
    const appended = spill.append(entry.batch).then(
      () => {
        entry.settled?.();
        totals.spilled += entry.requests;
        spillToReplay = true;
        if (spillFailing) logger.info(`${what}: the spill file can be written again`);
        spillFailing = null;
        // spilled while the database answers (a burst past memory): written back once there is room
        if (!failure) replayWhenRoom();
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        if (!spillFailing)
          logger.error({ err: error }, `${what}: could not write the spill file (${reason})`);
        spillFailing = reason;
        // kept in memory past its bound rather than lost, up to twice the bound
        if (heldGroups + entry.batch.groups.length <= 2 * maxQueued) hold(entry);
        else drop(entry.requests);
      },
    );
    spillAppends.add(appended);
    void appended.finally(() => spillAppends.delete(appended));
  }

  /**
   * A batch the database refused every time, for what it holds (not because it was away): kept in a file
   * of its own that is never replayed, the log naming it; dropped, and said so, without a spill folder.
   */
  function setAside(entry: Waiting<G>, refusal: unknown): void {
    const given = { err: refusal, [what]: entry.requests };
    const drop = (why: string) => {
      totals.dropped += entry.requests;
      logger.error(given, `${what} refused by the database: given up${why}`);
    };
    if (!spill) return drop('');
    const written = spill.setAside(entry.batch).then(
      (file) => {
        totals.refused += entry.requests;
        logger.error({ ...given, file }, `${what} refused by the database: set aside in ${file}`);
      },
      (error: unknown) => drop(` (the file to set them aside in could not be written: ${String(error)})`),
    );
    spillAppends.add(written);
    void written.finally(() => spillAppends.delete(written));
  }

  /** Starts writes while the database is not known to be away and fewer than the most are running. */
  function pump(): void {
    while (!stopped && !retryTimer && writes < maxConcurrentWrites && waiting.length > 0) {
      const entry = waiting.shift() as Waiting<G>;
      writes += 1;
      writer.write(entry.batch).then(
        (isNew) => written(entry, isNew),
        (error: unknown) => failed(entry, error),
      );
    }
  }

  function release(entry: Waiting<G>): void {
    writes -= 1;
    heldGroups -= entry.batch.groups.length;
    entry.settled?.();
    roomFreed?.();
  }

  function written(entry: Waiting<G>, isNew: boolean): void {
    release(entry);
    if (isNew) totals.written += entry.requests;
    retryDelay = retryDelayMs;
    spillLogged = false;
    if (failure) {
      logger.info({ seconds: (Date.now() - failure.since) / 1000 }, `${what} written again`);
      failure = null;
    }
    // the spill file failed for batches kept in memory instead: once they are all written nothing is at
    // risk, and readiness need not wait for the next spill (which may be days away) to say so
    if (spillFailing && heldGroups === 0) {
      logger.info(`${what}: every batch the spill file could not take is written`);
      spillFailing = null;
    }
    replayWhenRoom();
    if (current.size >= batchSize) seal();
    pump();
  }

  function failed(entry: Waiting<G>, error: unknown): void {
    const unavailable = isDatabaseUnavailable(error);
    if (!unavailable && ++entry.refusals >= MAX_REFUSED_ATTEMPTS) {
      release(entry);
      setAside(entry, error);
      // the database answered: what follows is written without waiting
      failure = null;
      retryDelay = retryDelayMs;
      pump();
      return;
    }
    writes -= 1;
    totals.retried += entry.requests;
    const reason = unavailable
      ? describeDatabaseError(error)
      : error instanceof Error
        ? error.message
        : String(error);
    if (!failure) {
      logger.error(
        { err: error },
        `could not write ${what} (${reason}): kept and retried until the database answers`,
      );
      failure = { since: Date.now(), reason };
      // what waited behind it goes to the spill file, safe from a crash, until the database answers
      if (spill) for (const other of takeWaiting()) spillEntry(other);
    } else {
      failure.reason = reason;
    }
    waiting.unshift(entry);
    // the batch stays in memory to find out when the database answers; a copy in the spill file keeps it
    // through a crash (written twice, it is counted once: its id)
    if (spill && !entry.copied) {
      entry.copied = true;
      spill.append(entry.batch).then(
        () => {
          spillToReplay = true;
          // written before its copy was: the copy (counted once, by its id) must not wait for traffic
          if (!failure) replayWhenRoom();
        },
        () => undefined, // a full disk: said by the spill of the next batch
      );
    }
    if (!retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        pump();
      }, retryDelay);
      if (!closing) retryTimer.unref();
      retryDelay = Math.min(retryDelay * 2, maxRetryDelayMs);
    }
  }

  function replayWhenRoom(): void {
    if (!spill || !spillToReplay || replaying || closing || heldGroups > maxQueued / 2) return;
    spillToReplay = false;
    replaying = replaySpill(spill).then(
      () => {
        replaying = null;
        // a burst past memory while it ran spilled to a file it did not claim, and no more traffic may
        // come to set off the next replay
        replayWhenRoom();
      },
      (error: unknown) => {
        replaying = null;
        logger.error({ err: error }, `${what}: could not read the spill file back; it is kept`);
        spillToReplay = true;
      },
    );
  }

  /** Writes every closed spill segment's batches (held in memory as live ones are), then deletes it. */
  async function replaySpill(from: CountSpill<G>): Promise<void> {
    for (const segment of await from.claimSegments()) {
      const settled: Promise<void>[] = [];
      let interrupted = false;
      for await (const batch of segment.batches()) {
        while (!closing && heldGroups > maxQueued / 2) {
          await new Promise<void>((resolve) => (roomFreed = resolve));
          roomFreed = null;
        }
        if (closing) {
          interrupted = true;
          break;
        }
        const requests = requestsIn(batch.groups);
        totals.replayed += requests;
        settled.push(new Promise((resolve) => hold({ batch, requests, refusals: 0, settled: resolve })));
      }
      await Promise.all(settled);
      if (interrupted) {
        spillToReplay = true;
        await segment.release();
        return;
      }
      if (segment.unreadable > 0) {
        logger.error(
          { file: segment.path, lines: segment.unreadable },
          `${what}: unreadable spill lines skipped`,
        );
      }
      await segment.remove();
    }
  }

  async function flush(): Promise<void> {
    closing = true;
    roomFreed?.();
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    seal();
    retryTimer?.ref();
    const deadline = Date.now() + closeRetryMs;
    while (waiting.length > 0 || writes > 0) {
      if (Date.now() >= deadline && writes === 0) break;
      pump();
      await sleep(10);
    }
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    for (const entry of takeWaiting()) {
      if (spill && !entry.copied) spillEntry(entry);
      else if (spill) totals.spilled += entry.requests;
      else drop(entry.requests);
      entry.settled?.();
    }
    await Promise.all(spillAppends);
    // whatever the spill file could not take is lost: the log says how much
    for (const entry of takeWaiting()) drop(entry.requests);
    logDropped();
    await replaying;
    await spill?.close();
    // counting after a flush goes on as before (tests flush between steps)
    stopped = false;
    closing = false;
  }

  function takeWaiting(): Waiting<G>[] {
    const taken = waiting.splice(0);
    for (const entry of taken) heldGroups -= entry.batch.groups.length;
    return taken;
  }

  replayWhenRoom();

  return {
    increment(key) {
      const group = current.get(key);
      if (!group) return false;
      group.count += 1;
      totals.counted += 1;
      return true;
    },
    add(key, group) {
      current.set(key, group);
      totals.counted += group.count;
      if (current.size >= batchSize) seal();
      else scheduleFlush();
    },
    flush,
    status() {
      const inMemory = waiting.reduce((sum, entry) => sum + entry.requests, 0);
      const counting = [...current.values()];
      return {
        queued: inMemory + requestsIn(counting),
        full: heldGroups >= maxQueued,
        failing: failure?.reason ?? null,
        spillFailing,
      };
    },
    totals,
  };
}
