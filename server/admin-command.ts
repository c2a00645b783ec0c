import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from './config.ts';
import { createLocalChangeBus } from './lib/changes.ts';
import { EmbeddedDatabaseInUseError } from './lib/data-dir-lock.ts';
import { openDatabase } from './lib/db.ts';
import { StartupError } from './lib/startup-error.ts';
import { createMailer } from './mail/mailer.ts';
import { createMediaStorage } from './media/create-storage.ts';
import type { AppDeps } from './lib/app-deps.ts';
import { createWebhookOutbox } from './webhooks/delivery.ts';
import { createCrmOutbox } from './crm/sync.ts';
import { dnsTxtResolver } from './domains/dns.ts';
import { systemResolver } from './webhooks/target.ts';
import { startJobQueue, stopJobQueue } from './jobs/queue.ts';

// What the admin commands (scripts/trials-expire.ts, scripts/cleanup.ts) share: their one option, the
// app's parts built from the environment as the server builds them (but mail sent at once, through the
// transport, not the outbox), a clear refusal while a server holds the embedded database (it runs the
// jobs itself: server/maintenance-schedule.ts), and one line on failure.

export interface AdminCommandOptions {
  /** --dry-run: report what would be done, change and send nothing. */
  dryRun: boolean;
}

/**
 * Runs `job` as the command `name` and exits with the code it returns (1 on an error, 2 on a bad
 * argument). Never returns.
 */
export async function runAdminCommand(
  name: string,
  job: (deps: AppDeps, options: AdminCommandOptions) => Promise<number>,
): Promise<never> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) {
    console.error(`${name}: unknown option ${unknown.join(' ')}\nusage: npm run ${name} [-- --dry-run]`);
    process.exit(2);
  }
  let exitCode: number;
  try {
    const config = loadConfig(process.env);
    const logger = pino({ level: 'warn' });
    const database = await openDatabase(config.database, logger).catch((error: unknown) => {
      if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
      throw new StartupError(
        `the embedded database in ${config.dataDir} is held by ${error.holderText}. A running server runs this job itself on its schedule: nothing to do by hand. To run it now, stop the server first; to run it beside the servers, use PostgreSQL (DATABASE_URL).`,
      );
    });
    const mailer = createMailer(config, logger);
    // only accounts that could never sign in are deleted: no running server has anything of them cached
    const changes = createLocalChangeBus();
    try {
      await migrateToLatest(database.db);
      const storage = await createMediaStorage(config, logger);
      // events of a command are queued; the servers' workers deliver them
      const queue = await startJobQueue(database.db, logger);
      try {
        const webhooks = createWebhookOutbox(queue, config);
        exitCode = await job(
          {
            db: database.db,
            config,
            mailer,
            storage,
            changes,
            webhooks,
            crm: createCrmOutbox(queue),
            resolveHost: systemResolver,
            resolveTxt: dnsTxtResolver(config.dnsServers),
          },
          { dryRun: args.includes('--dry-run') },
        );
      } finally {
        await stopJobQueue(queue);
      }
    } finally {
      await changes.close();
      await mailer.close();
      await database.close();
    }
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
    exitCode = 1;
  }
  process.exit(exitCode);
}
