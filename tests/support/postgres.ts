// Tests that need PostgreSQL itself (two server processes on one database, LISTEN/NOTIFY across them, its
// restarts): tagged `postgres` (vitest.config.ts), and skipped, visibly, without DATABASE_URL. CI fails
// if one of them is skipped in its run on PostgreSQL (scripts/ci-summary.mjs).

/** Whether this run is on PostgreSQL (DATABASE_URL), not on the embedded database. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * The options of a test or suite that needs PostgreSQL: `describe('…', needsPostgres(), () => …)`.
 * `skip`: another reason it cannot run here (a missing binary outside CI).
 */
export function needsPostgres(skip = false): { tags: ['postgres']; skip: boolean } {
  return { tags: ['postgres'], skip: !onPostgres || skip };
}

/**
 * The options of a test or suite that runs once, in the run on the embedded database:
 * `describe('…', onceOnEmbedded(), () => …)`. For tests of the embedded database itself and of processes
 * given settings of their own (start-up failures, admin scripts on a data folder), which DATABASE_URL
 * does not change: running them again on PostgreSQL would repeat the same child processes. Skipped,
 * visibly, with DATABASE_URL; CI fails if one is skipped in its run on the embedded database.
 */
export function onceOnEmbedded(): { tags: ['embedded']; skip: boolean } {
  return { tags: ['embedded'], skip: onPostgres };
}
