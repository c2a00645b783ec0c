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
