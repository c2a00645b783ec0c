import type { Transaction, Updateable } from 'kysely';
import type { Database, LinkKind, LinksTable } from '../../db/schema.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { refusedEdit } from '../lib/edit-versions.ts';
import { LINK_COLUMNS, readLinkRecord, type LinkRow } from './present.ts';

// A dashboard form's save of a link, under the link's edit version (server/lib/edit-versions.ts).

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
