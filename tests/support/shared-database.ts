import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { openDatabase } from '../../server/lib/db.ts';
import { embeddedAt } from './admin-script.ts';
import { createTestDatabase } from './harness.ts';

// One database for two apps in a row (or at once, on PostgreSQL), as a restart or a second machine sees
// it: for the admin jobs run by the server's own schedule (tests/api/jobs.test.ts, plan-ends.test.ts).

/** The same database for two apps in a row (or at once, on PostgreSQL); dropped at the end. */
export async function sharedDatabase(): Promise<{ overrides: Partial<Config>; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const database = await createTestDatabase();
    return { overrides: { database: database.config }, drop: () => database.drop() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tapcard-jobs-'));
  return {
    overrides: embeddedAt(dataDir),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Opens the database of an app closed before (no template copied over it) and builds a new app on it. */
export async function reopen(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database = await openDatabase(config.database, pino({ level: 'silent' }));
  return buildApp(config, { logger: false, database, maintenance: 'off', ...options });
}
