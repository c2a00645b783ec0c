import type { AppDeps } from '../trpc/context.ts';
import { releasePhoto } from './service.ts';

/**
 * Releases photos that no profile or vCard points at any more. One upload can be both the profile picture
 * and a card's photo (card creation uses it for both), so a replaced photo is only deleted once unused.
 */
export async function releaseUnusedPhotos(deps: AppDeps, paths: readonly (string | null)[]): Promise<void> {
  for (const path of new Set(paths)) {
    if (!path) continue;
    const [profile, vcard] = await Promise.all([
      deps.db.selectFrom('profiles').select('id').where('profile_pic', '=', path).executeTakeFirst(),
      deps.db.selectFrom('vcards').select('id').where('photo', '=', path).executeTakeFirst(),
    ]);
    if (!profile && !vcard) await releasePhoto(deps, path);
  }
}
