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

/**
 * A counter's queue, as createCountBatcher makes it: the groups counted now (`current`), the batches waiting
 * to be written or being written, and the spill file beyond memory.
 */
class BatchingCounter<G extends CountedGroup> implements CountBatcher<G> {
  readonly totals: CountTotals = {
    counted: 0,
    written: 0,
    retried: 0,
    spilled: 0,
    replayed: 0,
    refused: 0,
    dropped: 0,
  };
  private readonly flushDelayMs: number;
  private readonly batchSize: number;
  private readonly maxConcurrentWrites: number;
  private readonly maxQueued: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly closeRetryMs: number;
  private readonly what: string;
  private readonly logger: FastifyBaseLogger;
  private readonly spill: CountSpill<G> | null;
  private current = new Map<string, G>();
  private readonly waiting: Waiting<G>[] = [];
  /** Groups in `waiting` and being written. */
  private heldGroups = 0;
  private writes = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay: number;
  private failure: { since: number; reason: string } | null = null;
  private spillFailing: string | null = null;
  private readonly spillAppends = new Set<Promise<void>>();
  private droppedUnlogged = 0;
  private closing = false;
  /** Set while the close spills what is left: nothing more is written. */
  private stopped = false;
  // spill files left by an earlier run are replayed from the start
  private spillToReplay: boolean;
  /** The spill's first use since writes last succeeded has been logged. */
  private spillLogged = false;
  private replaying: Promise<void> | null = null;
  private roomFreed: (() => void) | null = null;

  constructor(
    private readonly writer: CountWriter<G>,
    options: CountBatcherOptions,
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 1_000;
    this.batchSize = options.batchSize ?? 500;
    this.maxConcurrentWrites = options.maxConcurrentWrites ?? 2;
    this.maxQueued = options.maxQueued ?? 20_000;
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 2_000;
    this.closeRetryMs = options.closeRetryMs ?? 3_000;
    this.retryDelay = this.retryDelayMs;
    this.what = writer.what;
    this.logger = writer.logger;
    this.spill = writer.spill;
    this.spillToReplay = writer.spill !== null;
  }

  increment(key: string): boolean {
    const group = this.current.get(key);
    if (!group) return false;
    group.count += 1;
    this.totals.counted += 1;
    return true;
  }

  add(key: string, group: G): void {
    this.current.set(key, group);
    this.totals.counted += group.count;
    if (this.current.size >= this.batchSize) this.seal();
    else this.scheduleFlush();
  }

  status(): CountBatcherStatus {
    const inMemory = this.waiting.reduce((sum, entry) => sum + entry.requests, 0);
    const counting = [...this.current.values()];
    return {
      queued: inMemory + requestsIn(counting),
      full: this.heldGroups >= this.maxQueued,
      failing: this.failure?.reason ?? null,
      spillFailing: this.spillFailing,
    };
  }

