import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../db/migrate.ts';
import { PGliteDialect } from '../../server/lib/pglite-dialect.ts';
import { dropDatabase, withDatabase, withPgClient } from '../../server/lib/pg-client.ts';
import { dropKeptDatabases } from './postgres-databases.ts';

// Migrating a database from nothing takes a second or more (several on PostgreSQL in WebAssembly); copying
// a migrated one takes a tenth of that. The API suite migrates one golden database and every test file
// starts from a copy (STYLE.md 3.5): on PGlite a dump of its data directory (kept between runs), on
// PostgreSQL a template database that `CREATE DATABASE … TEMPLATE` copies.
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
    // the embedded template is kept for the next run (createPgliteTemplate)
    if (!serverUrl) return;
    await dropKeptDatabases(serverUrl, template);
    await dropDatabase(serverUrl, template);
  };
}

/** Bundles the server and scripts into a folder of dist/ (inside the project: they load node_modules). */
async function bundleServer(): Promise<string> {
  const outdir = path.join(ROOT, 'dist', `api-tests-${process.pid}`);
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', outdir], { cwd: ROOT });
  return outdir;
}

/**
 * A dump of a migrated embedded database's data directory, in a file kept between runs: making one costs
 * about 6 s (PostgreSQL's initdb in WebAssembly, then every migration), so it is made again only when a
 * migration or PGlite changes (the file's name is a hash of both), which keeps one file's run short.
 */
async function createPgliteTemplate(): Promise<string> {
  const file = path.join(TEMPLATE_CACHE, `pglite-template-${pgliteTemplateKey()}.tar`);
  if (existsSync(file)) return file;
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    mkdirSync(TEMPLATE_CACHE, { recursive: true });
    for (const old of readdirSync(TEMPLATE_CACHE)) rmSync(path.join(TEMPLATE_CACHE, old), { force: true });
    // written under another name first: a run reading the folder never sees half a file
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  } finally {
    await db.destroy();
  }
  return file;
}

/** Where the template is kept between runs (beside Vite's own cache). */
const TEMPLATE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'tapcard-tests');

/** What the template is made from: every migration, and the version of PGlite that made it. */
function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(ROOT, 'db', 'migrations');
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name).update(readFileSync(path.join(migrations, name)));
  }
  hash.update(readFileSync(path.join(ROOT, 'db', 'migrate.ts')));
  hash.update(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
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
