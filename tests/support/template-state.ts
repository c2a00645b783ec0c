// What a test database that is kept for the next test file is emptied back to: the migrated template's
// state. Used for the embedded databases (embedded-databases.ts) and the PostgreSQL ones
// (postgres-databases.ts) alike.

/** The migrations' own tables: the only ones with rows in the template. */
const TEMPLATE_TABLES = ['kysely_migration', 'kysely_migration_lock'];

type Query = (sql: string, params: unknown[]) => Promise<{ rows: { name: string }[] }>;

/**
 * The statements that bring a database back to the template's state: every table of the app emptied
 * (identities restarted), and the job queue's schema, which pg-boss makes at each app's start, dropped.
 * `query` lists the database's tables.
 */
export async function backToTemplateStatements(query: Query): Promise<string> {
  const { rows } = await query(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> all($1)`,
    [TEMPLATE_TABLES],
  );
  const tables = rows.map(({ name }) => `public.${JSON.stringify(name)}`).join(', ');
  return `truncate ${tables} restart identity cascade; drop schema if exists pgboss cascade;`;
}
