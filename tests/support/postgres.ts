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
