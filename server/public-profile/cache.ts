import type { ChangeBus } from '../lib/changes.ts';
import { createLru } from './lru.ts';
import type { RenderedPage } from './responses.ts';
import type { PublicProfile } from './service.ts';

// The public pages' in-process cache: a profile as loaded from the database, and what was made from it
// (rendered HTML per page and language, the .vcf text), under the name it was looked up by. An owner's
// change notice (topic 'cards' or 'links', from this or any other process) drops all their entries; a
// reset of the change bus (notices may have been missed) drops everything; and every entry expires after
// a minute in any case, so a profile change that nobody announced (a plan that ends, say) shows soon.

/** The .vcf download as sent. */
export interface VcfFile {
  body: Buffer;
  contentDisposition: string;
}

/**
 * A profile and what was made from it. Kept as promises, so the requests that arrive together while one
 * is being made share it instead of each making their own.
 */
export interface CachedProfile {
  readonly profile: PublicProfile;
  /** By page path and language. */
  readonly pages: Map<string, Promise<RenderedPage>>;
  /** The pages of `pages` that are made, for the synchronous fast path of a warm cache. */
  readonly readyPages: Map<string, RenderedPage>;
  vcf?: Promise<VcfFile>;
}

export interface ProfileCache {
  /** The profile under a lookup key ("username:…" or "vcard:…"); concurrent misses share one load. */
  get(key: string, load: () => Promise<PublicProfile | null>): Promise<CachedProfile | null>;
  /** The profile under a lookup key if it is cached now, without waiting for anything. */
  peek(key: string): CachedProfile | undefined;
  /** Stops listening to change notices. */
  close(): void;
}

export const PROFILE_CACHE_MAX_ENTRIES = 5_000;
export const PROFILE_CACHE_TTL_MS = 60_000;

export function createProfileCache(
  changes: ChangeBus,
  options: { maxEntries?: number; ttlMs?: number } = {},
): ProfileCache {
  // which keys hold each owner's profile, to drop them all on that owner's change notice
  const keysOfUser = new Map<string, Set<string>>();
  const entries = createLru<string, CachedProfile>({
    maxEntries: options.maxEntries ?? PROFILE_CACHE_MAX_ENTRIES,
    ttlMs: options.ttlMs ?? PROFILE_CACHE_TTL_MS,
    onRemove(key, entry) {
      const keys = keysOfUser.get(entry.profile.userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOfUser.delete(entry.profile.userId);
    },
  });
  const loading = new Map<string, Promise<CachedProfile | null>>();
  // Bumped by every invalidation: a load that started before one may have read old rows, so its result
  // serves the request that asked but is not kept.
  let generation = 0;

  const forget = () => {
    generation += 1;
    loading.clear();
  };

  const stopChanges = changes.subscribe((change) => {
    if (change.topic !== 'cards' && change.topic !== 'links') return;
    forget();
    for (const key of [...(keysOfUser.get(change.userId) ?? [])]) entries.delete(key);
  });
  const stopResets = changes.onReset(() => {
    forget();
    entries.clear();
  });

  async function load(key: string, read: () => Promise<PublicProfile | null>): Promise<CachedProfile | null> {
    const startedAt = generation;
    const profile = await read();
    if (!profile) return null; // unknown names are not kept: a later sign-up may take them
    const entry: CachedProfile = { profile, pages: new Map(), readyPages: new Map() };
    if (generation === startedAt) {
      entries.set(key, entry);
      const keys = keysOfUser.get(profile.userId) ?? new Set<string>();
      keys.add(key);
      keysOfUser.set(profile.userId, keys);
    }
    return entry;
  }

  return {
    get(key, read) {
      const cached = entries.get(key);
      if (cached) return Promise.resolve(cached);
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
