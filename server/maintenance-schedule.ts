import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sendPlanEndNotices } from './billing/plan-ends.ts';
import { cleanUp } from './cleanup/service.ts';
import { checkDueDomains } from './domains/service.ts';
import { sendLeadDigests } from './leads/notify.ts';
import { sendTrialReminders } from './trials/service.ts';
import type { AppDeps } from './lib/app-deps.ts';
import { ensureQueue, QUEUES, queueDb, type JobQueue } from './jobs/queue.ts';
import { startWorker } from './jobs/worker.ts';

// The admin jobs run on a schedule kept by the app. Every server process looks at it every
// `cronCheckSeconds` and queues the latest slot's run unless another process did: it claims the slot in
// scheduled_runs in the same transaction as the job it queues, so each run happens once however many
// processes there are, with either database, and a slot missed while no server ran is run at the next
// start. pg-boss's own cron is off (server/jobs/queue.ts): its schedule worker does not await its calls,
// and one made as the database goes away ends the process. `npm run trials:expire` and `npm run cleanup`
// remain for a run by hand (docs/operations.md, "Admin jobs").

export interface MaintenanceSchedule {
  /** cron expressions, in UTC; the trial reminders' run also sends the plan-ended e-mails */
  trialReminders: string;
  cleanup: string;
  /** the custom domains' round: pending ones recently added, and the daily check of the others */
  domainChecks: string;
  /** the daily e-mail of the new leads of the accounts that chose it (server/leads/notify.ts) */
  leadDigest: string;
  /** How often each process looks at the schedule, in seconds. */
  cronCheckSeconds: number;
}

export const MAINTENANCE_SCHEDULE: MaintenanceSchedule = {
  trialReminders: '15 * * * *', // hourly: trial reminders and plan-ended e-mails go out within the hour
  cleanup: '40 3 * * *', // nightly
  domainChecks: '*/5 * * * *', // a new domain's record is found within minutes (server/domains/service.ts)
  leadDigest: '0 8 * * *', // daily, in the morning in Europe and before the day starts in the Americas
  cronCheckSeconds: 30,
};

/** A run may take long on a large database (the clean-up lists every stored photo); after this it is failed. */
const RUN_EXPIRES_IN_SECONDS = 60 * 60;

/** The start of the latest slot of `cron` (UTC) at or before `now`. */
export function latestSlot(cron: string, now: Date): Date {
  // cron-parser's prev() is strictly before its date: a second later, a slot starting at `now` counts
  const later = new Date(now.getTime() + 1_000);
  return cronParser.parseExpression(cron, { tz: 'UTC', currentDate: later }).prev().toDate();
}

/**
 * Queues the run of `queue` for the latest slot of `cron`, unless it was queued already (here or by
 * another process); true when this call queued it.
 */
export async function queueDueRun(
  db: Kysely<Database>,
  boss: JobQueue,
  queue: string,
  cron: string,
  now: Date,
): Promise<boolean> {
  const slot = latestSlot(cron, now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('scheduled_runs')
      .values({ queue, slot })
      .onConflict((conflict) =>
        conflict.column('queue').doUpdateSet({ slot }).where('scheduled_runs.slot', '<', slot),
      )
      .returning('queue')
      .executeTakeFirst();
    if (!claimed) return false;
    await boss.send(queue, { slot: slot.toISOString() }, { db: queueDb<Database>(trx) });
    return true;
  });
}

/**
 * Creates the queues, starts their workers and the loop that queues their runs on `schedule`;
 * returns what stops them. A run that fails is logged and not retried: the next scheduled run does the
 * same work.
 */
