// npm run db:restore -- FILE: loads a backup of npm run db:dump into the configured database, which must
// be new: DATABASE_URL's database (made by its role when it does not exist, or an existing one with no
// table), or a DATA_DIR without an embedded database. It never overwrites data. docs/deploy.md, "Backups and restore".
import path from 'node:path';
import { restoreEmbedded, restorePostgres } from '../server/backup/service.ts';
import { parseConfig } from '../server/config.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]?.startsWith('-')) {
  console.error('usage: npm run db:restore -- FILE');
  process.exit(2);
}
try {
  const config = parseConfig(process.env);
  const file = path.resolve(args[0] ?? '');
  const { database } = config;
  const counts =
    database.kind === 'postgres'
      ? await restorePostgres(file, database.url)
      : await restoreEmbedded(file, database.dataDir ?? path.join(config.dataDir, 'pglite'));
  const rows = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(`Restored ${file}: ${counts.size} tables, ${rows} rows.`);
} catch (error) {
  console.error(`db:restore: ${(error as Error).message}`);
  process.exit(1);
}
