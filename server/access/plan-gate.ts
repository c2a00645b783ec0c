import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { can, planInEffect, planUnlocking, type PlanFeature, type PlanId } from '../../src/plans.ts';
import { AppError } from '../lib/errors.ts';

// The server's side of the plan gate (src/plans.ts can()): tRPC procedures declare their feature in their
// meta (server/trpc/init.ts), plain routes and services call requireFeature themselves, and every refusal
// is planWithFeature's. Elsewhere can() chooses what to show (a design, the ad-free footer); the two
// refusals in server/teams (a team made through better-auth's hook, in its error shape; a handover to an
// owner whose plan has no teams, new_owner_plan_required) answer in shapes of their own.

/**
 * The columns an account's plan in effect is worked out from (src/plans.ts planInEffect), read from the
 * account_plans view joined on the profile: a person's own, and for a team's account its owner's (the one
 * rule of whose plan a team's cards have, migration 2026-12-01T0200).
 */
export const PLAN_FACT_COLUMNS = [
  'account_plans.plan_type',
  'account_plans.subscription_end',
  'account_plans.trial_start_date',
  'account_plans.trial_days',
] as const;

/** The plan whose features an account has now (a paid plan that ended counts as free). */
export async function planInEffectOf(
  deps: { db: Kysely<Database> },
  userId: string,
  now: Date = new Date(),
): Promise<PlanId> {
  const profile = await deps.db
    .selectFrom('account_plans')
    .select(PLAN_FACT_COLUMNS)
    .where('account_plans.id', '=', userId)
    .executeTakeFirst();
  return profile ? planInEffect(profile, now) : 'free';
}

/** The plans in effect of several accounts, read in one statement (an unknown id: free). */
export async function plansInEffectOf(
  deps: { db: Kysely<Database> },
  userIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PlanId>> {
  const plans = new Map<string, PlanId>(userIds.map((id) => [id, 'free']));
  if (userIds.length === 0) return plans;
  const rows = await deps.db
    .selectFrom('account_plans')
    .select(['account_plans.id', ...PLAN_FACT_COLUMNS])
    .where('account_plans.id', 'in', userIds)
    .execute();
  for (const row of rows) plans.set(row.id, planInEffect(row, now));
  return plans;
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
  return planWithFeature(await planInEffectOf(deps, userId), feature);
}

/**
 * `plan` when it includes the feature; otherwise throws plan_required, naming the feature and the lowest
 * plan that has it: the one refusal of every gate (requireFeature, a procedure's `.meta({ feature })`, an
 * analytics range).
 */
export function planWithFeature(plan: PlanId, feature: PlanFeature): PlanId {
  if (can(plan, feature)) return plan;
  throw new AppError('plan_required', { feature, plan: planUnlocking(feature) });
}

/**
 * Locks the user's profile row for the rest of the transaction and reads its plan's facts and primary card:
 * every create and every choice of what stays live takes this lock, so two of the same user run one after
 * the other, and a limit cannot be passed by sending them at once.
 */
export async function lockProfileFacts(trx: Transaction<Database>, userId: string) {
  const facts = await trx
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select([...PLAN_FACT_COLUMNS, 'profiles.primary_vcard_id'])
    .where('profiles.id', '=', userId)
    .forUpdate(['profiles'])
    .executeTakeFirst();
  if (!facts) throw new AppError('not_found');
  return facts;
}

/** lockProfileFacts for a create: the plan in effect under the lock. */
export async function lockProfile(trx: Transaction<Database>, userId: string): Promise<{ plan: PlanId }> {
  return { plan: planInEffect(await lockProfileFacts(trx, userId)) };
}
