import { type Kysely } from 'kysely';

// Apple's pass web service takes registrations from anyone who has a pass (its token is in the pass), so
// each is bounded: a handful of phones per pass from one client address a day, a bounded total per pass
// (server/wallet/registrations.ts). A registration keeps the address it came from as a hash with the
// day's salt, never the address; those made before have none.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallet_registrations').addColumn('client_address_hash', 'text').execute();
  await db.schema
    .createIndex('wallet_registrations_client_idx')
    .on('wallet_registrations')
    .columns(['vcard_id', 'client_address_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallet_registrations').dropColumn('client_address_hash').execute();
}
