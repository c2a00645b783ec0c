import type { FastifyBaseLogger } from 'fastify';
import { DEMO_USERNAME } from '../../src/demo.ts';
import { isProfileAvailable } from '../../src/plans.ts';
import { findProfileByUsername } from '../public-profile/service.ts';
import type { AppDeps } from '../lib/app-deps.ts';

/**
 * How often the answer is asked again at most, while the landing page is being visited: a demo made or
 * removed by another process that sent no change notice (npm run seed) shows within this time.
 */
export const DEMO_RECHECK_MS = 60_000;

/** Whether /demo shows a card, known without waiting: the landing page's 'View Demo' is sent only then. */
export interface DemoCardWatch {
  /** The last answer; an answer older than DEMO_RECHECK_MS is asked again in the background. */
  shown(): boolean;
  /** Asks the database again now. */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * Watches whether the demo card answers at /demo, as the public page decides it (a profile with that
 * username whose plan publishes it and whose card is not paused). Asked once at start; again at once when
 * the demo account's cards change (its deletion included) or notices may have been missed; and at most
 * every DEMO_RECHECK_MS while someone asks. No request ever waits for it.
 */
export async function watchDemoCard(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): Promise<DemoCardWatch> {
  let shown = false;
  let demoUserId: string | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;
  /** A notice came while a check ran: that check may have read before the change, so one more follows. */
  let askedAgain = false;

  async function check(): Promise<void> {
    const started = now();
    try {
      const profile = await findProfileByUsername(deps.db, DEMO_USERNAME);
      // the last demo account known stays listened to: it may take its card back
      demoUserId = profile?.userId ?? demoUserId;
      shown = profile !== null && isProfileAvailable(profile.availability) && !profile.cardPaused;
    } catch (error) {
      // the last answer stands until the database answers again
      log.warn({ err: error }, 'could not tell whether the demo card exists');
    }
    checkedAt = started;
  }

  function refresh(): Promise<void> {
    if (checking) {
      askedAgain = true;
      return checking;
    }
    checking = (async () => {
      do {
        askedAgain = false;
        await check();
      } while (askedAgain);
    })().finally(() => {
      checking = null;
    });
    return checking;
  }

  await refresh();
  // its cards' notice says when its page may have changed (an edit, a pause, a plan, the account's deletion)
  const stopListening = deps.changes.subscribe(
    (change) => {
      if (change.userId === demoUserId) void refresh();
    },
    ['cards'],
  );
  const stopResets = deps.changes.onReset(() => void refresh());
  return {
    shown() {
      if (now() - checkedAt >= DEMO_RECHECK_MS) void refresh();
      return shown;
    },
    refresh,
    close() {
      stopListening();
      stopResets();
    },
  };
}
