import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

// Who may hold a chosen short-link code (link_codes, migration 2026-11-28T0100): nobody else, or the
// account itself through a link it deleted; and never a code a link's random code equals in lowercase
// (the trigger of link_codes refuses that, as /l/{code} finds a chosen code in any case).

/** Whether `accountId` may hold `code` now: no other account or link of its holds it, no random code equals it. */
export async function isChosenCodeFree(
  trx: Transaction<Database>,
  accountId: string,
  code: string,
): Promise<boolean> {
  const [holder, randomTwin] = await Promise.all([
    trx.selectFrom('link_codes').select(['link_id', 'user_id']).where('code', '=', code).executeTakeFirst(),
    trx
      .selectFrom('links')
      .select('id')
      .where(sql<string>`lower(code)`, '=', code)
      .executeTakeFirst(),
  ]);
  if (randomTwin) return false;
  return !holder || (holder.user_id === accountId && holder.link_id === null);
}

/**
 * Gives `code` to the link, and says how: the link held it already, the account's own code of a deleted
 * link was taken back, or a new row holds it; `refused` when another link or account holds it (a concurrent
 * claim of the same code is waited for). The trigger refuses a code a random one equals with a
 * unique_violation on link_codes_pkey.
 */
export async function holdChosenCode(
  trx: Transaction<Database>,
  accountId: string,
  linkId: string,
  code: string,
): Promise<'held' | 'taken back' | 'new' | 'refused'> {
  const takenBack = await trx
    .updateTable('link_codes')
    .set({ link_id: linkId })
    .where('code', '=', code)
    .where('user_id', '=', accountId)
    .where('link_id', 'is', null)
    .executeTakeFirst();
  if (Number(takenBack.numUpdatedRows) > 0) return 'taken back';
  const added = await trx
    .insertInto('link_codes')
    .values({ code, link_id: linkId })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  if (added) return 'new';
  const holder = await trx
    .selectFrom('link_codes')
    .select('link_id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return holder.link_id === linkId ? 'held' : 'refused';
}
