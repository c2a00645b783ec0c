// npm run backup:check: proves that a backup of the configured database restores whole. It backs the
// database up as npm run db:dump does, restores it into a fresh database (a temporary DATA_DIR, or a new
// database on the same PostgreSQL server, which needs CREATEDB), compares the rows of every table, prints
// them, removes the copy, and exits 1 on any difference (or when it found no table to compare).
import { checkBackup, formatComparison } from '../server/backup/service.ts';
import { parseConfig } from '../server/config.ts';

if (process.argv.length > 2) {
  console.error('usage: npm run backup:check');
  process.exit(2);
}
try {
  const { database } = parseConfig(process.env);
  const result = await checkBackup(database);
  console.log(formatComparison(result.rows));
  const rows = result.rows.reduce((sum, row) => sum + (row.original ?? 0), 0);
  if (result.rows.length === 0) {
    console.error('backup:check: no table to compare: is this Tapcard’s database (npm run db:migrate)?');
    process.exit(1);
  }
  if (result.differences > 0) {
    console.error(
      `backup:check: ${result.differences} of ${result.rows.length} tables differ after the restore`,
    );
    process.exit(1);
  }
  console.log(`Backup restored whole: ${result.rows.length} tables, ${rows} rows, the same in the copy.`);
} catch (error) {
  console.error(`backup:check: ${(error as Error).message}`);
  process.exit(1);
}
