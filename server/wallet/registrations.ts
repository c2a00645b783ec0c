import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The phones that hold a card's Apple Wallet pass (migration 2026-12-06T0100), as Apple's pass web service
// keeps them: registered with a push token, asked which passes changed since a moment, unregistered.
// A pass's "last updated" is its card's updated_at, in milliseconds, which the phone gives back as a tag.

/** Registers a phone for a card's pass (a new push token replaces the old); true when it is new. */
export async function registerDevice(
  db: Kysely<Database>,
  deviceId: string,
  vcardId: string,
  pushToken: string,
): Promise<boolean> {
  const row = await db
    .insertInto('wallet_registrations')
    .values({ device_id: deviceId, vcard_id: vcardId, push_token: pushToken })
    .onConflict((oc) => oc.columns(['device_id', 'vcard_id']).doUpdateSet({ push_token: pushToken }))
    // xmax is 0 on a row the statement inserted, and the updating transaction's id on one it updated
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted;
}

export async function unregisterDevice(
  db: Kysely<Database>,
  deviceId: string,
  vcardId: string,
): Promise<void> {
  await db
    .deleteFrom('wallet_registrations')
    .where('device_id', '=', deviceId)
    .where('vcard_id', '=', vcardId)
    .execute();
}

/**
 * The cards of a phone's passes that changed after `since` (all of them without it), and the tag to ask
 * with next time: the latest change among the phone's passes.
 */
export async function updatedPasses(
  db: Kysely<Database>,
  deviceId: string,
  since: number | null,
): Promise<{ serialNumbers: string[]; lastUpdated: string }> {
  const rows = await db
    .selectFrom('wallet_registrations')
    .innerJoin('vcards', 'vcards.id', 'wallet_registrations.vcard_id')
    .select(['vcards.id', 'vcards.updated_at'])
    .where('wallet_registrations.device_id', '=', deviceId)
    .execute();
  const latest = Math.max(0, ...rows.map((row) => row.updated_at.getTime()));
  const changed = rows.filter((row) => since === null || row.updated_at.getTime() > since);
  return { serialNumbers: changed.map((row) => row.id), lastUpdated: String(latest) };
}
