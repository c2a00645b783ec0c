// npm run seed: creates the demo account (a complete card at /demo) in the configured database.
// Refuses in production unless --force, since it creates an account with a known e-mail address.
import { pino } from 'pino';
import { migrateToLatest } from '../db/migrate.ts';
import { createAuth } from '../server/auth/auth.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_CARD_PATH } from '../src/demo.ts';
import { seedDemoAccount } from '../server/demo/service.ts';
import { dnsTxtResolver } from '../server/domains/dns.ts';
import { webhooksWithoutQueue } from '../server/webhooks/delivery.ts';
import { crmWithoutQueue } from '../server/crm/sync.ts';
import { createLocalChangeBus } from '../server/lib/changes.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { createMediaStorage } from '../server/media/create-storage.ts';
import { openDatabase } from '../server/lib/db.ts';
import { StartupError } from '../server/lib/startup-error.ts';

try {
  const config = loadConfig(process.env);
  if (config.env === 'production' && !process.argv.includes('--force')) {
    throw new StartupError('refusing to seed a production database; add --force if you really mean it');
  }
  const logger = pino({ level: 'warn' });
  const database = await openDatabase(config.database, logger);
  // the seed sends no e-mail; better-auth is only configured with a mailer
  const mailer = createMailer(config, logger);
  // a new account: no running server has anything of it cached, so its notices need not leave here
  const changes = createLocalChangeBus();
  try {
    await migrateToLatest(database.db);
    const auth = await createAuth({
      db: database.db,
      config,
      secret: config.authSecret ?? '',
      logger,
      mailer,
      changes,
    });
    const storage = await createMediaStorage(config, logger);
    const result = await seedDemoAccount({
      db: database.db,
      config,
      mailer,
      storage,
      changes,
      ...webhooksWithoutQueue(),
      crm: crmWithoutQueue(),
      resolveTxt: dnsTxtResolver(config.dnsServers),
      auth,
    });
    if (result.created) {
      console.log(`Created the demo account: ${config.publicUrl}${DEMO_CARD_PATH}`);
      console.log(`Sign in as ${result.email} with the password ${result.password} (shown once).`);
    } else {
      console.log('The demo account already exists: nothing to do.');
    }
  } finally {
    await changes.close();
    await mailer.close();
    await database.close();
  }
} catch (error) {
  console.error(`seed: ${error instanceof StartupError ? error.message : (error as Error).message}`);
  process.exit(1);
}
