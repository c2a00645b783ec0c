import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { pino } from 'pino';
import { migrations } from '../../db/migrations/index.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ensureQueue, startJobQueue, stopJobQueue } from '../jobs/queue.ts';
import { describeUrl, openDatabase } from '../lib/db.ts';
import { withPgClient } from '../lib/pg-client.ts';
import { StartupError } from '../lib/startup-error.ts';
import {
  compareCounts,
  countRows,
  openEmbedded,
  prepareRestoreTarget,
  quoteIdent,
  type CountComparison,
} from './service.ts';

// The growth path from the embedded database to PostgreSQL (docs/deploy.md, "A plain server";
// scripts/db-to-postgres.ts). PGlite runs a newer PostgreSQL than most servers and no pg_dump of a server
// can read it, so the copy goes through SQL: the target is migrated by the app's own migrations (the same
// tables, indexes and constraints), the job queue's schema made by pg-boss itself, and then every row of
// every table copied as text and cast back to its column's type, which round-trips every type exactly
// (timestamps with their offset, numerics, JSON, bytea, arrays). The source is held under its lock the
// whole time, so no server writes to it meanwhile; the target must be new, as a restore's is.

/** Rows read and written at a time: few enough to keep memory flat on a table of millions. */
export const BATCH_ROWS = 2_000;
/** A table this large says how far it got every so many rows. */
export const PROGRESS_EVERY_ROWS = 50_000;

export interface CopyToPostgres {
  rows: CountComparison[];
  differences: number;
}

interface Column {
  name: string;
  type: string;
}

interface Table {
  schema: string;
  name: string;
  columns: Column[];
  /** The primary key's columns, which the copy reads in order of; empty: the table is read at once. */
  key: string[];
}

/**
 * Copies the embedded database in `dataDir` into the new PostgreSQL database at `url` (made when it does
 * not exist, refused when it has tables), then counts the rows of every table on both sides. `say` is
 * told each step and the progress of large tables.
 */
export async function copyEmbeddedToPostgres(
  dataDir: string,
  url: string,
  say: (line: string) => void,
): Promise<CopyToPostgres> {
  const source = await openEmbedded(dataDir);
  try {
    await requireMigrated(source.pglite, dataDir);
    await prepareRestoreTarget(url);
    try {
      await copyInto(source.pglite, url, say);
    } catch (error) {
      // nothing half-copied stays: the target is as it was (empty, or made), and a second run can begin
      await clearTarget(url).catch(() => undefined);
      throw error;
    }
    const rows = compareCounts(
      await countRows(source.pglite),
      await withPgClient(url, (client) => countRows(client)),
    );
    return { rows, differences: rows.filter((row) => !row.same).length };
  } finally {
    await source.close();
  }
}

/** The schema, then every row in one transaction, the foreign keys checked at its end. */
async function copyInto(source: PGlite, url: string, say: (line: string) => void): Promise<void> {
  say(`Making the tables in ${describeUrl(url)}…`);
  await makeSchema(url, await queuesOf(source));
  const tables = await tablesOf(source);
  say('Copying the rows, table by table:');
  await withPgClient(url, async (target) => {
    await target.query('begin');
    const foreignKeys = await dropForeignKeys(target);
    for (const table of tables) {
      // what the migrations wrote there (their own record, rows they seed) comes from the source too
      await target.query(`delete from ${qualified(table)}`);
      await target.query(`alter table ${qualified(table)} disable trigger user`);
      const copied = await copyTable(source, target, table, (done) =>
        say(`  ${table.schema}.${table.name}: ${done}…`),
      );
      await target.query(`alter table ${qualified(table)} enable trigger user`);
      say(`  ${table.schema}.${table.name}: ${copied}`);
    }
    await copySequences(source, target);
    say('Checking every foreign key…');
    for (const key of foreignKeys) {
      await target.query(`alter table ${key.table} add constraint ${quoteIdent(key.name)} ${key.definition}`);
    }
    await target.query('commit');
  });
}

