import type { LinkEnabledInput, LinkLifecycleInput } from '../../src/schemas/link.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { emitLinkEvent } from './events.ts';
import { LINK_COLUMNS, present, type LinkView } from './present.ts';
import { editLink, ownLink } from './edit.ts';
import { announceWrite } from '../lib/after-write.ts';

// A QR code's or profile link's lifecycle and rules (src/link-lifecycle.ts), which the redirect follows
// (server/links/routes.ts). A vCard's own QR code has none: the card it is printed on must keep working.

/**
 * Sets when a link is live, its scan limit, its fallback and its rules, edited from `baseVersion`
 * (editLink: a limit counts every follow it has led on, and one below that count is refused).
 */
export function setLinkLifecycle(ctx: ServiceContext, input: LinkLifecycleInput): Promise<LinkView> {
  const { id, baseVersion, ...lifecycle } = input;
  return editLink(ctx, { id, baseVersion, lifecycle });
}

/** Turns a link off (it serves its fallback, or a page saying it is off) or on again; nothing else changes. */
export async function setLinkEnabled(ctx: ServiceContext, input: LinkEnabledInput): Promise<LinkView> {
  const current = await ownLink(ctx, input.id);
  if (current.vcard_id !== null) throw new AppError('link_managed_by_vcard');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('links')
      .set({ enabled: input.enabled })
      .where('id', '=', input.id)
      .where('user_id', '=', ctx.user.id)
      .where('vcard_id', 'is', null)
      .returning(LINK_COLUMNS)
      .executeTakeFirst();
    // deleted meanwhile
    if (!updated) throw new AppError('not_found');
    await emitLinkEvent(ctx, trx, 'link.updated', updated);
    return updated;
  });
  announceWrite(ctx, ctx.user.id, 'links');
  return present(ctx.config.publicUrl, row);
}
