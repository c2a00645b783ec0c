import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../server/config.ts';
import { dropDatabase, withDatabase, withPgClient } from '../../server/lib/pg-client.ts';

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
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * A bench's database: a temporary one beside the one DATABASE_URL names, or a temporary embedded one in a
 * folder named after `prefix`.
 */
export async function temporaryBenchDatabase(
  prefix: string,
): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    return {
      config: { kind: 'pglite', dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await temporaryPostgresDatabase(serverUrl);
  return { config: { kind: 'postgres', url }, drop };
}

/**
 * The database of a bench that runs the built app on `dataDir` (its DATA_DIR): a throwaway PostgreSQL
 * database on the server of `serverUrl`, or with none the embedded one the app makes in `dataDir`; with
 * the settings that point the app at it, and how to drop it.
 */
export async function appBenchDatabase(
  dataDir: string,
  serverUrl: string | undefined,
): Promise<{ config: DatabaseConfig; env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (!serverUrl) {
    return {
      config: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      env: { DATABASE_URL: '' },
      drop: async () => undefined,
    };
  }
  const { url, drop } = await temporaryPostgresDatabase(serverUrl);
  return { config: { kind: 'postgres', url }, env: { DATABASE_URL: url }, drop };
}
