import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// A link with a scan limit leads on exactly as many follows as its limit, however many processes serve it
// at once: each follow takes one of its scans in one atomic update, which waits for a concurrent one on the
// same row, and none is left once the count reaches the limit. Every other link is never written here.

/**
 * Takes one scan of the link's limit: the count with it, or null when none is left (or the link is gone).
 * A link whose limit was removed meanwhile takes one harmlessly (its count is set anew with a new limit).
 */
export async function reserveScan(db: Kysely<Database>, linkId: string): Promise<number | null> {
  const row = await db
    .updateTable('links')
    .set((eb) => ({ scans_used: eb('scans_used', '+', 1) }))
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('max_scans', 'is', null), eb('scans_used', '<', eb.ref('max_scans'))]))
    .returning('scans_used')
    .executeTakeFirst();
  return row?.scans_used ?? null;
}
