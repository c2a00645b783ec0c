import type { PausedCounts, PausedTeam } from '#src/pauses.ts';
import { TRIAL_REMINDER_LEAD_DAYS, type PaidPlanId } from '#src/plans.ts';
import type { BillingStatus } from './use-billing-status.ts';

/** Which plan banner the dashboard shows (spec section 2, dashboard banners). */
export type TrialNotice =
  | { kind: 'ending'; daysLeft: number }
  | { kind: 'expired' }
  | {
      kind: 'plan_ended';
      /** null: a plan that ended before the product recorded which */
      plan: PaidPlanId | null;
      endedAt: Date;
      /** the public page is offline (the free trial is over too) */
      offline: boolean;
      /** while online: when the free trial's rules end too */
      trialEndsAt: Date | null;
      paused: PausedCounts | null;
      /** the team the person owns, whose cards pause with their plan */
      pausedTeam: PausedTeam | null;
    }
  | null;

/**
 * Read from the plan in effect (the server's src/plans.ts planInEffect), never from the stored plan: a
 * paid plan whose end passed is free whether or not its webhook came. A customer whose paid plan ended is
 * told that it ended (never that a trial expired); a free trial that ends within TRIAL_REMINDER_LEAD_DAYS
 * (when the reminder e-mail goes out too) gets the 'ends in N days' banner, an ended one the 'expired'
 * banner; a paid plan in effect gets none.
 */
export function trialNotice(status: BillingStatus): TrialNotice {
  if (status.plan_in_effect !== 'free') return null;
  const ended = status.ended_plan;
  if (ended) {
    return {
      kind: 'plan_ended',
      plan: ended.plan,
      endedAt: ended.ended_at,
      offline: !status.is_accessible,
      trialEndsAt: status.is_accessible ? status.trial_ends_at : null,
      paused: ended.paused,
      pausedTeam: ended.paused_team,
    };
  }
  if (!status.is_accessible) return { kind: 'expired' };
  const daysLeft = status.trial_days_left;
  if (daysLeft === null || daysLeft > TRIAL_REMINDER_LEAD_DAYS) return null;
  return { kind: 'ending', daysLeft };
}
