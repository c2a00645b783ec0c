import type { FastifyBaseLogger } from 'fastify';
import { cleanUp } from '../cleanup/service.ts';
import { sendTrialReminders } from '../trials/service.ts';
import type { AppDeps } from '../trpc/context.ts';
import { ensureQueue, QUEUES, type JobQueue } from './queue.ts';
import { startWorker } from './worker.ts';

// The admin jobs run on a schedule of the job queue (pg-boss cron): every server process checks the
// schedule, and pg-boss lets one job through per time slot, so each run happens once however many
// processes there are, with either database. `npm run trials:expire` and `npm run cleanup` remain for a
// run by hand (README, "Admin jobs").

export interface MaintenanceSchedule {
  /** cron expressions, in UTC */
  trialReminders: string;
  cleanup: string;
  /** How often each process looks at the schedule, in seconds. */
  cronCheckSeconds: number;
}

export const MAINTENANCE_SCHEDULE: MaintenanceSchedule = {
  trialReminders: '15 * * * *', // hourly: reminders go out within the hour
  cleanup: '40 3 * * *', // nightly
  cronCheckSeconds: 30,
};

/** A run may take long on a large database (the clean-up lists every stored photo); after this it is failed. */
const RUN_EXPIRES_IN_SECONDS = 60 * 60;

/**
 * Creates the two queues, stores their schedules and starts their workers; returns what stops them. A
 * run that fails is logged and not retried: the next scheduled run does the same work.
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
  await boss.schedule(QUEUES.trialReminders, schedule.trialReminders);
  await boss.schedule(QUEUES.cleanup, schedule.cleanup);
  const options = { pollingIntervalSeconds: deps.config.jobs.pollingIntervalSeconds, batchSize: 1 };
  const workers = [
    startWorker(boss, QUEUES.trialReminders, options, () => runTrialReminders(deps, logger), logger),
    startWorker(boss, QUEUES.cleanup, options, () => runCleanup(deps, logger), logger),
  ];
  return async (timeoutMs) => {
    await Promise.all(workers.map((worker) => worker.stop(timeoutMs)));
  };
}

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
