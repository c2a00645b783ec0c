import type { ChangeBus } from '../lib/changes.ts';
import { createOwnerCache } from '../lib/owner-cache.ts';
import type { RenderedPage } from './responses.ts';
import type { PublicProfile } from './service.ts';

// The public pages' in-process cache: a profile as loaded from the database, and what was made from it
// (rendered HTML per page and language, the .vcf text), under the name it was looked up by. An owner cache
// (server/lib/owner-cache.ts): an owner's 'cards' or 'links' notice drops their entries, and every entry
// expires after a minute in any case, so a profile change that nobody announced (a plan that ends, say)
// shows soon.

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
  const cache = createOwnerCache<CachedProfile>(changes, {
    topics: ['cards', 'links'],
    ownerOf: (entry) => entry.profile.userId,
    maxEntries: options.maxEntries ?? PROFILE_CACHE_MAX_ENTRIES,
    ttlMs: options.ttlMs ?? PROFILE_CACHE_TTL_MS,
  });
  return {
    get(key, read) {
      return cache.get(key, async () => {
        const profile = await read();
        return profile && { profile, pages: new Map(), readyPages: new Map() };
      });
    },
    peek: cache.peek,
    close: cache.close,
  };
}