export async function scheduleMaintenanceJobs(
  boss: JobQueue,
  deps: AppDeps,
  logger: FastifyBaseLogger,
  schedule: MaintenanceSchedule,
): Promise<(timeoutMs: number) => Promise<void>> {
  // stately: one run waiting and one running at most, so runs never overlap or pile up
  const queue = { policy: 'stately', retryLimit: 0, expireInSeconds: RUN_EXPIRES_IN_SECONDS } as const;
  await ensureQueue(boss, QUEUES.trialReminders, queue);
  await ensureQueue(boss, QUEUES.cleanup, queue);
  await ensureQueue(boss, QUEUES.domainChecks, queue);
  await ensureQueue(boss, QUEUES.leadDigest, queue);
  const options = { pollingIntervalSeconds: deps.config.jobs.pollingIntervalSeconds, batchSize: 1 };
  const workers = [
    startWorker(boss, QUEUES.trialReminders, options, () => runTrialReminders(deps, logger), logger),
    startWorker(boss, QUEUES.cleanup, options, () => runCleanup(deps, logger), logger),
    startWorker(boss, QUEUES.domainChecks, options, () => runDomainChecks(deps, logger), logger),
    startWorker(boss, QUEUES.leadDigest, options, () => runLeadDigest(deps, logger), logger),
  ];
  const clock = startScheduleClock(
    deps.db,
    boss,
    [
      { queue: QUEUES.trialReminders, cron: schedule.trialReminders },
      { queue: QUEUES.cleanup, cron: schedule.cleanup },
      { queue: QUEUES.domainChecks, cron: schedule.domainChecks },
      { queue: QUEUES.leadDigest, cron: schedule.leadDigest },
    ],
    schedule.cronCheckSeconds,
    logger,
  );
  return async (timeoutMs) => {
    await clock.stop();
    await Promise.all(workers.map((worker) => worker.stop(timeoutMs)));
  };
}

/**
 * Looks at the schedule now and then every `checkSeconds`, each look awaited before the next. While the
 * database cannot be reached one line says so, and one more when it can again.
 */
function startScheduleClock(
  db: Kysely<Database>,
  boss: JobQueue,
  entries: readonly { queue: string; cron: string }[],
  checkSeconds: number,
  logger: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let stopping = false;
  let wake: (() => void) | undefined;
  let failing = false;
  const loop = (async () => {
    while (!stopping) {
      try {
        for (const { queue, cron } of entries) {
          if (await queueDueRun(db, boss, queue, cron, new Date()))
            logger.info({ queue }, 'scheduled run queued');
        }
        if (failing) logger.info('job schedule: the database answers again');
        failing = false;
      } catch (error) {
        if (!failing)
          logger.warn({ err: error }, 'job schedule: cannot queue the scheduled runs; trying again');
        failing = true;
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, checkSeconds * 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}

/** The hourly run: the trial reminders, then the e-mails telling that a paid plan ended. */
async function runTrialReminders(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  try {
    for (const { userId, kind, trialEndsAt, outcome } of await sendTrialReminders(deps, { dryRun: false })) {
      const reminder = { userId, kind, trialEndsAt };
      if (outcome.status === 'failed') {
        logger.warn({ reminder, error: outcome.error }, 'trial reminder not sent; the next run tries again');
      } else {
        logger.info({ reminder }, 'trial reminder queued');
      }
    }
    for (const { userId, plan, endedAt, outcome } of await sendPlanEndNotices(deps, { dryRun: false })) {
      const notice = { userId, plan, endedAt };
      if (outcome.status === 'failed') {
        logger.warn({ notice, error: outcome.error }, 'plan-ended e-mail not sent; the next run tries again');
      } else {
        logger.info({ notice }, 'plan-ended e-mail queued');
      }
    }
  } catch (error) {
    logger.error({ err: error }, 'trial reminders failed');
    throw error;
  }
}

async function runCleanup(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  try {
    const counts = await cleanUp(deps, { dryRun: false });
    if (Object.values(counts).some((count) => count > 0)) logger.info({ cleanup: counts }, 'cleanup done');
  } catch (error) {
    logger.error({ err: error }, 'cleanup failed');
    throw error;
  }
}

async function runDomainChecks(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  try {
    const round = await checkDueDomains(deps);
    if (round.lost > 0 || round.failed > 0) logger.info({ domains: round }, 'custom domains checked');
  } catch (error) {
    logger.error({ err: error }, 'custom domain checks failed');
    throw error;
  }
}

async function runLeadDigest(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  try {
    const { accounts, leads, failed } = await sendLeadDigests(deps);
    for (const { userId, error } of failed) {
      logger.warn({ digest: { userId }, err: error }, 'lead digest not sent; the next run tries again');
    }
    if (accounts > 0) logger.info({ digest: { accounts, leads } }, 'lead digests queued');
  } catch (error) {
    logger.error({ err: error }, 'lead digests failed');
    throw error;
  }
}
