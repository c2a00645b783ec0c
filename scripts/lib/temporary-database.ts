import { randomBytes } from 'node:crypto';
import { withDatabase, withPgClient } from '../../server/lib/pg-client.ts';

// The benches' own PostgreSQL database, made beside the one DATABASE_URL names and dropped afterwards, so
// a bench never touches real data.

/** A new empty database on the server of `serverUrl`: its URL, and how to drop it. */
export async function temporaryPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tapcard_bench_${randomBytes(6).toString('hex')}`;
  await withPgClient(serverUrl, (client) => client.query(`create database ${name}`));
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      await withPgClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
