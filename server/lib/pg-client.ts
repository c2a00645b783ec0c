import pg from 'pg';

// One PostgreSQL connection outside the app's pool, for work that needs its own: creating and dropping
// databases, pg_dump's snapshot, the benches' and tests' set-up.

/** Runs `run` on a new connection to `url`, closed afterwards whatever happens. */
export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database swapped for `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Drops a database and ends its connections. A process of another role in it (an autovacuum worker that
 * has just started on a fresh copy) cannot be ended by a role that is not a superuser, and the drop fails
 * with insufficient_privilege: it is tried again once that process has gone.
 */
export async function dropDatabase(serverUrl: string, name: string, attempts = 20): Promise<void> {
  try {
    await withPgClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  } catch (error) {
    if ((error as { code?: string }).code !== '42501' || attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 250));
    await dropDatabase(serverUrl, name, attempts - 1);
  }
}
