import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { sqlScript } from '../lib/pglite-dialect.ts';

// The job queue: pg-boss, in the app's own database (its tables live in the schema `pgboss`). A job is
// fetched with FOR UPDATE SKIP LOCKED, so each runs once however many processes work the queue, and it
// stays in the database until done, so it survives restarts. pg-boss talks to the database through the
// app's Kysely (queueDb): on PostgreSQL the app's pool, on the embedded database the one PGlite session
// behind the dialect's lock, which every request shares (server/lib/pglite-dialect.ts).

export type JobQueue = PgBoss;

/** The queues of the app. */
export const QUEUES = {
  mail: 'mail',
  /** Messages given up after their last retry (pg-boss's dead letter queue of `mail`). */
  mailGivenUp: 'mail-given-up',
  trialReminders: 'trial-reminders',
  cleanup: 'cleanup',
  /** The custom domains' checks (server/domains/service.ts checkDueDomains). */
  domainChecks: 'domain-checks',
  /** The daily e-mail of new leads (server/leads/notify.ts sendLeadDigests). */
  leadDigest: 'lead-digest',
  /** Outgoing webhook deliveries, one attempt per job (server/webhooks/delivery.ts). */
  webhooks: 'webhooks',
  /** Leads sent to the accounts' CRMs, one try per job (server/crm/sync.ts). */
  crm: 'crm',
} as const;

/**
 * How long close() waits for the jobs in hand (server/jobs/worker.ts) before it gives them back for
 * another process. Well inside the 10 s a SIGTERM leaves (server/main.ts).
 */
export const WORKER_STOP_TIMEOUT_MS = 5_000;

/**
 * pg-boss's database interface over a Kysely instance (the app's, or a transaction's: a job sent with it
 * is stored, or not, with the transaction). pg-boss sends its set-up and maintenance as texts of several
 * statements without parameters, some of them a transaction (BEGIN; … COMMIT;): those run as a script on
 * one connection, rolled back there if they fail, so no connection is left inside a failed transaction.
 */
export function queueDb<DB>(db: Kysely<DB>): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return db.executeQuery(CompiledQuery.raw(text, values));
      if (db.isTransaction) return db.executeQuery(sqlScript(text));
      return db.connection().execute(async (connection) => {
        try {
          return await connection.executeQuery(sqlScript(text));
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/**
 * Starts pg-boss on the app's database (creating or upgrading its schema). The app's workers are started
 * on it afterwards (server/jobs/worker.ts), and the admin jobs' schedule is the app's own
 * (server/maintenance-schedule.ts): pg-boss's cron is off.
 */
export async function startJobQueue<DB>(db: Kysely<DB>, logger: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss({
    db: queueDb(db),
    schema: 'pgboss',
    schedule: false,
    // Finished jobs leave the live table after an hour and the archive after a week, for an operator
    // looking into a delivery. Jobs hold ids only: what they are about (a message, a delivery) is in the
    // app's own tables, which keep personal data only as long as they need it (server/mail/outbox.ts).
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
  });
  // a failed poll or maintenance round (the database away for a moment): pg-boss tries again by itself
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue: database call failed'));
  await boss.start();
  return boss;
}

const CREATE_QUEUE_ATTEMPTS = 5;

/**
 * Creates a queue unless it exists. Processes starting together on a new database may create the same
 * queue at once, and PostgreSQL then ends one of them as a deadlock: that one looks again, and finds it.
 */
export async function ensureQueue(boss: JobQueue, name: string, options: Omit<PgBoss.Queue, 'name'> = {}) {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, { ...options, name });
      return;
    } catch (error) {
      if (attempt >= CREATE_QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 100 * (1 + Math.random())));
    }
  }
}

/** Stops pg-boss's maintenance timers. The app's workers are stopped before (server/jobs/worker.ts). */
export async function stopJobQueue(boss: JobQueue): Promise<void> {
  await boss.stop({ graceful: true, timeout: 1_000, close: false });
}