/** Removes what a failed copy made in the target: its tables, types and functions, and the job queue's. */
async function clearTarget(url: string): Promise<void> {
  await withPgClient(url, (client) =>
    client.query('drop schema if exists pgboss cascade; drop schema public cascade; create schema public'),
  );
}

/** The source must be at this version's last migration: a server of this version started on it once. */
async function requireMigrated(source: PGlite, dataDir: string): Promise<void> {
  const { rows } = await source.query<{ name: string }>('select name from kysely_migration').catch(() => ({
    rows: [] as { name: string }[],
  }));
  const applied = new Set(rows.map((row) => row.name));
  const missing = Object.keys(migrations).filter((name) => !applied.has(name));
  if (missing.length > 0) {
    throw new StartupError(
      `The embedded database in ${dataDir} lacks ${missing.length} of this version's migrations: start this version's server on it once (it migrates at start), stop it, and copy again`,
    );
  }
}

type QueueRow = {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
};

/** The job queue's queues with their settings; null where no server ever started the queue there. */
async function queuesOf(source: PGlite): Promise<QueueRow[] | null> {
  const { rows } = await source.query<{ found: string | null }>(
    "select to_regclass('pgboss.queue')::text as found",
  );
  if (!rows[0]?.found) return null;
  return (await source.query<QueueRow>('select * from pgboss.queue order by name')).rows;
}

/** The app's tables by its migrations, and the job queue's schema and queues by pg-boss, as a server makes them. */
async function makeSchema(url: string, queues: QueueRow[] | null): Promise<void> {
  const logger = pino({ level: 'silent' });
  const database = await openDatabase({ kind: 'postgres', url, poolMax: 2 }, logger);
  try {
    await migrateToLatest(database.db);
    // no queue in the source: the first server makes it, as it would have there
    if (queues === null) return;
    const boss = await startJobQueue(database.db, logger);
    try {
      // a queue's dead letter queue first: the queue names it
      const ordered = [...queues].sort(
        (a, b) => Number(a.dead_letter !== null) - Number(b.dead_letter !== null),
      );
      for (const queue of ordered) {
        await ensureQueue(boss, queue.name, {
          ...(queue.policy ? { policy: queue.policy as 'standard' } : {}),
          ...(queue.retry_limit !== null ? { retryLimit: queue.retry_limit } : {}),
          ...(queue.retry_delay !== null ? { retryDelay: queue.retry_delay } : {}),
          ...(queue.retry_backoff !== null ? { retryBackoff: queue.retry_backoff } : {}),
          ...(queue.expire_seconds !== null ? { expireInSeconds: queue.expire_seconds } : {}),
          ...(queue.retention_minutes !== null ? { retentionMinutes: queue.retention_minutes } : {}),
          ...(queue.dead_letter ? { deadLetter: queue.dead_letter } : {}),
        });
      }
    } finally {
      await stopJobQueue(boss);
    }
  } finally {
    await database.close();
  }
}

/**
 * The tables whose rows are copied: every table of the app, and the job queue's jobs (pg-boss made its
 * version and queues in the target itself). A partitioned table is copied through its parent.
 */
