import { sql, type Kysely } from 'kysely';

// docs/decisions/023-custom-domains-held-by-proof.md: a custom domain that was verified stays the
// customer's name after its row goes with its account (a team deleted, an account deleted). A proxy may
// still hold its certificate, and the host would otherwise be taken for the main address and serve the
// app under the customer's name. Each such name is kept here (the trigger below, on every deletion of a
// verified row, cascades included), and the server answers it as an unknown host: the not-found page for
// every path. Another account that verifies the name again serves it as its own.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('released_domains')
    .addColumn('domain', 'text', (col) => col.primaryKey())
    .addColumn('released_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create function keep_released_domain() returns trigger language plpgsql as $$
    begin
      if old.verified_at is not null then
        insert into released_domains (domain) values (old.domain)
        on conflict (domain) do update set released_at = now();
      end if;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger custom_domains_keep_released after delete on custom_domains
    for each row execute function keep_released_domain()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger custom_domains_keep_released on custom_domains`.execute(db);
  await sql`drop function keep_released_domain()`.execute(db);
  await db.schema.dropTable('released_domains').execute();
}
