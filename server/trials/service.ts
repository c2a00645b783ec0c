import { sql } from 'kysely';
import {
  TRIAL_REMINDER_LEAD_DAYS,
  trialDaysLeft,
  trialEndsAt,
  trialReminderDue,
  type TrialReminderKind,
} from '../../src/plans.ts';
import { paths } from '../../src/routes.ts';
import { trialEnded, trialEndingSoon, type RenderedMail } from '../mail/templates.ts';
import {
  claimNotice,
  markNoticeSent,
  releaseNotice,
  type NoticeKey,
  type NoticeOutcome,
} from '../jobs/notice-claims.ts';
import type { AppDeps } from '../lib/app-deps.ts';

// Trial reminders (`npm run trials:expire`, and the server's own timer on the embedded database):
// an e-mail TRIAL_REMINDER_LEAD_DAYS before a free trial ends and one on the day it ends, to people who
// confirmed their address and never paid. Paid plans, plans that ended (with or without their webhook: the
// customer is told their plan ended instead, server/billing/plan-ends.ts), unconfirmed addresses (never
// proven to be the person's, and removed by the clean-up) and trials that ended more than a day ago get none.
//
// Once per trial, across runs and machines: a run claims each reminder by (user, trial end, kind) before
// sending it, and gives the claim back when the mail server refuses (server/jobs/notice-claims.ts).

/** Candidates are picked in SQL with this margin either side; trialReminderDue decides exactly. */
const WINDOW_MARGIN_DAYS = 1;

export interface TrialReminder {
  userId: string;
  email: string;
  kind: TrialReminderKind;
  trialEndsAt: Date;
}

export type TrialReminderResult = TrialReminder & { outcome: NoticeOutcome };

/**
 * Sends every trial reminder that is due and not sent yet, and returns what happened to each. A dry run
 * returns the ones it would send and changes nothing. Failures to send are reported, never thrown.
 */
export async function sendTrialReminders(
  deps: AppDeps,
  { dryRun }: { dryRun: boolean },
): Promise<TrialReminderResult[]> {
  const now = new Date();
  const due = await findDueReminders(deps, now);
  const results: TrialReminderResult[] = [];
  for (const { reminder, mail } of due) {
    if (dryRun) {
      results.push({ ...reminder, outcome: { status: 'due' } });
      continue;
    }
    const row = rowOf(reminder);
    // not ours: sent meanwhile, or being sent by another run
    if (!(await claimNotice(deps.db, 'trial_reminders', row))) continue;
    try {
      await deps.mailer.send(
        { to: reminder.email, ...mail },
        {
          kind: reminder.kind === 'ending_soon' ? 'trial_ending_soon' : 'trial_ended',
          userId: reminder.userId,
        },
      );
    } catch (error) {
      await releaseNotice(deps.db, 'trial_reminders', row);
      results.push({ ...reminder, outcome: { status: 'failed', error: (error as Error).message } });
      continue;
    }
    await markNoticeSent(deps.db, 'trial_reminders', row);
    results.push({ ...reminder, outcome: { status: 'sent' } });
  }
  return results;
}

interface DueReminder {
  reminder: TrialReminder;
  mail: RenderedMail;
}

/** Free trials of confirmed addresses whose reminder is due now and has not been sent. */
async function findDueReminders(deps: AppDeps, now: Date): Promise<DueReminder[]> {
  // trialEndsAt in SQL, only to narrow the rows read; a day after the end the last reminder is past
  const trialEnd = sql<Date>`profiles.trial_start_date + profiles.trial_days * interval '1 day'`;
  const dayMs = 24 * 60 * 60 * 1000;
  const candidates = await deps.db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.id')
    .select([
      'profiles.id',
      'profiles.name as profileName',
      'profiles.language',
      'profiles.trial_start_date',
      'profiles.trial_days',
      'users.email',
      'users.name as userName',
    ])
    .where('profiles.plan_type', '=', 'free')
    // an account that paid is told about its plan's end, not its trial's (src/plans.ts hasPaidPeriod)
    .where('profiles.subscription_end', 'is', null)
    .where('users.email_verified', '=', true)
    .where(trialEnd, '>', new Date(now.getTime() - (1 + WINDOW_MARGIN_DAYS) * dayMs))
    .where(trialEnd, '<=', new Date(now.getTime() + (TRIAL_REMINDER_LEAD_DAYS + WINDOW_MARGIN_DAYS) * dayMs))
    .execute();
  if (candidates.length === 0) return [];
  const sent = await deps.db
    .selectFrom('trial_reminders')
    .select(['user_id', 'trial_ends_at', 'kind'])
    .where(
      'user_id',
      'in',
      candidates.map((candidate) => candidate.id),
    )
    .where('sent_at', 'is not', null)
    .execute();
  const sentKeys = new Set(sent.map((row) => reminderKey(row.user_id, row.trial_ends_at, row.kind)));

  const url = `${deps.config.publicUrl}${paths.billing}`;
  const due: DueReminder[] = [];
  for (const candidate of candidates) {
    const endsAt = trialEndsAt(candidate.trial_start_date, candidate.trial_days);
    const kind = trialReminderDue(endsAt, now);
    if (!kind || sentKeys.has(reminderKey(candidate.id, endsAt, kind))) continue;
    const name = candidate.profileName?.trim() || candidate.userName;
    const locale = candidate.language;
    due.push({
      reminder: { userId: candidate.id, email: candidate.email, kind, trialEndsAt: endsAt },
      mail:
        kind === 'ending_soon'
          ? trialEndingSoon(locale, { name, daysLeft: trialDaysLeft(endsAt, now), url })
          : trialEnded(locale, { name, url }),
    });
  }
  return due;
}

function reminderKey(userId: string, endsAt: Date, kind: TrialReminderKind): string {
  return `${userId} ${endsAt.getTime()} ${kind}`;
}

/** The trial_reminders row of this reminder. */
function rowOf(reminder: TrialReminder): NoticeKey<'trial_reminders'> {
  return { user_id: reminder.userId, trial_ends_at: reminder.trialEndsAt, kind: reminder.kind };
}
