import { randomBytes } from 'node:crypto';
import pg from 'pg';

// The benches' own PostgreSQL database, made beside the one DATABASE_URL names and dropped afterwards, so
// a bench never touches real data.

async function runAsAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database on the server of `serverUrl`: its URL, and how to drop it. */
export async function temporaryPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tapcard_bench_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAsAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
