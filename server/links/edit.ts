import type { Transaction, Updateable } from 'kysely';
import type { Database, LinkKind, LinksTable } from '../../db/schema.ts';
import type { LinkLifecycleFields } from '../../src/schemas/link.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { announceWrite } from '../lib/after-write.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { AppError } from '../lib/errors.ts';
import { assertUsableDomain } from '../domains/service.ts';
import { assertDesignScansPrinted } from '../qr-images/printed-scans.ts';
import { emitLinkEvent } from './events.ts';
import { LINK_COLUMNS, present, readLinkRecord, type LinkRow, type LinkView } from './present.ts';

// The saves of a link under its edit version (server/lib/edit-versions.ts): the dashboard's QR code and
// link forms and its schedule dialog each change a part, the REST API's PATCH any parts at once, all in
// one write.

/** The signed-in user's link of that id (of that kind, when given), or not_found. */
export async function ownLink(ctx: ServiceContext, id: string, kind?: LinkKind) {
  let query = ctx.db
    .selectFrom('links')
    .select(['id', 'kind', 'vcard_id', 'domain'])
    .where('id', '=', id)
    .where('user_id', '=', ctx.user.id);
  if (kind) query = query.where('kind', '=', kind);
  const link = await query.executeTakeFirst();
  if (!link) throw new AppError('not_found');
  return link;
}

/**
 * Changes one of the user's links of `kind` in the same statement that checks it is still at `baseVersion`,
 * and answers the row as changed. A vCard's own QR code follows its vCard and is never changed here (a
 * profile link never has one). No row changed: throws not_found, or edit_conflict with the link as it is
 * now, read in `trx`; nothing changes then.
 */
export async function updateLinkAtVersion(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  link: { id: string; kind: LinkKind; baseVersion: number },
  values: Updateable<LinksTable>,
): Promise<LinkRow> {
  const updated = await trx
    .updateTable('links')
    .set(values)
    .where('id', '=', link.id)
    .where('user_id', '=', ctx.user.id)
    .where('kind', '=', link.kind)
    .where('vcard_id', 'is', null)
    .where('version', '=', link.baseVersion)
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
  if (updated) return updated;
  throw await refusedEdit(() => readLinkRecord(trx, ctx.config.publicUrl, ctx.user.id, link.id, link.kind));
}

/** What a link's save may change: its details (a profile link has no icon or domain), lifecycle and state. */
export interface LinkEdit {
  id: string;
  /** the kind the caller edits (another kind's id is not found); left out: either */
  kind?: LinkKind;
  baseVersion: number;
  details?: { title: string; url: string; icon?: string | null; domain?: string | null };
  lifecycle?: LinkLifecycleFields;
  enabled?: boolean;
}

/**
 * Saves the parts of a link an edit names, edited from `baseVersion`, in one write that emits one
 * `link.updated`. Its short code (printed already, perhaps) stays and leads to it at every address; a
 * vCard's own QR code follows its vCard and is not edited here. A newer version saved meanwhile:
 * edit_conflict with the link as it is now, and nothing changes.
 */
export async function editLink(ctx: ServiceContext, edit: LinkEdit): Promise<LinkView> {
  const current = await ownLink(ctx, edit.id, edit.kind);
  if (current.vcard_id !== null) throw new AppError('link_managed_by_vcard');
  const domain = edit.details?.domain;
  // a domain kept as it is stays, even one since removed: its printed codes lead on to the main address
  if (domain !== undefined && domain !== current.domain) {
    if (domain !== null) await assertUsableDomain(ctx, ctx.user.id, domain);
    await assertDesignScansPrinted(ctx, current.id, { domain });
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const lifecycle = edit.lifecycle && (await lifecycleColumns(ctx, trx, edit.id, edit.lifecycle));
    const updated = await updateLinkAtVersion(
      ctx,
      trx,
      { id: edit.id, kind: current.kind, baseVersion: edit.baseVersion },
      { ...edit.details, ...lifecycle, ...(edit.enabled === undefined ? {} : { enabled: edit.enabled }) },
    );
    await emitLinkEvent(ctx, trx, 'link.updated', updated);
    return updated;
  });
  announceWrite(ctx, ctx.user.id, 'links');
  return present(ctx.config.publicUrl, row);
}

/**
 * The columns of a lifecycle, read under the link's lock (a follow's reservation waits, so the count
 * compared is the one kept). A limit counts every follow it has led on: set anew, it starts from the link's
 * scans and clicks so far; changed, it keeps its count; below that count, it is refused
 * (scan_limit_below_used, with the count).
 */
async function lifecycleColumns(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  id: string,
  lifecycle: LinkLifecycleFields,
): Promise<Updateable<LinksTable>> {
  const current = await trx
    .selectFrom('links')
    .select(['max_scans', 'scans_used', 'scan_count', 'click_count'])
    .where('id', '=', id)
    .where('user_id', '=', ctx.user.id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw new AppError('not_found');
  const used = current.max_scans === null ? current.scan_count + current.click_count : current.scans_used;
  if (lifecycle.maxScans !== null && lifecycle.maxScans < used)
    throw new AppError('scan_limit_below_used', { used });
  return {
    active_from: lifecycle.activeFrom,
    active_until: lifecycle.activeUntil,
    max_scans: lifecycle.maxScans,
    scans_used: lifecycle.maxScans === null ? 0 : used,
    fallback_url: lifecycle.fallbackUrl,
    rules: JSON.stringify(lifecycle.rules),
  };
}
