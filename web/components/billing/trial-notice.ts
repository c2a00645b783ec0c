import { TRIAL_REMINDER_LEAD_DAYS } from '#src/plans.ts';
import type { BillingStatus } from './use-billing-status.ts';

/** Which trial banner the dashboard shows (spec section 2, dashboard banners). */
export type TrialNotice = { kind: 'ending'; daysLeft: number } | { kind: 'expired' } | null;

/**
 * A free trial that ends within TRIAL_REMINDER_LEAD_DAYS (when the reminder e-mail goes out too) gets the
 * 'ends in N days' banner, an ended one the 'expired' banner; a paid plan gets neither.
 */
export function trialNotice(status: BillingStatus): TrialNotice {
  if (status.subscribed || status.plan_type !== 'free') return null;
  if (!status.is_accessible) return { kind: 'expired' };
  const daysLeft = status.trial_days_left;
  if (daysLeft === null || daysLeft > TRIAL_REMINDER_LEAD_DAYS) return null;
  return { kind: 'ending', daysLeft };
}
