import type { LinkEnabledInput, LinkLifecycleInput } from '../../src/schemas/link.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { emitLinkEvent } from './events.ts';
import { updateLinkAtVersion } from './edit.ts';
import { LINK_COLUMNS, present, type LinkView } from './present.ts';
import { ownLink } from './service.ts';
import { announceWrite } from '../lib/after-write.ts';

// A QR code's or profile link's lifecycle and rules (src/link-lifecycle.ts), which the redirect follows
// (server/links/routes.ts). A vCard's own QR code has none: the card it is printed on must keep working.

/**
 * Sets when a link is live, its scan limit, its fallback and its rules, edited from `baseVersion`. A limit
 * counts every follow it has led on: set anew, it starts from the link's scans and clicks so far; changed,
 * it keeps its count; below that count, it is refused (scan_limit_below_used, with the count). A newer
 * version saved meanwhile: edit_conflict with the link as it is now, and nothing changes.
 */
export async function setLinkLifecycle(ctx: ServiceContext, input: LinkLifecycleInput): Promise<LinkView> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    // locked: a follow's reservation waits, so the count compared is the one kept
    const current = await trx
      .selectFrom('links')
      .select(['kind', 'vcard_id', 'max_scans', 'scans_used', 'scan_count', 'click_count'])
      .where('id', '=', input.id)
      .where('user_id', '=', ctx.user.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('not_found');
    if (current.vcard_id !== null) throw new AppError('link_managed_by_vcard');
    const used = current.max_scans === null ? current.scan_count + current.click_count : current.scans_used;
    if (input.maxScans !== null && input.maxScans < used)
      throw new AppError('scan_limit_below_used', { used });
    const updated = await updateLinkAtVersion(
      ctx,
      trx,
      { id: input.id, kind: current.kind, baseVersion: input.baseVersion },
      {
        active_from: input.activeFrom,
        active_until: input.activeUntil,
        max_scans: input.maxScans,
        scans_used: input.maxScans === null ? 0 : used,
        fallback_url: input.fallbackUrl,
        rules: JSON.stringify(input.rules),
      },
    );
    await emitLinkEvent(ctx, trx, 'link.updated', updated);
    return updated;
  });
  announceWrite(ctx, ctx.user.id, 'links');
  return present(ctx.config.publicUrl, row);
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
