import type { ChangeBus, ChangeTopic } from './changes.ts';
import { createLru } from './lru.ts';

// An in-process cache of values that belong to one user each (a public profile, a short link), for
// pages and redirects answered thousands of times a second. An owner's change notice on one of the
// cache's topics (from this or any other process) drops all their entries; a reset of the change bus
// (notices may have been missed) drops everything; and every entry expires after its time to live in any
// case, so a change that nobody announced shows soon.

export interface OwnerCache<V> {
  /** The value under a key, loading it on a miss; concurrent misses share one load. Null is not kept. */
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** The value under a key if it is cached now, without waiting for anything. */
  peek(key: string): V | undefined;
  /** Stops listening to change notices. */
  close(): void;
}

export interface OwnerCacheOptions<V> {
  /** The change topics that make an owner's entries stale. */
  topics: readonly ChangeTopic[];
  /** The user a value belongs to. */
  ownerOf(value: V): string;
  maxEntries: number;
  ttlMs: number;
}

export function createOwnerCache<V>(changes: ChangeBus, options: OwnerCacheOptions<V>): OwnerCache<V> {
  const { topics, ownerOf } = options;
  // which keys hold each owner's values, to drop them all on that owner's change notice
  const keysOfOwner = new Map<string, Set<string>>();
  const entries = createLru<string, V>({
    maxEntries: options.maxEntries,
    ttlMs: options.ttlMs,
    onRemove(key, value) {
      const owner = ownerOf(value);
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
    if (!topics.includes(change.topic)) return;
    forget();
    for (const key of [...(keysOfOwner.get(change.userId) ?? [])]) entries.delete(key);
  });
  const stopResets = changes.onReset(() => {
    forget();
    entries.clear();
  });

  async function load(key: string, read: () => Promise<V | null>): Promise<V | null> {
    const startedAt = generation;
    const value = await read();
    // unknown keys are not kept: a later sign-up or new link may take them
    if (value === null || generation !== startedAt) return value;
    entries.set(key, value);
    const owner = ownerOf(value);
    const keys = keysOfOwner.get(owner) ?? new Set<string>();
    keys.add(key);
    keysOfOwner.set(owner, keys);
    return value;
  }

  return {
    get(key, read) {
      const cached = entries.get(key);
      if (cached !== undefined) return Promise.resolve(cached);
      let pending = loading.get(key);
      if (!pending) {
        pending = load(key, read).finally(() => {
          if (loading.get(key) === pending) loading.delete(key);
        });
        loading.set(key, pending);
      }
      return pending;
    },
    peek(key) {
      return entries.get(key);
    },
    close() {
      stopChanges();
      stopResets();
    },
  };
}
