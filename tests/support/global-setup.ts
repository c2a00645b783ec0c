import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../db/migrate.ts';
import { PGliteDialect } from '../../server/lib/pglite-dialect.ts';

// Starting PostgreSQL in WebAssembly from nothing takes seconds; loading a dump takes under one. The API
// suite migrates one embedded database once, dumps it, and every test file starts from that dump
// (STYLE.md 3.5: a golden database copied per file).

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  const file = path.join(tmpdir(), `tapcard-pglite-template-${process.pid}.tar`);
  try {
    await migrateToLatest(db);
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
