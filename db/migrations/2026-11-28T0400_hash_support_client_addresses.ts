import { sql, type Kysely } from 'kysely';

// A visitor's contact-form message no longer keeps the network address it came from
// (docs/decisions/019-no-visitor-address-kept.md: no visitor's address is kept anywhere). Its rate limit
// counts by a hash of the address with the day's salt (visitor_salts), which nobody can recompute from an
// address once the day is over. The addresses stored so far become hashes of a salt nobody keeps: they
// counted only within their hour, long gone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('support_messages')
    .renameColumn('client_address', 'client_address_hash')
    .execute();
  await sql`
    update support_messages
    set client_address_hash = encode(sha256(convert_to(gen_random_uuid()::text || client_address_hash, 'UTF8')), 'base64')
    where client_address_hash is not null`.execute(db);
  await sql`alter index support_messages_visitor_address_idx rename to support_messages_visitor_address_hash_idx`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // the addresses cannot come back: the column keeps the hashes under its old name
  await sql`alter index support_messages_visitor_address_hash_idx rename to support_messages_visitor_address_idx`.execute(
    db,
  );
  await db.schema
    .alterTable('support_messages')
    .renameColumn('client_address_hash', 'client_address')
    .execute();
}
