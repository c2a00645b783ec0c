import { sql } from 'kysely';
import {
  endedPaidPlan,
  isProfileAvailable,
  PLAN_ENDED_NOTICE_DAYS,
  PLAN_ENDED_NOTICE_DELAY_HOURS,
  planEndedNoticeDue,
  trialEndsAt,
  type PaidPlanId,
} from '../../src/plans.ts';
import { paths } from '../../src/routes.ts';
import { planEnded } from '../mail/templates.ts';
import { pausedCountsOf } from '../pauses/service.ts';
import {
  claimNotice,
  markNoticeSent,
  releaseNotice,
  type NoticeKey,
  type NoticeOutcome,
} from '../jobs/notice-claims.ts';
import type { AppDeps } from '../lib/app-deps.ts';

// The e-mail that tells a customer their paid plan ended (docs/decisions/018-plan-in-effect.md), with what is
// paused and how to lift it: queued through the outbox by the hourly job of server/maintenance-schedule.ts (with the
// trial reminders, and by `npm run trials:expire`), once per ended period, whether the end came with an
// end-of-subscription event or only by the clock (src/plans.ts planInEffect).
//
// Once across runs and processes, as the trial reminders: a run claims the notice by (user, end) before
// queueing it, and gives the claim back when the outbox cannot take the message
// (server/jobs/notice-claims.ts). The claim's statement inserts from the profile, only while it still has
// that end and no paid plan in effect, so a renewal (a new period end) stored before the claim sends
// nothing. An end-of-subscription event that arrives after the end keeps the stored end (rules.ts
// endOfEndedPlan): no second e-mail.

export interface PlanEndNotice {
  userId: string;
  email: string;
  plan: PaidPlanId | null;
  endedAt: Date;
}

export type PlanEndNoticeResult = PlanEndNotice & { outcome: NoticeOutcome };

/**
 * Queues every plan-ended e-mail that is due and not sent yet, and returns what happened to each. A dry
 * run returns the ones it would send and changes nothing. Failures are reported, never thrown.
 */
export async function sendPlanEndNotices(
  deps: AppDeps,
  { dryRun }: { dryRun: boolean },
  now: Date = new Date(),
): Promise<PlanEndNoticeResult[]> {
  const results: PlanEndNoticeResult[] = [];
  for (const candidate of await findDueNotices(deps, now)) {
    const notice: PlanEndNotice = {
      userId: candidate.id,
      email: candidate.email,
      plan: candidate.plan,
      endedAt: candidate.endedAt,
    };
    if (dryRun) {
      results.push({ ...notice, outcome: { status: 'due' } });
      continue;
    }
    if (!(await claim(deps, notice, now))) continue; // renewed, sent meanwhile, or being sent by another run
    try {
      // what is paused is read after the claim, as the account is now
      const paused = await pausedCountsOf(deps.db, notice.userId);
      if (!paused) throw new Error('the account is gone');
      const { facts } = candidate;
      const mail = planEnded(candidate.language, {
        name: candidate.name,
        plan: notice.plan,
        endedAt: notice.endedAt,
        // the plan has ended: the page is online while the free trial runs (src/plans.ts, case c)
        onlineUntil: isProfileAvailable(facts, now)
          ? trialEndsAt(facts.trial_start_date, facts.trial_days)
          : null,
        paused,
        url: `${deps.config.publicUrl}${paths.billing}`,
      });
      await deps.mailer.send({ to: notice.email, ...mail }, { kind: 'plan_ended', userId: notice.userId });
    } catch (error) {
      await releaseNotice(deps.db, 'plan_end_notices', rowOf(notice));
      results.push({ ...notice, outcome: { status: 'failed', error: (error as Error).message } });
      continue;
    }
    await markNoticeSent(deps.db, 'plan_end_notices', rowOf(notice));
    results.push({ ...notice, outcome: { status: 'sent' } });
  }
  return results;
}

/** Accounts of confirmed addresses whose paid plan ended within the notice's window, not told yet. */
async function findDueNotices(deps: AppDeps, now: Date) {
  const hourMs = 60 * 60 * 1000;
  const candidates = await deps.db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.id')
    .select([
      'profiles.id',
      'profiles.name as profileName',
      'profiles.language',
      'profiles.plan_type',
      'profiles.subscription_end',
      'profiles.trial_start_date',
      'profiles.trial_days',
      'profiles.last_paid_plan',
      'users.email',
      'users.name as userName',
    ])
    .where('users.email_verified', '=', true)
    // planEndedNoticeDue's window in SQL, only to narrow the rows read; it decides exactly below
    .where(
      'profiles.subscription_end',
      '<=',
      new Date(now.getTime() - PLAN_ENDED_NOTICE_DELAY_HOURS * hourMs),
    )
    .where('profiles.subscription_end', '>', new Date(now.getTime() - PLAN_ENDED_NOTICE_DAYS * 24 * hourMs))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('plan_end_notices')
            .select(sql.lit(1).as('one'))
            .whereRef('plan_end_notices.user_id', '=', 'profiles.id')
            .whereRef('plan_end_notices.ended_at', '=', 'profiles.subscription_end')
            .where('plan_end_notices.sent_at', 'is not', null),
        ),
      ),
    )
    .execute();
  return candidates.flatMap((row) => {
    const ended = endedPaidPlan(row, now);
    if (!ended || !planEndedNoticeDue(ended.endedAt, now)) return [];
    return [
      {
        id: row.id,
        email: row.email,
        name: row.profileName?.trim() || row.userName,
        language: row.language,
        plan: ended.plan,
        endedAt: ended.endedAt,
        facts: row,
      },
    ];
  });
}

/**
 * True when this run now owns the notice: the plan has still ended at that end (nothing renewed it) and
 * nobody claimed it, or an abandoned claim was taken over.
 */
async function claim(deps: AppDeps, notice: PlanEndNotice, now: Date): Promise<boolean> {
  const stillEnded = deps.db
    .selectFrom('profiles')
    .select(['profiles.id as user_id', 'profiles.subscription_end as ended_at'])
    .where('profiles.id', '=', notice.userId)
    // the stored end is still this one, and it is past: no renewal moved it
    .where('profiles.subscription_end', '=', notice.endedAt)
    .where('profiles.subscription_end', '<=', now);
  return claimNotice(deps.db, 'plan_end_notices', rowOf(notice), stillEnded);
}

/** The plan_end_notices row of this notice. */
function rowOf(notice: PlanEndNotice): NoticeKey<'plan_end_notices'> {
  return { user_id: notice.userId, ended_at: notice.endedAt };
}
