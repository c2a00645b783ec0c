import { contactPhotoJpeg } from '../media/process.ts';
import { readPhoto } from '../media/service.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { createByteCache, stringBytes } from '../lib/cache.ts';

// The photo embedded in a .vcf (phones ignore photo URLs): the card's photo made small and square, once
// per photo path. A path names one upload forever (a new photo gets a new key), so entries never go stale.

export const CONTACT_PHOTO_CACHE_BYTES = 4 * 1024 * 1024;

const photos = createByteCache<string>('contact-photos', {
  maxBytes: CONTACT_PHOTO_CACHE_BYTES,
  sizeOf: stringBytes,
});

/** The card photo as base64 JPEG for the PHOTO line, or null when the card has none. */
export async function contactPhotoBase64(deps: AppDeps, path: string | null): Promise<string | null> {
  if (!path) return null;
  const cached = photos.get(path);
  if (cached !== undefined) return cached;
  const stored = await readPhoto(deps, path);
  if (!stored) return null;
  const base64 = (await contactPhotoJpeg(stored)).toString('base64');
  photos.set(path, base64);
  return base64;
}
