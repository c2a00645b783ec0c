import { can, planUnlocking, type PlanFeature, type PlanId } from '#src/plans.ts';
import { useBillingStatus } from './use-billing-status.ts';

/**
 * Whether the signed-in account's plan includes a feature (the server's gate, src/plans.ts can(), read
 * from the same plan in effect), and the lowest plan that does, for the upgrade prompt.
 */
export function usePlanFeature(feature: PlanFeature): {
  allowed: boolean;
  requiredPlan: PlanId;
  loaded: boolean;
} {
  const { status, loaded } = useBillingStatus();
  return { allowed: can(status.plan_in_effect, feature), requiredPlan: planUnlocking(feature), loaded };
}
