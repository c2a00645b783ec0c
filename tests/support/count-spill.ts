import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import type { Database } from '../../db/schema.ts';

// For tests of counting through a database outage: a database that never answers, a spill folder of the
// test's own, and the spill files as they were, to put back and replay twice.

/** A database nothing listens for (port 1): every query fails at once, as in an outage. */
export function unreachableDatabase(): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/none' }),
    }),
  });
}

/** A folder removed when the test ends. */
export function temporaryDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tapcard-spill-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The spill files in `dir`, by name. */
export function spillFiles(dir: string): Map<string, string> {
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

/** Puts spill files back as they were (a crash before the replay deleted them). */
export function restoreSpillFiles(dir: string, files: Map<string, string>): void {
  for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
}
