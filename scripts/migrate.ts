// npm run db:migrate: applies pending migrations to the configured database and says what it did.
// The server also migrates at start; this is for deploys that migrate first. Refuses while a running
// server holds the embedded database (the lock in server/lib/data-dir-lock.ts).
import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/lib/db.ts';
import { StartupError } from '../server/lib/startup-error.ts';

try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config.database, pino({ level: 'warn' }));
  try {
    const results = await migrateToLatest(database.db);
    if (results.length === 0) console.log('Database is up to date: no migration to apply.');
    for (const result of results) console.log(`applied ${result.migrationName}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`db:migrate: ${error instanceof StartupError ? error.message : (error as Error).message}`);
  process.exit(1);
}
