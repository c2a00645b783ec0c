import { sql, type Kysely } from 'kysely';

// docs/decisions/011-addresses-that-never-break.md: a username, once used, stays with its account. Every
// username an account has had is a row of `usernames` (lowercase, so unique case-insensitively), owned by
// the account: the current one (profiles.username) and the ones it held before a rename, whose addresses
// redirect to the current one. The database is the final word: a trigger on profiles claims the name in
// the same statement that sets it and refuses one another account owns (unique_violation on
// usernames_pkey), so two accounts asking for one name at the same moment cannot both get it. When the
// account is deleted its rows stay, with no owner and the moment of deletion; the clean-up removes them
// once DELETED_ACCOUNT_USERNAME_HOLD_DAYS (src/username.ts) have passed. Existing usernames are copied
// as they are; none is changed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usernames')
    .addColumn('username', 'text', (col) => col.primaryKey().check(sql`username = lower(username)`))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    // set (by the trigger below) when the owning account is deleted
    .addColumn('account_deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'usernames_owner_or_deletion',
      sql`(user_id is null) = (account_deleted_at is not null)`,
    )
    .execute();
  await db.schema.createIndex('usernames_user_id_idx').on('usernames').column('user_id').execute();
  await sql`create index usernames_account_deleted_at_idx on usernames (account_deleted_at)
            where user_id is null`.execute(db);

  await sql`insert into usernames (username, user_id)
            select lower(username), id from profiles where username is not null`.execute(db);

  await sql`
    create function claim_profile_username() returns trigger language plpgsql as $$
    begin
      if new.username is null then
        return new;
      end if;
      if tg_op = 'UPDATE' then
        if lower(new.username) = lower(old.username) then
          return new;
        end if;
      end if;
      -- waits for a concurrent claim of the same name to commit or roll back
      insert into usernames (username, user_id) values (lower(new.username), new.id)
        on conflict (username) do nothing;
      if not exists (select from usernames where username = lower(new.username) and user_id = new.id) then
        raise exception 'the username % belongs to another account', lower(new.username)
          using errcode = 'unique_violation', constraint = 'usernames_pkey';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger profiles_claim_username before insert or update of username on profiles
    for each row execute function claim_profile_username()`.execute(db);

  // the foreign key's "on delete set null" is an update of user_id: it fires this trigger
  await sql`
    create function note_username_account_deleted() returns trigger language plpgsql as $$
    begin
      new.account_deleted_at := now();
      return new;
    end $$`.execute(db);
  await sql`
    create trigger usernames_account_deleted before update of user_id on usernames
    for each row when (old.user_id is not null and new.user_id is null)
    execute function note_username_account_deleted()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger profiles_claim_username on profiles`.execute(db);
  await sql`drop function claim_profile_username()`.execute(db);
  await db.schema.dropTable('usernames').execute();
  await sql`drop function note_username_account_deleted()`.execute(db);
}
