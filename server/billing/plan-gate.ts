import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { can, planInEffect, planUnlocking, type PlanFeature, type PlanId } from '../../src/plans.ts';
import { AppError } from '../lib/errors.ts';

// The server's side of the plan gate (src/plans.ts can()): tRPC procedures declare their feature in their
// meta (server/trpc/init.ts), plain routes and services call requireFeature themselves.

/** The profile columns its plan in effect is worked out from (src/plans.ts planInEffect). */
export const PLAN_FACT_COLUMNS = ['plan_type', 'subscription_end', 'trial_start_date', 'trial_days'] as const;

/** The plan whose features an account has now (a paid plan that ended counts as free). */
export async function planInEffectOf(
  deps: { db: Kysely<Database> },
  userId: string,
  now: Date = new Date(),
): Promise<PlanId> {
  const profile = await deps.db
    .selectFrom('profiles')
    .select(PLAN_FACT_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
  return profile ? planInEffect(profile, now) : 'free';
}

/**
 * The account's plan in effect when it includes the feature; otherwise throws plan_required, naming the
 * feature and the lowest plan that has it.
 */
export async function requireFeature(
  deps: { db: Kysely<Database> },
  userId: string,
  feature: PlanFeature,
): Promise<PlanId> {
  const plan = await planInEffectOf(deps, userId);
  if (can(plan, feature)) return plan;
  throw new AppError('plan_required', { feature, plan: planUnlocking(feature) });
}
