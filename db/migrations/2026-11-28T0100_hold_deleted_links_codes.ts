import { sql, type Kysely } from 'kysely';

// docs/decisions/016-chosen-codes-are-held.md: a chosen short-link code is an address like a
// username. Until now a link's codes (link_codes) went with it; now, when a link is deleted (by its owner, or
// with its account), its codes stay, with no link and the moment it went (released_at), held by nobody
// else until the clean-up frees them once ADDRESS_HOLD_DAYS (src/username.ts) have passed. While they are
// held no link answers to them (/l/{code} finds nothing: the not-found page), and the random-code generator
// never hands one out (it checks link_codes). Each code also keeps the account it belongs to (user_id, set
// from its link by the trigger below; null once the account is deleted): as with an earlier username, the
// owner may give a held code of its own deleted link to another of its links, and the codes an account
// holds are counted for its bound (src/username.ts HELD_LINK_CODES_MAX). The database refuses to move a code
// to a link of another account. Existing codes keep their links and get their owners.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table link_codes alter column link_id drop not null`.execute(db);
  await sql`alter table link_codes drop constraint link_codes_link_id_fkey`.execute(db);
  await sql`alter table link_codes add constraint link_codes_link_id_fkey
            foreign key (link_id) references links (id) on delete set null`.execute(db);
  await db.schema
    .alterTable('link_codes')
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    // set (by the trigger below) when the link is deleted
    .addColumn('released_at', 'timestamptz')
    .execute();
  await sql`update link_codes set user_id = links.user_id from links
            where links.id = link_codes.link_id`.execute(db);
  await sql`alter table link_codes add constraint link_codes_link_or_release
            check ((link_id is null) = (released_at is not null))`.execute(db);
  await db.schema.createIndex('link_codes_user_id_idx').on('link_codes').column('user_id').execute();
  await sql`create index link_codes_released_at_idx on link_codes (released_at)
            where link_id is null`.execute(db);

  // the foreign key's "on delete set null" is an update of link_id: it fires this trigger too
  await sql`
    create function hold_link_code() returns trigger language plpgsql as $$
    declare
      owner text;
    begin
      if new.link_id is null then
        if tg_op = 'UPDATE' then
          new.released_at := coalesce(old.released_at, now());
        else
          new.released_at := coalesce(new.released_at, now());
        end if;
        return new;
      end if;
      select user_id into owner from links where id = new.link_id;
      if tg_op = 'INSERT' then
        new.user_id := owner;
      elsif new.user_id is distinct from owner then
        raise exception 'the code % belongs to another account', new.code
          using errcode = 'unique_violation', constraint = 'link_codes_pkey';
      end if;
      new.released_at := null;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger link_codes_hold before insert or update of link_id on link_codes
    for each row execute function hold_link_code()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger link_codes_hold on link_codes`.execute(db);
  await sql`drop function hold_link_code()`.execute(db);
  await sql`delete from link_codes where link_id is null`.execute(db);
  await sql`alter table link_codes drop constraint link_codes_link_or_release`.execute(db);
  await db.schema.alterTable('link_codes').dropColumn('released_at').dropColumn('user_id').execute();
  await sql`alter table link_codes drop constraint link_codes_link_id_fkey`.execute(db);
  await sql`alter table link_codes add constraint link_codes_link_id_fkey
            foreign key (link_id) references links (id) on delete cascade`.execute(db);
  await sql`alter table link_codes alter column link_id set not null`.execute(db);
}
