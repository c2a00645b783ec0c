// A bounded in-process cache: the least recently used entry goes first when it is full, and every entry
// expires after a time to live (the safety net should a change notice ever be missed).

export interface Lru<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

export function createLru<K, V>(options: {
  maxEntries: number;
  ttlMs: number;
  /** Told about every entry that leaves the cache (evicted, expired, replaced, deleted or cleared). */
  onRemove?: (key: K, value: V) => void;
  now?: () => number;
}): Lru<K, V> {
  const { maxEntries, ttlMs, onRemove } = options;
  const now = options.now ?? Date.now;
  // a Map iterates in insertion order: re-inserting on read keeps the least recently used first
  const entries = new Map<K, { value: V; expiresAt: number }>();
  // the most recently used key is already last: a busy card read thousands of times a second is not
  // moved (a Map that deletes and re-adds a key on every read keeps rehashing)
  let newest: K | undefined;

  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    onRemove?.(key, entry.value);
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      if (key !== newest) {
        entries.delete(key);
        entries.set(key, entry);
        newest = key;
      }
      return entry.value;
    },
    set(key, value) {
      remove(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      newest = key;
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
    },
    delete: remove,
    clear() {
      for (const key of [...entries.keys()]) remove(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * `answer` with its answers kept for a day per input, for values that many requests share (user agents,
 * Accept-Language): a pattern or parser then runs once per distinct value, not once per request.
 */
export function rememberAnswers<T>(answer: (input: string) => T, maxEntries: number): (input: string) => T {
  const answers = createLru<string, { value: T }>({ maxEntries, ttlMs: 24 * 60 * 60 * 1000 });
  return (input) => {
    let remembered = answers.get(input);
    if (!remembered) {
      remembered = { value: answer(input) };
      answers.set(input, remembered);
    }
    return remembered.value;
  };
}
