import { sql, type Kysely } from 'kysely';

// The lead form's limits count what was posted, not what is kept: a lead erased by its owner, or dropped
// beyond the newest the plan keeps (Free: 25), no longer let the next posts through. Each post a card's
// form takes is recorded in lead_posts for a day (the clean-up removes older ones): the card, the
// account, the day's salted hash of the visitor's address (never the address) and whether its owner was
// sent an e-mail of it, which the hourly cap of those e-mails counts (server/leads/capture.ts). The lead
// itself no longer carries the hash: its details are the visitor's, and erasing it erases them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_posts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vcard_id', 'uuid', (col) => col.notNull().references('vcards.id').onDelete('cascade'))
    .addColumn('client_address_hash', 'text', (col) => col.notNull())
    .addColumn('mailed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('posted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('lead_posts_vcard_id_idx')
    .on('lead_posts')
    .columns(['vcard_id', 'posted_at'])
    .execute();
  await db.schema
    .createIndex('lead_posts_client_address_hash_idx')
    .on('lead_posts')
    .columns(['client_address_hash', 'posted_at'])
    .execute();
  await sql`create index lead_posts_mailed_idx on lead_posts (user_id, posted_at) where mailed`.execute(db);
  await db.schema.createIndex('lead_posts_posted_at_idx').on('lead_posts').column('posted_at').execute();
  // the window of the limits goes on across the upgrade: the last day's leads still there
  await sql`
    insert into lead_posts (user_id, vcard_id, client_address_hash, mailed, posted_at)
    select user_id, vcard_id, client_address_hash, false, created_at
      from leads
     where vcard_id is not null and created_at > now() - interval '1 day'`.execute(db);
  await db.schema.alterTable('leads').dropColumn('client_address_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('client_address_hash', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.dropTable('lead_posts').execute();
}
