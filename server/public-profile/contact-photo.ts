import { contactPhotoJpeg } from '../media/process.ts';
import { readPhoto } from '../media/service.ts';
import type { AppDeps } from '../trpc/context.ts';
import { createLru } from '../lib/lru.ts';

// The photo embedded in a .vcf (phones ignore photo URLs): the card's photo made small and square, once
// per photo path. A path names one upload forever (a new photo gets a new key), so entries never go stale.

const photos = createLru<string, string | null>({ maxEntries: 200, ttlMs: 24 * 60 * 60 * 1000 });

/** The card photo as base64 JPEG for the PHOTO line, or null when the card has none. */
export async function contactPhotoBase64(deps: AppDeps, path: string | null): Promise<string | null> {
  if (!path) return null;
  const cached = photos.get(path);
  if (cached !== undefined) return cached;
  const stored = await readPhoto(deps, path);
  const base64 = stored ? (await contactPhotoJpeg(stored)).toString('base64') : null;
  photos.set(path, base64);
  return base64;
}
