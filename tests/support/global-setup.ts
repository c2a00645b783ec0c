import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../db/migrate.ts';
import { PGliteDialect } from '../../server/lib/pglite-dialect.ts';
import { dropDatabase, withDatabase, withPgClient } from '../../server/lib/pg-client.ts';

// Migrating a database from nothing takes a second or more (several on PostgreSQL in WebAssembly); copying
// a migrated one takes a tenth of that. The API suite migrates one golden database once and every test file
// starts from a copy (STYLE.md 3.5): on PGlite a dump of its data directory, on PostgreSQL a template
// database that `CREATE DATABASE … TEMPLATE` copies.
// The tests that run the server and the admin scripts as processes run them bundled, as production does
// (scripts/build-server.mjs): under tsx each start would spend seconds compiling and resolving modules.

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    postgresTemplate: string | null;
    /** The folder of the bundled main.js, trials-expire.js and cleanup.js. */
    serverBundle: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const [serverBundle, template] = await Promise.all([
    bundleServer(),
    serverUrl ? createPostgresTemplate(serverUrl) : createPgliteTemplate(),
  ]);
  project.provide('serverBundle', serverBundle);
  project.provide('pgliteTemplate', serverUrl ? null : template);
  project.provide('postgresTemplate', serverUrl ? template : null);
  return async () => {
    rmSync(serverBundle, { recursive: true, force: true });
    if (serverUrl) {
      await dropDatabase(serverUrl, template);
    } else {
      rmSync(template, { force: true });
    }
  };
}

/** Bundles the server and scripts into a folder of dist/ (inside the project: they load node_modules). */
async function bundleServer(): Promise<string> {
  const outdir = path.join(ROOT, 'dist', `api-tests-${process.pid}`);
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', outdir], { cwd: ROOT });
  return outdir;
}

/** A dump of a migrated embedded database's data directory, in a file. */
async function createPgliteTemplate(): Promise<string> {
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  const file = path.join(tmpdir(), `tapcard-pglite-template-${process.pid}.tar`);
  try {
    await migrateToLatest(db);
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.destroy();
  }
  return file;
}

/** A migrated database on the server, closed again: PostgreSQL copies a template only while no one is on it. */
async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tapcard_template_${randomBytes(6).toString('hex')}`;
  await withPgClient(serverUrl, (client) => client.query(`create database ${name}`));
  const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, name), max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return name;
}
