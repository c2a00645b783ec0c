// npm run db:to-postgres -- postgres://USER:PASSWORD@HOST:5432/DATABASE: copies the embedded database of
// DATA_DIR (the server stopped: it holds the database's lock) into a new PostgreSQL database, made when it
// does not exist (the URL's role then owns it) and refused when it has tables, then prints the rows of
// every table on both sides. Point the servers' DATABASE_URL at it afterwards (docs/deploy.md, "A plain server").
import path from 'node:path';
import { copyEmbeddedToPostgres } from '../server/backup/copy-to-postgres.ts';
import { formatComparison } from '../server/backup/service.ts';
import { describeUrl } from '../server/lib/db.ts';
import { parseConfig } from '../server/config.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || !/^postgres(ql)?:\/\//.test(args[0] ?? '')) {
  console.error('usage: npm run db:to-postgres -- postgres://USER:PASSWORD@HOST:5432/DATABASE');
  process.exit(2);
}
const url = args[0]!;
try {
  const config = parseConfig(process.env);
  if (config.database.kind === 'postgres') {
    throw new Error(
      'DATABASE_URL is set: the copy reads the embedded database of DATA_DIR, so run it without DATABASE_URL (the target is the URL given)',
    );
  }
  const dataDir = config.database.dataDir ?? path.join(config.dataDir, 'pglite');
  console.log(`Copying the embedded database in ${dataDir} to ${describeUrl(url)}…`);
  const copy = await copyEmbeddedToPostgres(dataDir, url, (line) => console.log(line));
  console.log(formatComparison(copy.rows, ['embedded', 'copy']));
  const rows = copy.rows.reduce((sum, row) => sum + (row.original ?? 0), 0);
  if (copy.differences > 0) {
    console.error(`db:to-postgres: ${copy.differences} tables differ in the copy (marked DIFFERENT above)`);
    process.exit(1);
  }
  console.log(
    `Copied whole: ${copy.rows.length} tables, ${rows} rows. Set DATABASE_URL to it for the servers; the embedded database is left as it was.`,
  );
} catch (error) {
  console.error(`db:to-postgres: ${(error as Error).message}`);
  process.exit(1);
}
