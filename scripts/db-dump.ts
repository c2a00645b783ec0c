// npm run db:dump [-- FILE]: backs the configured database up into one file and says what it holds.
// PostgreSQL (DATABASE_URL): pg_dump's custom format, taken while the servers run. The embedded database:
// a gzipped tarball of DATA_DIR/pglite, taken only while no server holds it (stop the server first).
// Without FILE it is written in DATA_DIR/backups, outside the checkout and inside the Docker image's volume.
// Restore with npm run db:restore; docs/deploy.md, "Backups and restore".
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { dumpEmbedded, dumpPostgres } from '../server/backup/service.ts';
import { parseConfig } from '../server/config.ts';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error('usage: npm run db:dump [-- FILE]');
  process.exit(2);
}
try {
  const config = parseConfig(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const { database } = config;
  const defaultName = database.kind === 'postgres' ? `tapcard-${stamp}.dump` : `tapcard-${stamp}.tar.gz`;
  const file = path.resolve(args[0] ?? path.join(config.dataDir, 'backups', defaultName));
  await mkdir(path.dirname(file), { recursive: true });
  const counts =
    database.kind === 'postgres'
      ? await dumpPostgres(database.url, file)
      : await dumpEmbedded(database.dataDir ?? path.join(config.dataDir, 'pglite'), file);
  const rows = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(`Wrote ${file}: ${counts.size} tables, ${rows} rows.`);
} catch (error) {
  console.error(`db:dump: ${(error as Error).message}`);
  process.exit(1);
}
