import { LRUCache } from 'lru-cache';

// The process's in-memory caches, on lru-cache: the least recently used entry goes first when a cache is
// full. The caches of bytes (pages, short links, QR codes, pictures) are bounded by an estimate of the
// bytes they hold, and each counts its hits, misses and evictions for the metrics; the small caches of
// answers (rememberAnswers) are bounded by their number of entries.

/**
 * How the cache budget (CACHE_MB) is split: a cached card takes about 7 kB (the profile, and each page
 * made from it as its gzip bytes), a short link about 1 kB, and links are followed more often than pages
 * are opened: with 64 MB, about 6 700 cards and 14 000 links.
 */
export const CACHE_BUDGET_SHARES = { pages: 3 / 4, links: 1 / 4 } as const;

/** Bytes an entry costs beyond what its value holds: its key, lru-cache's slots and the value's object. */
export const ENTRY_OVERHEAD_BYTES = 200;

/** What a named cache has done since the process started, and holds now. Plain numbers: cheap to keep. */
export interface CacheStats {
  name: string;
  /** Lookups answered from memory. */
  hits: number;
  /** Lookups that had to load or make their value. */
  misses: number;
  /** Entries pushed out to stay within the budget (not those expired, replaced or dropped by a change). */
  evictions: number;
  entries: number;
  /** The estimated bytes held, at most maxBytes. */
  bytes: number;
  maxBytes: number;
}

export interface NamedCache {
  readonly name: string;
  stats(): CacheStats;
}

/** Counters a cache increments on its paths; stats() adds what it holds. */
export interface CacheCounters {
  hits: number;
  misses: number;
  evictions: number;
}

const caches = new Set<NamedCache>();

/**
 * Makes a cache's figures part of cacheStats() until the returned function is called (the caches of an
 * app stop counting when it closes; a test process may hold several apps, each with its own).
 */
export function registerCache(cache: NamedCache): () => void {
  caches.add(cache);
  return () => caches.delete(cache);
}

/** Every cache of this process now (several apps in one process each add theirs). */
export function registeredCaches(): NamedCache[] {
  return [...caches];
}

/** The figures of every cache of this process, for the metrics. */
export function cacheStats(): CacheStats[] {
  return registeredCaches().map((cache) => cache.stats());
}

/** Bytes of a string as UTF-8 (what a Buffer of it holds; a close enough estimate of its size in memory). */
export function stringBytes(value: string): number {
  return Buffer.byteLength(value);
}

/** A cache of values made from their key alone (a QR code, a picture): they never go stale. */
export interface ByteCache<V> extends NamedCache {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function createByteCache<V extends object | string>(
  name: string,
  options: { maxBytes: number; sizeOf: (value: V) => number },
): ByteCache<V> {
  const counters: CacheCounters = { hits: 0, misses: 0, evictions: 0 };
  const entries = new LRUCache<string, V>({
    maxSize: options.maxBytes,
    sizeCalculation: (value, key) => options.sizeOf(value) + stringBytes(key) + ENTRY_OVERHEAD_BYTES,
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') counters.evictions += 1;
    },
  });
  const cache: ByteCache<V> = {
    name,
    get(key) {
      const value = entries.get(key);
      if (value === undefined) counters.misses += 1;
      else counters.hits += 1;
      return value;
    },
    set(key, value) {
      entries.set(key, value);
    },
    stats: () => lruStats(name, entries, counters),
  };
  registerCache(cache);
  return cache;
}

/** A cache's counters with what it holds now. */
export function lruStats<V extends object | string>(
  name: string,
  entries: LRUCache<string, V>,
  counters: CacheCounters,
): CacheStats {
  return {
    name,
    ...counters,
    entries: entries.size,
    bytes: entries.calculatedSize,
    maxBytes: entries.maxSize,
  };
}

/**
 * `answer` with its answers kept per input, for values that many requests share (user agents,
 * Accept-Language): a pattern or parser then runs once per distinct value, not once per request. The
 * answers of a pure function never go stale: only the number kept is bounded.
 */
export function rememberAnswers<T>(answer: (input: string) => T, maxEntries: number): (input: string) => T {
  const answers = new LRUCache<string, { value: T }>({ max: maxEntries });
  return (input) => {
    let remembered = answers.get(input);
    if (!remembered) {
      remembered = { value: answer(input) };
      answers.set(input, remembered);
    }
    return remembered.value;
  };
}
