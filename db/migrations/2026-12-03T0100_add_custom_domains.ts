import { sql, type Kysely } from 'kysely';

// Custom domains: a domain an account (a person's or a team's) serves its cards and short links on, once a
// DNS TXT record proves it holds the domain. A removed domain keeps its row (`removed_at`), so the server
// still answers it with a redirect to the main address and a printed code keeps working; only one account
// holds a domain that is not removed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_domains')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // lowercase ASCII (an internationalised name in its xn-- form), no trailing dot
    .addColumn('domain', 'text', (col) => col.notNull())
    // what the TXT record _tapcard-verify.{domain} must hold
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    // the first successful check; kept when the record is later lost
    .addColumn('verified_at', 'timestamptz')
    .addColumn('last_checked_at', 'timestamptz')
    // why the last check failed (a closed reason), null when it passed or none ran yet
    .addColumn('last_check_error', 'text')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('custom_domains_status', sql`status in ('pending', 'verified', 'lost')`)
    .execute();
  await sql`
    create unique index custom_domains_domain_held_idx on custom_domains (domain)
    where removed_at is null`.execute(db);
  // the host lookup reads a removed domain too (it redirects): by domain, newest first
  await db.schema
    .createIndex('custom_domains_domain_idx')
    .on('custom_domains')
    .columns(['domain', 'created_at desc'])
    .execute();
  await db.schema.createIndex('custom_domains_user_id_idx').on('custom_domains').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_domains').execute();
}
