import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseConfig } from '../config.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { describeUrl } from '../lib/db.ts';
import { databaseErrorCode } from '../lib/db-errors.ts';
import { dropDatabase, withDatabase, withPgClient } from '../lib/pg-client.ts';
import { StartupError } from '../lib/startup-error.ts';

// Backups of either database (docs/deploy.md, "Backups and restore"), for npm run db:dump, db:restore and
// backup:check. PostgreSQL: pg_dump's custom format (-Fc) and pg_restore. The embedded database: PGlite's
// own dump of its data directory, a gzipped tarball, taken and restored only while no server holds it
// (the lock of data-dir-lock.ts), so the copy is consistent.

/** Schemas a backup must bring back whole: Tapcard's tables, and pg-boss's job tables when it has them. */
export const COUNTED_SCHEMAS = ['public', 'pgboss'];

/** Rows of each table, by "schema.table". */
export type RowCounts = Map<string, number>;

/** Something that runs one SQL text and returns its rows: a pg client, or a PGlite. */
export interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** The rows of every table (plain and partitioned) in COUNTED_SCHEMAS, counted exactly. */
export async function countRows(database: Queryable): Promise<RowCounts> {
  const { rows: tables } = (await database.query(
    `select n.nspname as schema, c.relname as name
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in (${COUNTED_SCHEMAS.map((s) => `'${s}'`).join(', ')})
      order by 1, 2`,
  )) as { rows: { schema: string; name: string }[] };
  const counts: RowCounts = new Map();
  for (const { schema, name } of tables) {
    const { rows } = (await database.query(
      `select count(*)::text as n from ${quoteIdent(schema)}.${quoteIdent(name)}`,
    )) as { rows: { n: string }[] };
    counts.set(`${schema}.${name}`, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface CountComparison {
  table: string;
  /** Null: the table is missing on that side. */
  original: number | null;
  restored: number | null;
  same: boolean;
}

/** Every table of either side with both counts; a table missing on one side is a difference too. */
export function compareCounts(original: RowCounts, restored: RowCounts): CountComparison[] {
  const tables = [...new Set([...original.keys(), ...restored.keys()])].sort();
  return tables.map((table) => {
    const a = original.get(table) ?? null;
    const b = restored.get(table) ?? null;
    return { table, original: a, restored: b, same: a !== null && a === b };
  });
}

/** The comparison as a text table, differences marked; `labels` name its two sides. */
export function formatComparison(rows: CountComparison[], labels = ['original', 'restored']): string {
  const show = (n: number | null) => (n === null ? 'missing' : String(n));
  const width = Math.max(5, ...rows.map((row) => row.table.length));
  const lines = [`${'table'.padEnd(width)}  ${labels[0]!.padStart(9)}  ${labels[1]!.padStart(9)}`];
  for (const row of rows) {
    lines.push(
      `${row.table.padEnd(width)}  ${show(row.original).padStart(9)}  ${show(row.restored).padStart(9)}${row.same ? '' : '  DIFFERENT'}`,
    );
  }
  return lines.join('\n');
}

// ---- the embedded database

/** Opens the embedded database in `dataDir` under its lock; close() releases both. */
export async function openEmbedded(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<{ pglite: PGlite; close(): Promise<void> }> {
  const release = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(dataDir, options);
    return {
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Writes `bytes` to `file` through a file beside it, so a failed dump never leaves half a backup. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, bytes);
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
}

/**
 * Dumps the embedded database in `dataDir` into `file` (a gzipped tarball of its data directory).
 * Refuses while a server holds it. Returns its row counts, read under the same lock as the dump.
 */
export async function dumpEmbedded(dataDir: string, file: string): Promise<RowCounts> {
  if (!(await isNonEmptyDir(dataDir))) {
    throw new StartupError(`There is no embedded database in ${dataDir} to back up`);
  }
  const database = await openEmbedded(dataDir);
  try {
    const counts = await countRows(database.pglite);
    const dump = await database.pglite.dumpDataDir('gzip');
    await writeWhole(file, new Uint8Array(await dump.arrayBuffer()));
    return counts;
  } finally {
    await database.close();
  }
}

/** Restores a dump of dumpEmbedded into `dataDir`, which must not hold a database yet. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<RowCounts> {
  const bytes = await readFile(file);
  if (!isGzip(bytes)) {
    throw new StartupError(
      `${file} is not a dump of the embedded database (a gzipped tarball from npm run db:dump without DATABASE_URL)`,
    );
  }
  if (await isNonEmptyDir(dataDir)) {
    throw new StartupError(
      `${dataDir} already holds a database: restore into a new DATA_DIR (or move that folder away first)`,
    );
  }
  const database = await openEmbedded(dataDir, { loadDataDir: new Blob([new Uint8Array(bytes)]) });
  try {
    return await countRows(database.pglite);
  } finally {
    await database.close();
  }
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

// ---- PostgreSQL

/** A PostgreSQL URL without its password, and the password apart: pg_dump's command line is public. */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** Runs pg_dump or pg_restore against `url`; rejects with its own message when it fails. */
function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const { url: bare, password } = splitPassword(url);
  const child = spawn(tool, [`--dbname=${bare}`, ...args], {
    env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new StartupError(
              `${tool} was not found: install PostgreSQL's client programs (apt-get install postgresql-client) in the version of the server or newer, or put their folder on PATH`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new StartupError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}

/**
 * Dumps the PostgreSQL database at `url` into `file` (pg_dump -Fc) while the servers keep running, and
 * returns its row counts as of the very snapshot the dump was taken from (pg_dump --snapshot), so the
 * counts and the dump agree however busy the database is.
 */
export async function dumpPostgres(url: string, file: string): Promise<RowCounts> {
  return withPgClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const counts = await countRows(client);
      const partial = `${file}.partial`;
      try {
        await runPgTool('pg_dump', url, [
          '--format=custom',
          `--snapshot=${rows[0]?.snapshot ?? ''}`,
          `--file=${partial}`,
        ]);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, file);
      return counts;
    } finally {
      await client.query('rollback');
    }
  });
}

/** Restores a dump of dumpPostgres into the database at `url`, made if missing, which must hold no table yet. */
export async function restorePostgres(file: string, url: string): Promise<RowCounts> {
  const head = Buffer.alloc(5);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1') !== 'PGDMP') {
    throw new StartupError(
      `${file} is not a PostgreSQL dump in pg_dump's custom format (npm run db:dump with DATABASE_URL, or pg_dump -Fc)`,
    );
  }
  await prepareRestoreTarget(url);
  // owners and grants are the restoring role's: the dump may come from a server with other roles
  await runPgTool('pg_restore', url, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    file,
  ]);
  return withPgClient(url, async (client) => countRows(client));
}

/**
 * Readies the database of `url` for a restore: made when it does not exist (by the role of the URL, which
 * then owns it), refused when it has tables (a backup never mixes into live data) or when that role may
 * not create tables in it: on PostgreSQL 15 and later only a database's owner may by default, so a
 * database made by a superuser without `-O` takes no restore.
 */
export async function prepareRestoreTarget(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  const role = decodeURIComponent(parsed.username) || 'the role of DATABASE_URL';
  const target = await withPgClient(url, async (client) => {
    const tables = (await countRows(client)).size;
    const { rows } = await client.query<{ allowed: boolean }>(
      "select has_schema_privilege('public', 'CREATE') as allowed",
    );
    return { tables, canCreateTables: rows[0]?.allowed === true };
  }).catch((error: unknown) => {
    if (databaseErrorCode(error) === INVALID_CATALOG_NAME) return null;
    throw error;
  });
  if (target === null) return createRestoreTarget(url, name, role);
  if (target.tables > 0) {
    throw new StartupError(
      `The database at ${describeUrl(url)} already has tables: restore into a database that does not exist yet (db:restore makes it) or has no table`,
    );
  }
  if (!target.canCreateTables) {
    throw new StartupError(
      `The role ${role} may not create tables in ${describeUrl(url)} (PostgreSQL 15 and later let only a database's owner do so): as a superuser run ALTER DATABASE ${quoteIdent(name)} OWNER TO ${quoteIdent(role)}, or drop it and let db:restore make it`,
    );
  }
}

/** PostgreSQL's code for a database that does not exist. */
const INVALID_CATALOG_NAME = '3D000';
const INSUFFICIENT_PRIVILEGE = '42501';

/** Makes the database `name` on the server of `url`, owned by the URL's role, from the empty template. */
async function createRestoreTarget(url: string, name: string, role: string): Promise<void> {
  // the server's maintenance database, as createdb connects to it; template1 where "postgres" was dropped
  for (const maintenance of ['postgres', 'template1']) {
    try {
      await withPgClient(withDatabase(url, maintenance), (client) =>
        client.query(`create database ${quoteIdent(name)} template template0`),
      );
      return;
    } catch (error) {
      if (databaseErrorCode(error) === INVALID_CATALOG_NAME && maintenance === 'postgres') continue;
      if (databaseErrorCode(error) === INSUFFICIENT_PRIVILEGE) {
        throw new StartupError(
          `The database at ${describeUrl(url)} does not exist, and the role ${role} may not create databases: as a superuser run CREATE DATABASE ${quoteIdent(name)} OWNER ${quoteIdent(role)} (or ALTER ROLE ${quoteIdent(role)} CREATEDB), then restore again`,
        );
      }
      throw error;
    }
  }
}

// ---- the check

export interface BackupCheck {
  /** Where the copy went: a temporary folder or database, gone again when the check ends. */
  restoredInto: string;
  rows: CountComparison[];
  /** Tables whose counts differ, or that one side lacks. */
  differences: number;
}

/**
 * Backs the configured database up, restores the backup into a fresh database (a new temporary data
 * directory, or a new database on the same PostgreSQL server, made by the same role), compares the row
 * counts of every table and removes the copy. `alterRestored` runs on the copy before it is counted:
 * only the tests use it, to prove that a copy that differs is reported.
 */
export async function checkBackup(
  database: DatabaseConfig,
  options: { alterRestored?: (copy: Queryable) => Promise<void> } = {},
): Promise<BackupCheck> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'tapcard-backup-check-'));
  try {
    if (database.kind === 'pglite') {
      if (!database.dataDir) throw new StartupError('An embedded database in memory has nothing to back up');
      const file = path.join(workDir, 'tapcard.tar.gz');
      const original = await dumpEmbedded(database.dataDir, file);
      const copyDir = path.join(workDir, 'pglite');
      await restoreEmbedded(file, copyDir);
      const copy = await openEmbedded(copyDir);
      try {
        await options.alterRestored?.(copy.pglite);
        const rows = compareCounts(original, await countRows(copy.pglite));
        return { restoredInto: copyDir, rows, differences: rows.filter((row) => !row.same).length };
      } finally {
        await copy.close();
      }
    }
    const file = path.join(workDir, 'tapcard.dump');
    const original = await dumpPostgres(database.url, file);
    const name = `tapcard_backup_check_${randomBytes(6).toString('hex')}`;
    await withPgClient(database.url, (client) =>
      client.query(`create database ${name} template template0`),
    ).catch((error: unknown) => {
      throw new StartupError(
        `Cannot create a database to restore into (${(error as Error).message}): the role of DATABASE_URL needs CREATEDB for this check`,
      );
    });
    const copyUrl = withDatabase(database.url, name);
    try {
      await restorePostgres(file, copyUrl);
      const restored = await withPgClient(copyUrl, async (client) => {
        await options.alterRestored?.(client);
        return countRows(client);
      });
      const rows = compareCounts(original, restored);
      return {
        restoredInto: describeUrl(copyUrl),
        rows,
        differences: rows.filter((row) => !row.same).length,
      };
    } finally {
      await dropDatabase(database.url, name);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
