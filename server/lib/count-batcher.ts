// Counting without slowing the answer (ARCHITECTURE.md "Public pages are fast and safe"): profile views
// and short-link hits are counted in memory, in groups of what one database row will hold (the views of a
// card in one second, say), and written together shortly after, by one statement per batch however many
// requests it counts. A batch is written within `flushDelayMs`, or at once when `batchSize` groups are
// waiting; the app's close writes what is left. A process that dies loses at most what was waiting.

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
  /** Groups kept while the database is slow or away; requests beyond them are dropped (and logged). */
  maxQueued?: number;
}

export interface CountBatcher<G extends CountedGroup> {
  /** Counts one more request in the group under `key`; false when there is no such group yet. */
  increment(key: string): boolean;
  /** Starts the group under `key` (with its first request counted in it), unless the queue is full. */
  add(key: string, group: G): void;
  /** Writes every waiting group now and waits for the writes (the app's onClose calls it). */
  flush(): Promise<void>;
}

/**
 * `write` stores one batch and never rejects (it logs its own failure: the answers were sent long ago
 * and must never fail because of their counters); `onDropped` hears how many requests a full queue has
 * dropped since it last heard.
 */
export function createCountBatcher<G extends CountedGroup>(
  write: (groups: G[]) => Promise<void>,
  onDropped: (count: number) => void,
  options: CountBatcherOptions = {},
): CountBatcher<G> {
  const flushDelayMs = options.flushDelayMs ?? 1_000;
  const batchSize = options.batchSize ?? 500;
  const maxConcurrentWrites = options.maxConcurrentWrites ?? 2;
  const maxQueued = options.maxQueued ?? 50_000;
  let queue = new Map<string, G>();
  const writing = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let dropped = 0;

  function schedule(): void {
    if (timer || queue.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      startWrite();
    }, flushDelayMs);
    // a pending counter never keeps the process alive on its own
    timer.unref();
  }

  /** Writes everything queued, unless enough writes are running already. */
  function startWrite(): void {
    if (dropped > 0) {
      onDropped(dropped);
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
    increment(key) {
      const group = queue.get(key);
      if (!group) return false;
      group.count += 1;
      return true;
    },
    add(key, group) {
      if (queue.size >= maxQueued) {
        dropped += group.count;
        return;
      }
      queue.set(key, group);
      if (queue.size >= batchSize) startWrite();
      else schedule();
    },
    flush,
  };
}
