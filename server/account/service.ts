import { mediaPath } from '../../src/media.ts';
import type { DeleteAccountInput } from '../../src/schemas/auth.ts';
import { releasePhoto } from '../media/service.ts';
import type { ServiceContext } from '../trpc/context.ts';

/**
 * Deletes the signed-in account for good (DECISIONS.md): the user row, and with it (foreign keys with
 * cascade) the profile, sessions, sign-in methods, two-factor secrets, cards, links, events, views, photos
 * and support messages; then the photo files in storage. The caller signs the person out. The input's
 * confirmation word is checked by its schema.
 */
export async function deleteAccount(ctx: ServiceContext, _input: DeleteAccountInput): Promise<void> {
  const photos = await ctx.db.selectFrom('media').select('key').where('user_id', '=', ctx.user.id).execute();
  await ctx.db.deleteFrom('users').where('id', '=', ctx.user.id).execute();
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
  for (const { key } of photos) await releasePhoto(ctx, mediaPath(key));
}
