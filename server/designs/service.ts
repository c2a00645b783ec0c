import type { SaveCardDesignInput } from '../../src/schemas/card-design.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { releaseUnusedPhotos } from '../media/references.ts';
import { assertOwnPhoto } from '../media/service.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { readVcard } from '../vcards/service.ts';

// Card designs (customBranding): a vCard's colours and design, written together. The plan is checked by
// the procedure's meta (server/trpc/init.ts); the saved design is kept whatever the plan later becomes.

/**
 * Saves one of the signed-in user's vCards' colours and design, edited from `baseVersion` of the vCard;
 * returns its new version. The logo and cover image must be photos this user uploaded (validation_failed,
 * field photo); someone else's card reads as not_found; a newer version saved meanwhile is edit_conflict
 * with the card as it is now, and nothing changes. A logo or cover replaced here is deleted once nothing
 * else uses it.
 */
export async function saveCardDesign(
  ctx: ServiceContext,
  input: SaveCardDesignInput,
): Promise<{ version: number }> {
  const { vcardId, colours, design, baseVersion } = input;
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('vcards')
      .select('design')
      .where('id', '=', vcardId)
      .where('user_id', '=', ctx.user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('not_found');
    for (const path of [design.logo, design.coverImage]) {
      if (path) await assertOwnPhoto(trx, ctx.user.id, path);
    }
    const updated = await trx
      .updateTable('vcards')
      .set({
        background_color: colours.backgroundColour,
        font_color: colours.fontColour,
        icon_color: colours.iconColour,
        design: JSON.stringify(design),
        updated_at: new Date(),
      })
      .where('id', '=', vcardId)
      .where('user_id', '=', ctx.user.id)
      .where('version', '=', baseVersion)
      .returning('version')
      .executeTakeFirst();
    if (!updated) throw await refusedEdit(() => readVcard(trx, ctx.user.id, vcardId));
    return {
      previous: current.design as { logo?: unknown; coverImage?: unknown } | null,
      version: updated.version,
    };
  });
  ctx.changes.publish({ userId: ctx.user.id, topic: 'cards' });
  const { previous } = saved;
  const replaced = [previous?.logo, previous?.coverImage].filter(
    (path): path is string => typeof path === 'string' && path !== design.logo && path !== design.coverImage,
  );
  await releaseUnusedPhotos(ctx, replaced);
  return { version: saved.version };
}
