import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PGLITE_OPTIONS, type DatabaseHandle } from '../../server/lib/db.ts';
import { PGliteDialect } from '../../server/lib/pglite-dialect.ts';
import { backToTemplateStatements } from './template-state.ts';

// The API suite's in-memory embedded databases, kept for reuse within a test worker (STYLE.md 3.5: each
// test file's app starts from the migrated template). Loading the template into a new PGlite costs about
// a second of CPU (its data directory unpacked into WebAssembly memory, then PostgreSQL started); emptying
// one back to the template's state costs a tenth of that. So a closed app's database is emptied and kept
// for the next app of the worker (the files of a worker run one after another, isolate: false).

const idle: PGlite[] = [];
let templateDump: Blob | undefined;

/** A new embedded database started from the migrated template dump of global-setup.ts. */
async function fromTemplate(templateFile: string): Promise<PGlite> {
  templateDump ??= new Blob([readFileSync(templateFile)]);
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: templateDump });
}

/** Back to the template's state (template-state.ts). */
async function empty(pglite: PGlite): Promise<void> {
  const statements = await backToTemplateStatements((sql, params) => pglite.query(sql, params));
  // a transaction a closed app left open (a test's failure) ends first
  await pglite.exec(`rollback; ${statements}`);
}

/**
 * The session of a kept database as the app's dialect sees it, except that closing it hands the database
 * back (emptied) instead of closing it.
 */
function lent(pglite: PGlite, giveBack: () => Promise<void>): PGlite {
  return {
    query: pglite.query.bind(pglite),
    exec: pglite.exec.bind(pglite),
    get waitReady() {
      return pglite.waitReady;
    },
    get closed() {
      return false;
    },
    close: giveBack,
  } as unknown as PGlite;
}

/** An in-memory embedded database in the template's state, for one app; its close() keeps it for the next. */
export async function leaseEmbeddedDatabase(templateFile: string): Promise<DatabaseHandle> {
  const pglite = idle.pop() ?? (await fromTemplate(templateFile));
  let closing: Promise<void> | undefined;
  const giveBack = () =>
    (closing ??= (async () => {
      try {
        await empty(pglite);
        idle.push(pglite);
      } catch {
        // left in a state that cannot be emptied (closed under a test): not kept
        await pglite.close().catch(() => undefined);
      }
    })());
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lent(pglite, giveBack)) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
