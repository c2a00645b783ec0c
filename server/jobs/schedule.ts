import type { FastifyBaseLogger } from 'fastify';
import { cleanUp } from '../cleanup/service.ts';
import { sendTrialReminders } from '../trials/service.ts';
import type { AppDeps } from '../trpc/context.ts';

// The embedded database admits one process, the server, so `npm run trials:expire` and `npm run cleanup`
// cannot run beside it (they refuse): the server runs both jobs itself on a timer. On PostgreSQL, cron
// runs the scripts instead, on as many machines as wanted (README, "Admin jobs").

export interface MaintenanceSchedule {
  /** The first run after start: soon, so a server that restarts often still gets its runs. */
  firstRunAfterMs: number;
  everyMs: number;
}

export const MAINTENANCE_SCHEDULE: MaintenanceSchedule = {
  firstRunAfterMs: 60 * 1000,
  everyMs: 60 * 60 * 1000,
};

export interface MaintenanceJobs {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/** Runs both jobs now and then, one run at a time; the timer never keeps the process alive. */
export function startMaintenanceJobs(
  deps: AppDeps,
  logger: FastifyBaseLogger,
  schedule: MaintenanceSchedule,
): MaintenanceJobs {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const runAfter = (delayMs: number) => {
    timer = setTimeout(() => {
      running = runMaintenanceJobs(deps, logger).finally(() => {
        if (!stopped) runAfter(schedule.everyMs);
      });
    }, delayMs);
    timer.unref();
  };
  runAfter(schedule.firstRunAfterMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** One run of both jobs. What they did goes to the log; a failure is logged, never thrown. */
async function runMaintenanceJobs(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  try {
    for (const { userId, kind, trialEndsAt, outcome } of await sendTrialReminders(deps, { dryRun: false })) {
      const reminder = { userId, kind, trialEndsAt };
      if (outcome.status === 'failed') {
        logger.warn({ reminder, error: outcome.error }, 'trial reminder not sent; the next run tries again');
      } else {
        logger.info({ reminder }, 'trial reminder sent');
      }
    }
  } catch (error) {
    logger.error({ err: error }, 'trial reminders failed');
  }
  try {
    const counts = await cleanUp(deps, { dryRun: false });
    if (Object.values(counts).some((count) => count > 0)) logger.info({ cleanup: counts }, 'cleanup done');
  } catch (error) {
    logger.error({ err: error }, 'cleanup failed');
  }
}
