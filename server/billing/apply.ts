import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import { profileColumnsFor, supersedes, type SubscriptionState } from './rules.ts';
import { teamAccountOfMember } from '../access/team-access.ts';

// The one path that changes a plan, applySubscriptionState, taken by verified Stripe events
// (stripe-events.ts) and by the demo billing pages (demo.ts) alike, and the profile's billing columns.

const PROFILE_BILLING_COLUMNS = [
  'plan_type',
  'subscription_end',
  'trial_start_date',
  'trial_days',
  'stripe_customer_id',
  'stripe_subscription_id',
  'subscription_status',
  'subscription_price_id',
  'subscription_product_id',
  'subscription_interval',
  'cancel_at_period_end',
  'subscription_updated_at',
  'last_paid_plan',
] as const;

export async function billingProfile(deps: AppDeps, userId: string) {
  const profile = await deps.db
    .selectFrom('profiles')
    .select(PROFILE_BILLING_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!profile) throw new AppError('not_found');
  return profile;
}

export type BillingProfile = Awaited<ReturnType<typeof billingProfile>>;

/** billingProfile read under a row lock, for a transaction that decides a change from it. */
export async function lockedBillingProfile(
  trx: Transaction<Database>,
  userId: string,
): Promise<BillingProfile> {
  const profile = await trx
    .selectFrom('profiles')
    .select(PROFILE_BILLING_COLUMNS)
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!profile) throw new AppError('not_found');
  return profile;
}

export type ApplyOutcome = 'applied' | 'stale' | 'duplicate';

/**
 * The one way a plan changes: applies a subscription state to the person's profile, unless a newer one
 * is already there, and tells every listener. With a Stripe event, the event's id is stored in the same
 * transaction, so a repeated delivery changes nothing. `alsoInTransaction` writes what belongs with the
 * change (a demo invoice).
 */
export async function applySubscriptionState(
  deps: AppDeps,
  userId: string,
  state: SubscriptionState,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const outcome = await deps.db
    .transaction()
    .execute((trx) => applySubscriptionStateWithin(trx, userId, state, options));
  if (outcome === 'applied') await publishPlanChange(deps, userId);
  return outcome;
}

export interface ApplyOptions {
  event?: { id: string; type: string };
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * applySubscriptionState inside a transaction the caller holds (one that read the profile first, under
 * lock, to decide the state); the caller publishes the change once it has committed.
 */
export async function applySubscriptionStateWithin(
  trx: Transaction<Database>,
  userId: string,
  state: SubscriptionState,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  if (options.event && !(await recordEvent(trx, options.event))) return 'duplicate';
  const stored = await trx
    .selectFrom('profiles')
    .select([
      'stripe_customer_id',
      'stripe_subscription_id',
      'subscription_status',
      'subscription_updated_at',
      'subscription_end',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!stored) throw new AppError('not_found');
  if (!supersedes(state, stored)) return 'stale';
  await trx
    .updateTable('profiles')
    .set({
      ...profileColumnsFor(state, stored),
      stripe_customer_id: stored.stripe_customer_id ?? state.customerId,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
  await options.alsoInTransaction?.(trx);
  return 'applied';
}

/**
 * The public page cache and the live dashboard follow a plan that changed: the account's, and that of the
 * team it owns, whose cards have its plan (account_plans).
 */
export async function publishPlanChange(deps: AppDeps, userId: string): Promise<void> {
  deps.changes.publish({ userId, topic: 'cards' });
  const team = await teamAccountOfMember(deps.db, userId, { role: 'owner' });
  if (team) deps.changes.publish({ userId: team, topic: 'cards' });
}

/** Stores a processed event; false when it had been processed already. */
export async function recordEvent(
  db: Transaction<Database> | AppDeps['db'],
  event: { id: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
