import type { Branding } from '../branding/branding.ts';
import type { CacheStats } from '../lib/cache.ts';
import { stringBytes } from '../lib/cache.ts';
import type { ChangeBus } from '../lib/changes.ts';
import { createOwnerCache } from '../lib/owner-cache.ts';
import type { RenderedPage } from './responses.ts';
import type { PublicProfile } from './service.ts';

// The public pages' in-process cache: a profile as loaded from the database, and what was made from it
// (rendered HTML per page and language, the .vcf text), under the name it was looked up by. An owner cache
// (server/lib/owner-cache.ts): an owner's 'cards' or 'links' notice drops their entries, and every entry
// expires after a minute in any case, so a profile change that nobody announced shows soon; an entry whose
// owner's paid plan ends is not served past that moment (the plan in effect's limits and features change). Bounded by bytes: the profile as its JSON, and each page or .vcf made from it as it is sent.

/** The .vcf download as sent. */
export interface VcfFile {
  body: Buffer;
  /** The whole header block of its answer, as name/value pairs for writeHead (as a page's, responses.ts). */
  headers: string[];
}

/**
 * A profile and what was made from it. Kept as promises, so the requests that arrive together while one
 * is being made share it instead of each making their own.
 */
export interface CachedProfile {
  /** The lookup key it is cached under. */
  readonly key: string;
  readonly profile: PublicProfile;
  /** The estimated bytes of `profile`, counted once. */
  readonly profileBytes: number;
  /** The bytes of what was made from it and is kept (pages, the .vcf). */
  madeBytes: number;
  /** By page path and language. */
  readonly pages: Map<string, Promise<RenderedPage>>;
  /** The pages of `pages` that are made, for the synchronous fast path of a warm cache. */
  readonly readyPages: Map<string, RenderedPage>;
  /** The .vcf by the brand it carries (a custom domain's names the customer, server/branding/branding.ts). */
  readonly vcfs: Map<Branding['kind'], Promise<VcfFile>>;
  /** The files of `vcfs` that are made and kept, for the synchronous fast path of a warm cache. */
  readonly readyVcfs: Map<Branding['kind'], VcfFile>;
}

export interface ProfileCache {
  /** The profile under a lookup key ("username:…" or "vcard:…"); concurrent misses share one load. */
  get(key: string, load: () => Promise<PublicProfile | null>): Promise<CachedProfile | null>;
  /** The profile under a lookup key if it is cached now, without waiting for anything. */
  peek(key: string): CachedProfile | undefined;
  /** Counts `bytes` more for an entry that now keeps something made from its profile (a page, the .vcf). */
  made(entry: CachedProfile, bytes: number): void;
  stats(): CacheStats;
  /** Stops listening to change notices. */
  close(): void;
}

export const PROFILE_CACHE_TTL_MS = 60_000;

/**
 * The bytes a rendered page keeps: its gzip body, and about a kilobyte for its header blocks and the maps
 * and promise it is kept in.
 */
export function renderedPageBytes(page: RenderedPage): number {
  return page.gzip.length + 1_024;
}

export function createProfileCache(
  changes: ChangeBus,
  options: { maxBytes: number; maxStaleMs: number; ttlMs?: number },
): ProfileCache {
  const cache = createOwnerCache<CachedProfile>(changes, {
    name: 'pages',
    topics: ['cards', 'links'],
    ownerOf: (entry) => entry.profile.userId,
    maxBytes: options.maxBytes,
    sizeOf: (entry) => entry.profileBytes + entry.madeBytes,
    ttlMs: options.ttlMs ?? PROFILE_CACHE_TTL_MS,
    maxStaleMs: options.maxStaleMs,
    validUntil: (entry) => entry.profile.planUntil,
  });
  return {
    get(key, read) {
      return cache.get(key, async () => {
        const profile = await read();
        if (!profile) return null;
        // its JSON is a fair estimate of what its strings and small objects take in memory
        const profileBytes = stringBytes(JSON.stringify(profile));
        return {
          key,
          profile,
          profileBytes,
          madeBytes: 0,
          pages: new Map(),
          readyPages: new Map(),
          vcfs: new Map(),
          readyVcfs: new Map(),
        };
      });
    },
    peek: cache.peek,
    made(entry, bytes) {
      entry.madeBytes += bytes;
      cache.resize(entry.key, entry);
    },
    stats: cache.stats,
    close: cache.close,
  };
}
