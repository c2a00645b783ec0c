import { sql, type Kysely } from 'kysely';

// Chosen short-link codes (customLinks): `/l/{your-code}`. docs/decisions/011-addresses-that-never-break.md,
// as for usernames: every code a link was given by choice is a row of `link_codes` (lowercase, so unique
// case-insensitively), owned by its link, the current one (links.chosen_code) and the ones it had before,
// which keep leading to the same link. links.code stays the link's random code, which keeps working too
// (random codes are base62 and case-sensitive). A chosen code collides with no code in any case: the trigger
// below refuses one that another link's random code equals in lowercase (the random side checks link_codes
// before it inserts: server/links/code.ts). The codes go with their link when the owner deletes it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_codes')
    .addColumn('code', 'text', (col) => col.primaryKey().check(sql`code = lower(code)`))
    .addColumn('link_id', 'uuid', (col) => col.notNull().references('links.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // the target of links.chosen_code's key: a link's current code is one of its own
    .addUniqueConstraint('link_codes_code_link_id_key', ['code', 'link_id'])
    .execute();
  await db.schema.createIndex('link_codes_link_id_idx').on('link_codes').column('link_id').execute();

  await db.schema.alterTable('links').addColumn('chosen_code', 'text').execute();
  await sql`alter table links add constraint links_chosen_code_fkey
            foreign key (chosen_code, id) references link_codes (code, link_id)`.execute(db);
  // random codes looked up in lowercase, by the trigger below
  await sql`create index links_code_lower_idx on links (lower(code))`.execute(db);

  await sql`
    create function refuse_link_code_of_another_link() returns trigger language plpgsql as $$
    begin
      if exists (select from links where lower(code) = new.code and id <> new.link_id) then
        raise exception 'the code % belongs to another link', new.code
          using errcode = 'unique_violation', constraint = 'link_codes_pkey';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger link_codes_refuse_random_codes before insert on link_codes
    for each row execute function refuse_link_code_of_another_link()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table links drop constraint links_chosen_code_fkey`.execute(db);
  await db.schema.alterTable('links').dropColumn('chosen_code').execute();
  await sql`drop index links_code_lower_idx`.execute(db);
  await db.schema.dropTable('link_codes').execute();
  await sql`drop function refuse_link_code_of_another_link()`.execute(db);
}
