import type { BillingInterval, PaidPlanId, PlanId } from '#src/plans.ts';

/** What choosing a paid plan in the picker does for this person. */
export type PaidPlanAction = 'current' | 'start' | 'switchInterval' | 'changePlan';

/**
 * 'current' for the plan and interval already paid for (it cannot be bought again), otherwise a first
 * plan, another interval of the same plan, or another plan.
 */
export function paidPlanAction(
  plan: PaidPlanId,
  interval: BillingInterval,
  held: { plan: PlanId; interval: BillingInterval } | null,
): PaidPlanAction {
  if (!held) return 'start';
  if (held.plan !== plan) return 'changePlan';
  return held.interval === interval ? 'current' : 'switchInterval';
}
