import { LRUCache } from 'lru-cache';
import {
  ENTRY_OVERHEAD_BYTES,
  lruStats,
  registerCache,
  stringBytes,
  type CacheCounters,
  type NamedCache,
} from './cache.ts';
import type { ChangeBus, ChangeTopic } from './changes.ts';

// An in-process cache of values that belong to one user each (a public profile, a short link), for
// pages and redirects answered thousands of times a second, bounded by an estimate of the bytes it holds.
// An owner's change notice on one of the cache's topics (from this or any other process) drops all their
// entries; a reset of the change bus (notices may have been missed, and the bus listens again) drops
// everything; and every entry expires after its time to live in any case, so a change that nobody
// announced shows soon. While the bus is not connected, another process's change would go unheard: an
// entry older than maxStaleMs is then read again before it is served (or served as it is, should the
// database not answer).

export interface OwnerCache<V> extends NamedCache {
  /** The value under a key, loading it on a miss; concurrent misses share one load. Null is not kept. */
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** The value under a key if it is cached now, without waiting for anything. */
  peek(key: string): V | undefined;
  /** Counts the bytes of the value under `key` again, if `value` is still what is there (it has grown). */
  resize(key: string, value: V): void;
  /** Stops listening to change notices and leaves the process's cache figures. */
  close(): void;
}

export interface OwnerCacheOptions<V> {
  /** The name in the cache figures (server/lib/cache.ts). */
  name: string;
  /** The change topics that make an owner's entries stale. */
  topics: readonly ChangeTopic[];
  /** The user a value belongs to. */
  ownerOf(value: V): string;
  maxBytes: number;
  /** An estimate of the bytes a value holds (its key and the entry's own overhead are added). */
  sizeOf(value: V): number;
  ttlMs: number;
  /** While the change bus is not connected, entries older than this are read again before they are served. */
  maxStaleMs: number;
  /**
   * The moment (milliseconds since 1970, the wall clock) from which a value is wrong with no notice to say
   * so (a paid plan that ends): it is read again instead of being served from then on.
   */
  validUntil?(value: V): number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

interface Stored<V> {
  readonly value: V;
  /** When it was read (or last found unreadable, and kept): the age the stale cap is measured from. */
  readonly storedAt: number;
}

export function createOwnerCache<V>(changes: ChangeBus, options: OwnerCacheOptions<V>): OwnerCache<V> {
  const { name, topics, ownerOf, sizeOf, maxStaleMs } = options;
  const now = options.now ?? (() => performance.now());
  const counters: CacheCounters = { hits: 0, misses: 0, evictions: 0 };
  // which keys hold each owner's values, to drop them all on that owner's change notice
  const keysOfOwner = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Stored<V>>({
    maxSize: options.maxBytes,
    sizeCalculation: (stored, key) => sizeOf(stored.value) + stringBytes(key) + ENTRY_OVERHEAD_BYTES,
    ttl: options.ttlMs,
    perf: { now },
    // told about every entry that leaves (evicted, expired, replaced, deleted or cleared); a replaced
    // one's key is added again to its new owner's keys by whoever replaced it (keep)
    dispose(stored, key, reason) {
      if (reason === 'evict') counters.evictions += 1;
      const owner = ownerOf(stored.value);
      const keys = keysOfOwner.get(owner);
      keys?.delete(key);
      if (keys?.size === 0) keysOfOwner.delete(owner);
    },
  });
  const loading = new Map<string, Promise<V | null>>();
  // Bumped by every invalidation: a load that started before one may have read old rows, so its result
  // serves the requests that asked but is not kept.
  let generation = 0;

  const forget = () => {
    generation += 1;
    loading.clear();
  };

  const stopChanges = changes.subscribe((change) => {
    forget();
    for (const key of [...(keysOfOwner.get(change.userId) ?? [])]) entries.delete(key);
  }, topics);
  const stopResets = changes.onReset(() => {
    forget();
    entries.clear();
  });

  const validUntil = options.validUntil ?? (() => Infinity);
  /**
   * Whether an entry may be served as it is: until it becomes wrong by the clock, and then always while
   * every change is heard, else while young.
   */
  const servable = (stored: Stored<V>) =>
    Date.now() < validUntil(stored.value) && (changes.connected || now() - stored.storedAt <= maxStaleMs);

  /** Keeps a value; `renewTtl` false leaves its time to live running from when it was first kept. */
  function keep(key: string, value: V, storedAt: number, renewTtl = true) {
    entries.set(key, { value, storedAt }, { noUpdateTTL: !renewTtl });
    // an entry larger than the whole budget is not kept
    if (!entries.has(key)) return;
    const owner = ownerOf(value);
    const keys = keysOfOwner.get(owner) ?? new Set<string>();
    keys.add(key);
    keysOfOwner.set(owner, keys);
  }

  /** Reads a key's value and keeps it; `stale`: what the key holds but may not serve any more. */
  async function load(key: string, read: () => Promise<V | null>, stale?: Stored<V>): Promise<V | null> {
    const startedAt = generation;
    let value: V | null;
    try {
      value = await read();
    } catch (error) {
      // no copy, or it was dropped meanwhile (its owner changed, or everything did): nothing to serve
      if (!stale || entries.peek(key) !== stale) throw error;
      // The database does not answer: the copy is served rather than an error, and asked for again
      // only after another maxStaleMs (whoever would change it needs the database too).
      keep(key, stale.value, now());
      return stale.value;
    }
    if (generation !== startedAt) return value;
    // unknown keys are not kept: a later sign-up or new link may take them
    if (value === null) entries.delete(key);
    else keep(key, value, now());
    return value;
  }

  const cache: OwnerCache<V> = {
    name,
    get(key, read) {
      const stored = entries.get(key);
      if (stored !== undefined && servable(stored)) {
        counters.hits += 1;
        return Promise.resolve(stored.value);
      }
      counters.misses += 1;
      let pending = loading.get(key);
      if (!pending) {
        pending = load(key, read, stored).finally(() => {
          if (loading.get(key) === pending) loading.delete(key);
        });
        loading.set(key, pending);
      }
      return pending;
    },
    peek(key) {
      const stored = entries.get(key);
      if (stored === undefined || !servable(stored)) return undefined;
      counters.hits += 1;
      return stored.value;
    },
    resize(key, value) {
      const stored = entries.peek(key);
      // a new object: lru-cache counts a value's size when it is set, and only for another value
      if (stored?.value === value) keep(key, value, stored.storedAt, false);
    },
    stats: () => lruStats(name, entries, counters),
    close() {
      stopChanges();
      stopResets();
      unregister();
    },
  };
  const unregister = registerCache(cache);
  return cache;
}
