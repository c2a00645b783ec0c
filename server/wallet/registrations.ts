import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The phones that hold a card's Apple Wallet pass (migration 2026-12-06T0100), as Apple's pass web service
// keeps them: registered with a push token, asked which passes changed since a moment, unregistered.
// A pass's "last updated" is its card's updated_at, in milliseconds, which the phone gives back as a tag.

/**
 * Phones one client address may register for one pass in a day (a person's phone and watch, a family's
 * phones behind one router), and phones one pass may have at all: each is woken at every change of its
 * card (server/wallet/push.ts), and the pass's token is in every copy of the pass.
 */
export const WALLET_DEVICES_PER_CLIENT = 5;
export const WALLET_DEVICES_PER_PASS = 500;

/** First key of the per-pass advisory lock of the bounds; any constant no other feature uses. */
const WALLET_LOCK_NAMESPACE = 7011;

/**
 * Registers a phone for a card's pass, within the bounds above: 'created', 'updated' (a phone registered
 * already, with its new push token) or 'refused' (a bound reached; nothing written).
 */
export async function registerDevice(
  db: Kysely<Database>,
  registration: { deviceId: string; vcardId: string; pushToken: string; clientAddressHash: string },
): Promise<'created' | 'updated' | 'refused'> {
  const { deviceId, vcardId, pushToken, clientAddressHash } = registration;
  return db.transaction().execute(async (trx) => {
    // one registration per pass at a time: two at once cannot both slip under a bound
    await sql`select pg_advisory_xact_lock(${sql.lit(WALLET_LOCK_NAMESPACE)}, hashtext(${vcardId}))`.execute(
      trx,
    );
    const updated = await trx
      .updateTable('wallet_registrations')
      .set({ push_token: pushToken })
      .where('device_id', '=', deviceId)
      .where('vcard_id', '=', vcardId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return 'updated';
    const counts = await trx
      .selectFrom('wallet_registrations')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere('client_address_hash', '=', clientAddressHash).as('fromClient'),
      ])
      .where('vcard_id', '=', vcardId)
      .executeTakeFirstOrThrow();
    if (
      Number(counts.fromClient) >= WALLET_DEVICES_PER_CLIENT ||
      Number(counts.total) >= WALLET_DEVICES_PER_PASS
    ) {
      return 'refused';
    }
    await trx
      .insertInto('wallet_registrations')
      .values({
        device_id: deviceId,
        vcard_id: vcardId,
        push_token: pushToken,
        client_address_hash: clientAddressHash,
      })
      .execute();
    return 'created';
  });
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