async function tablesOf(source: PGlite): Promise<Table[]> {
  const { rows } = await source.query<{ schema: string; name: string; oid: number }>(
    `select n.nspname as schema, c.relname as name, c.oid
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and (n.nspname = 'public' or (n.nspname = 'pgboss' and c.relname not in ('version', 'queue')))
      order by 1, 2`,
  );
  const tables: Table[] = [];
  for (const { schema, name, oid } of rows) {
    const columns = (
      await source.query<Column>(
        `select attname as name, format_type(atttypid, atttypmod) as type from pg_catalog.pg_attribute
          where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [oid],
      )
    ).rows;
    const key = (
      await source.query<{ name: string }>(
        `select a.attname as name from pg_catalog.pg_index i
           join unnest(i.indkey) with ordinality as k(attnum, position) on true
           join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = $1 and i.indisprimary order by k.position`,
        [oid],
      )
    ).rows.map((row) => row.name);
    tables.push({ schema, name, columns, key });
  }
  return tables;
}

function qualified(table: { schema: string; name: string }): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

/** Drops the target's foreign keys for the copy (rows arrive table by table), returning them to add back. */
async function dropForeignKeys(
  target: pg.Client,
): Promise<{ table: string; name: string; definition: string }[]> {
  const { rows } = await target.query<{ schema: string; relname: string; name: string; definition: string }>(
    `select n.nspname as schema, c.relname, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_catalog.pg_constraint k join pg_catalog.pg_class c on c.oid = k.conrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const keys = rows.map((row) => ({
    table: qualified({ schema: row.schema, name: row.relname }),
    name: row.name,
    definition: row.definition,
  }));
  for (const key of keys)
    await target.query(`alter table ${key.table} drop constraint ${quoteIdent(key.name)}`);
  return keys;
}

/** Copies one table's rows in batches, in the order of its primary key; returns how many. */
async function copyTable(
  source: PGlite,
  target: pg.Client,
  table: Table,
  progress: (done: number) => void,
): Promise<number> {
  const names = table.columns.map((column) => quoteIdent(column.name));
  // the key named through the table's alias: a bare name in ORDER BY would be the text column of the
  // select list, sorted as text, against the WHERE's comparison of the real column
  const read = `select ${names.map((name) => `source_row.${name}::text`).join(', ')} from ${qualified(table)} as source_row`;
  const keyIndexes = table.key.map((name) => table.columns.findIndex((column) => column.name === name));
  const keyList = table.key.map((name) => `source_row.${quoteIdent(name)}`).join(', ');
  const keyCasts = table.key.map((name, index) => {
    const type = table.columns.find((column) => column.name === name)?.type ?? 'text';
    return `$${index + 1}::${type}`;
  });
  let after: (string | null)[] | null = null;
  let copied = 0;
  for (;;) {
    const batch: { rows: (string | null)[][] } =
      table.key.length === 0
        ? await source.query(read, [], { rowMode: 'array' })
        : await source.query(
            `${read}${after ? ` where (${keyList}) > (${keyCasts.join(', ')})` : ''} order by ${keyList} limit ${BATCH_ROWS}`,
            after ?? [],
            { rowMode: 'array' },
          );
    if (batch.rows.length === 0) break;
    await insertRows(target, table, batch.rows);
    const before = copied;
    copied += batch.rows.length;
    if (Math.floor(copied / PROGRESS_EVERY_ROWS) > Math.floor(before / PROGRESS_EVERY_ROWS)) progress(copied);
    if (table.key.length === 0 || batch.rows.length < BATCH_ROWS) break;
    const last = batch.rows.at(-1)!;
    after = keyIndexes.map((index) => last[index] ?? null);
  }
  return copied;
}

/** Inserts rows of text values, each cast back to its column's type, as many per statement as fit. */
async function insertRows(target: pg.Client, table: Table, rows: (string | null)[][]): Promise<void> {
  const names = table.columns.map((column) => quoteIdent(column.name)).join(', ');
  // PostgreSQL takes at most 65 535 parameters in one statement
  const perStatement = Math.max(1, Math.min(rows.length, Math.floor(30_000 / table.columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    const values = slice.map(
      (_, row) =>
        `(${table.columns.map((column, index) => `$${row * table.columns.length + index + 1}::${column.type}`).join(', ')})`,
    );
    await target.query(
      `insert into ${qualified(table)} (${names}) overriding system value values ${values.join(', ')}`,
      slice.flat(),
    );
  }
}

/** Every sequence of the app's tables where the source left it, so new rows do not reuse an id. */
async function copySequences(source: PGlite, target: pg.Client): Promise<void> {
  const { rows } = await source.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_catalog.pg_sequences where schemaname = 'public'`,
  );
  for (const sequence of rows) {
    const name = qualified(sequence);
    const state = await source.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    const { last_value: lastValue, is_called: isCalled } = state.rows[0]!;
    await target.query(`select setval($1, $2::bigint, $3)`, [name, lastValue, isCalled]);
  }
}
