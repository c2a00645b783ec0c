import { sql, type Kysely } from 'kysely';

// Apple's pass web service (server/wallet/): a phone that adds a card's pass registers for it with its
// device library id and the push token Apple's push service wakes it with; it asks which of its passes
// changed since a moment and fetches those again. A row per device and pass; it goes with the card.
// `pushed_at`: when the phone was last woken for the pass, so that of several servers hearing one change
// only one wakes it (server/wallet/push.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_registrations')
    .addColumn('device_id', 'text', (col) => col.notNull())
    .addColumn('vcard_id', 'uuid', (col) => col.notNull().references('vcards.id').onDelete('cascade'))
    .addColumn('push_token', 'text', (col) => col.notNull())
    .addColumn('pushed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_registrations_pkey', ['device_id', 'vcard_id'])
    .execute();
  await db.schema
    .createIndex('wallet_registrations_vcard_id_idx')
    .on('wallet_registrations')
    .column('vcard_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_registrations').execute();
}