  private scheduleFlush(): void {
    if (this.flushTimer || this.current.size === 0) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.seal();
    }, this.flushDelayMs);
    // a pending counter never keeps the process alive on its own
    this.flushTimer.unref();
  }

  private drop(requests: number): void {
    this.totals.dropped += requests;
    this.droppedUnlogged += requests;
  }

  private logDropped(): void {
    if (this.droppedUnlogged === 0) return;
    this.logger.error(
      { [this.what]: this.droppedUnlogged },
      `${this.what} lost: no room to keep them until the database answers`,
    );
    this.droppedUnlogged = 0;
  }

  /** Makes the groups counted so far a batch and hands it on. */
  private seal(): void {
    this.logDropped();
    if (this.current.size === 0) return;
    const groups = [...this.current.values()];
    this.current = new Map();
    const entry = { batch: { id: randomUUID(), groups }, requests: requestsIn(groups), refusals: 0 };
    // while the database is away, batches go straight to the spill file, where a crash cannot lose them
    if (this.failure && this.spill && !this.closing) this.spillEntry(entry);
    // a batch larger than the bound is still written when nothing else waits
    else if (this.heldGroups === 0 || this.heldGroups + groups.length <= this.maxQueued) this.hold(entry);
    else if (this.spill) this.spillEntry(entry);
    else this.drop(entry.requests);
  }

  private hold(entry: Waiting<G>): void {
    this.waiting.push(entry);
    this.heldGroups += entry.batch.groups.length;
    this.pump();
  }

  private spillEntry(entry: Waiting<G>): void {
    const { spill, what, logger } = this;
    if (!spill) return;
    if (!this.spillLogged && !this.failure) {
      this.spillLogged = true;
      logger.warn({ [what]: entry.requests }, `${what} waiting beyond memory: kept in the spill file`);
    }
    const appended = spill.append(entry.batch).then(
      () => {
        entry.settled?.();
        this.totals.spilled += entry.requests;
        this.spillToReplay = true;
        if (this.spillFailing) logger.info(`${what}: the spill file can be written again`);
        this.spillFailing = null;
        // spilled while the database answers (a burst past memory): written back once there is room
        if (!this.failure) this.replayWhenRoom();
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        if (!this.spillFailing)
          logger.error({ err: error }, `${what}: could not write the spill file (${reason})`);
        this.spillFailing = reason;
        // kept in memory past its bound rather than lost, up to twice the bound
        if (this.heldGroups + entry.batch.groups.length <= 2 * this.maxQueued) this.hold(entry);
        else this.drop(entry.requests);
      },
    );
    this.trackSpillWrite(appended);
  }

  /** A write to the spill folder that the close waits for. */
  private trackSpillWrite(write: Promise<void>): void {
    this.spillAppends.add(write);
    void write.finally(() => this.spillAppends.delete(write));
  }

  /**
   * A batch the database refused every time, for what it holds (not because it was away): kept in a file
   * of its own that is never replayed, the log naming it; dropped, and said so, without a spill folder.
   */
  private setAside(entry: Waiting<G>, refusal: unknown): void {
    const { spill, what, logger } = this;
    const given = { err: refusal, [what]: entry.requests };
    const giveUp = (why: string) => {
      this.totals.dropped += entry.requests;
      logger.error(given, `${what} refused by the database: given up${why}`);
    };
    if (!spill) return giveUp('');
    this.trackSpillWrite(
      spill.setAside(entry.batch).then(
        (file) => {
          this.totals.refused += entry.requests;
          logger.error({ ...given, file }, `${what} refused by the database: set aside in ${file}`);
        },
        (error: unknown) => giveUp(` (the file to set them aside in could not be written: ${String(error)})`),
      ),
    );
  }

  /** Starts writes while the database is not known to be away and fewer than the most are running. */
  private pump(): void {
    while (
      !this.stopped &&
      !this.retryTimer &&
      this.writes < this.maxConcurrentWrites &&
      this.waiting.length > 0
    ) {
      const entry = this.waiting.shift() as Waiting<G>;
      this.writes += 1;
      this.writer.write(entry.batch).then(
        (isNew) => this.written(entry, isNew),
        (error: unknown) => this.failed(entry, error),
      );
    }
  }

  private release(entry: Waiting<G>): void {
    this.writes -= 1;
    this.heldGroups -= entry.batch.groups.length;
    entry.settled?.();
    this.roomFreed?.();
  }

  private written(entry: Waiting<G>, isNew: boolean): void {
    this.release(entry);
    if (isNew) this.totals.written += entry.requests;
    this.retryDelay = this.retryDelayMs;
    this.spillLogged = false;
    if (this.failure) {
      this.logger.info({ seconds: (Date.now() - this.failure.since) / 1000 }, `${this.what} written again`);
      this.failure = null;
    }
    // the spill file failed for batches kept in memory instead: once they are all written nothing is at
    // risk, and readiness need not wait for the next spill (which may be days away) to say so
    if (this.spillFailing && this.heldGroups === 0) {
      this.logger.info(`${this.what}: every batch the spill file could not take is written`);
      this.spillFailing = null;
    }
    this.replayWhenRoom();
    if (this.current.size >= this.batchSize) this.seal();
    this.pump();
  }

  private failed(entry: Waiting<G>, error: unknown): void {
    const unavailable = isDatabaseUnavailable(error);
    if (!unavailable && ++entry.refusals >= MAX_REFUSED_ATTEMPTS) {
      this.release(entry);
      this.setAside(entry, error);
      // the database answered: what follows is written without waiting
      this.failure = null;
      this.retryDelay = this.retryDelayMs;
      this.pump();
      return;
    }
    this.writes -= 1;
    this.totals.retried += entry.requests;
    const reason = unavailable
      ? describeDatabaseError(error)
      : error instanceof Error
        ? error.message
        : String(error);
    if (!this.failure) {
      this.logger.error(
        { err: error },
        `could not write ${this.what} (${reason}): kept and retried until the database answers`,
      );
      this.failure = { since: Date.now(), reason };
      // what waited behind it goes to the spill file, safe from a crash, until the database answers
      if (this.spill) for (const other of this.takeWaiting()) this.spillEntry(other);
    } else {
      this.failure.reason = reason;
    }
    this.waiting.unshift(entry);
    this.copyToSpill(entry);
    this.retryLater();
  }

  /**
   * A batch whose write failed stays in memory to find out when the database answers; a copy in the spill
   * file keeps it through a crash (written twice, it is counted once: its id).
   */
  private copyToSpill(entry: Waiting<G>): void {
    if (!this.spill || entry.copied) return;
    entry.copied = true;
    this.spill.append(entry.batch).then(
      () => {
        this.spillToReplay = true;
        // written before its copy was: the copy (counted once, by its id) must not wait for traffic
        if (!this.failure) this.replayWhenRoom();
      },
      () => undefined, // a full disk: said by the spill of the next batch
    );
  }

  /** The next try of the waiting batches, after a delay that doubles with each failure. */
  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.pump();
    }, this.retryDelay);
    if (!this.closing) this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, this.maxRetryDelayMs);
  }

  replayWhenRoom(): void {
    const { spill } = this;
    if (!spill || !this.spillToReplay || this.replaying || this.closing) return;
    if (this.heldGroups > this.maxQueued / 2) return;
    this.spillToReplay = false;
    this.replaying = this.replaySpill(spill).then(
      () => {
        this.replaying = null;
        // a burst past memory while it ran spilled to a file it did not claim, and no more traffic may
        // come to set off the next replay
        this.replayWhenRoom();
      },
      (error: unknown) => {
        this.replaying = null;
        this.logger.error({ err: error }, `${this.what}: could not read the spill file back; it is kept`);
        this.spillToReplay = true;
      },
    );
  }

  /** Writes every closed spill segment's batches (held in memory as live ones are), then deletes it. */
  private async replaySpill(from: CountSpill<G>): Promise<void> {
    for (const segment of await from.claimSegments()) {
      const settled: Promise<void>[] = [];
      let interrupted = false;
      for await (const batch of segment.batches()) {
        while (!this.closing && this.heldGroups > this.maxQueued / 2) {
          await new Promise<void>((resolve) => (this.roomFreed = resolve));
          this.roomFreed = null;
        }
        if (this.closing) {
          interrupted = true;
          break;
        }
        const requests = requestsIn(batch.groups);
        this.totals.replayed += requests;
        settled.push(new Promise((resolve) => this.hold({ batch, requests, refusals: 0, settled: resolve })));
      }
      await Promise.all(settled);
      if (interrupted) {
        this.spillToReplay = true;
        await segment.release();
        return;
      }
      if (segment.unreadable > 0) {
        this.logger.error(
          { file: segment.path, lines: segment.unreadable },
          `${this.what}: unreadable spill lines skipped`,
        );
      }
      await segment.remove();
    }
  }

  /** A property, not a method: callers hand it on by itself (`flush: batcher.flush`). */
  readonly flush = async (): Promise<void> => {
    this.closing = true;
    this.roomFreed?.();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.seal();
    this.retryTimer?.ref();
    const deadline = Date.now() + this.closeRetryMs;
    while (this.waiting.length > 0 || this.writes > 0) {
      if (Date.now() >= deadline && this.writes === 0) break;
      this.pump();
      await sleep(10);
    }
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const entry of this.takeWaiting()) {
      if (this.spill && !entry.copied) this.spillEntry(entry);
      else if (this.spill) this.totals.spilled += entry.requests;
      else this.drop(entry.requests);
      entry.settled?.();
    }
    await Promise.all(this.spillAppends);
    // whatever the spill file could not take is lost: the log says how much
    for (const entry of this.takeWaiting()) this.drop(entry.requests);
    this.logDropped();
    await this.replaying;
    await this.spill?.close();
    // counting after a flush goes on as before (tests flush between steps)
    this.stopped = false;
    this.closing = false;
  };

  private takeWaiting(): Waiting<G>[] {
    const taken = this.waiting.splice(0);
    for (const entry of taken) this.heldGroups -= entry.batch.groups.length;
    return taken;
  }
}

export function createCountBatcher<G extends CountedGroup>(
  writer: CountWriter<G>,
  options: CountBatcherOptions = {},
): CountBatcher<G> {
  const batcher = new BatchingCounter(writer, options);
  batcher.replayWhenRoom();
  return batcher;
}
