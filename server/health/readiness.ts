import { sql, type Kysely } from 'kysely';
import { migrations } from '../../db/migrations/index.ts';
import type { Database } from '../../db/schema.ts';
import type { ChangeBus } from '../lib/changes.ts';
import type { CountQueue } from '../lib/count-batcher.ts';
import { QUEUES, type JobQueue } from '../jobs/queue.ts';
import { describeDatabaseError } from '../lib/db-errors.ts';
import type { OutageWatch } from '../lib/outage-watch.ts';

// Whether this process should be sent traffic (GET /health/ready): its database answers and has every
// migration this code knows, it hears the other processes' changes, its counters keep up (writes
// succeed, memory is not full, nothing the spill file refused waits in memory) and the e-mail outbox is
// not backed up.
// Each check says in words what is wrong. The outside services called on demand (photo storage, mail
// server) are checked too, but their outage leaves the process ready: every process shares them, so
// taking this one out of rotation would not help, and pages and short links are served without them.

/** 'ok', or what is wrong. */
export type CheckResult = 'ok' | string;

export interface ReadinessReport {
  ready: boolean;
  /** Some outside service fails, while the process is ready. */
  degraded: boolean;
  checks: Record<string, CheckResult>;
}

export interface ReadinessSources {
  db: Kysely<Database>;
  changes: ChangeBus;
  countQueues: ReadonlyMap<string, CountQueue>;
  jobs: JobQueue;
  outages: readonly OutageWatch[];
}

/** E-mails waiting to be sent past which a process is not ready: its outbox is not keeping up. */
export const MAIL_QUEUE_READY_LIMIT = 1_000;

/** How long the database may take to answer a check. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(db: Kysely<Database>): Promise<CheckResult> {
  try {
    await withTimeout(sql`select 1`.execute(db), 'the database');
    return 'ok';
  } catch (error) {
    return `unreachable: ${describeDatabaseError(error)}`;
  }
}

async function checkMigrations(db: Kysely<Database>): Promise<CheckResult> {
  try {
    const { rows } = await withTimeout(
      sql<{ name: string }>`select name from kysely_migration`.execute(db),
      'the database',
    );
    const applied = new Set(rows.map((row) => row.name));
    const missing = Object.keys(migrations).filter((name) => !applied.has(name));
    return missing.length === 0 ? 'ok' : `not applied: ${missing.join(', ')}`;
  } catch (error) {
    return `unknown: ${describeDatabaseError(error)}`;
  }
}

async function checkOutage(watch: OutageWatch): Promise<CheckResult> {
  try {
    return await withTimeout(watch.status(), watch.check);
  } catch (error) {
    return `unknown: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function checkMailQueue(jobs: JobQueue): Promise<CheckResult> {
  try {
    const waiting = await withTimeout(jobs.getQueueSize(QUEUES.mail), 'the job queue');
    return waiting < MAIL_QUEUE_READY_LIMIT ? 'ok' : `${waiting} e-mails waiting to be sent`;
  } catch (error) {
    return `unknown: ${describeDatabaseError(error)}`;
  }
}

function checkCounts(queue: CountQueue): CheckResult {
  const { failing, spillFailing, full, queued } = queue.status();
  if (spillFailing) return `the spill file cannot be written: ${spillFailing}`;
  if (failing) return `not written: ${failing} (${queued} waiting)`;
  if (full) return `memory full: ${queued} waiting, the rest spilled`;
  return 'ok';
}

export async function checkReadiness({
  db,
  changes,
  countQueues,
  jobs,
  outages,
}: ReadinessSources): Promise<ReadinessReport> {
  const [database, migrationState, mail, outsideServices] = await Promise.all([
    checkDatabase(db),
    checkMigrations(db),
    checkMailQueue(jobs),
    Promise.all(outages.map(async (watch) => [watch.check, await checkOutage(watch)] as const)),
  ]);
  const checks: Record<string, CheckResult> = {
    database,
    migrations: migrationState,
    listener: changes.connected ? 'ok' : 'not listening: changes made by other processes may be missed',
    mail,
  };
  for (const [name, queue] of countQueues) checks[`counts.${name}`] = checkCounts(queue);
  const ready = Object.values(checks).every((result) => result === 'ok');
  for (const [name, result] of outsideServices) checks[name] = result;
  const degraded = outsideServices.some(([, result]) => result !== 'ok');
  return { ready, degraded, checks };
}
