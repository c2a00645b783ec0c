import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { normalizePlanId, type BillingInterval, type PaidPlanId } from '../../src/plans.ts';
import { serverPaths } from '../../src/routes.ts';
import type { CheckoutInput } from '../../src/schemas/billing.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/app-deps.ts';
import {
  applySubscriptionState,
  applySubscriptionStateWithin,
  billingProfile,
  lockedBillingProfile,
  publishPlanChange,
  type ApplyOutcome,
  type BillingProfile,
} from './apply.ts';
import { demoCharge, type DemoCharge, type RunningPeriod } from './demo-proration.ts';
import {
  CENTS_PER_UNIT,
  INVOICE_HISTORY_LENGTH,
  holdsPlan,
  isSubscribed,
  periodStartBefore,
  type SubscriptionState,
} from './rules.ts';
import type { InvoiceSummary, PaymentMethodSummary } from './service.ts';

// The demo billing (no Stripe keys): the pages of routes.ts pay, cancel, renew and change plans through
// the same applySubscriptionState as a verified Stripe event, and keep invoices of their own, prorated
// as Stripe's default does (demo-proration.ts). No money moves.

export const DEMO_PAYMENT_METHOD = { brand: 'demo', last4: '4242', exp_month: 12, exp_year: 2099 } as const;
const DEMO_CURRENCY = 'usd';

export const DEMO_CHECKOUT_PATH = `${serverPaths.demoBilling}/checkout`;
export const DEMO_PORTAL_PATH = `${serverPaths.demoBilling}/portal`;

const toUnits = (cents: number) => cents / CENTS_PER_UNIT;

/** The billing page's card and invoice history in the demo billing. */
export async function demoPaymentsOf(
  deps: AppDeps,
  userId: string,
): Promise<{ payment_method: PaymentMethodSummary | null; invoices: InvoiceSummary[] }> {
  const rows = await deps.db
    .selectFrom('demo_invoices')
    .select([
      'id',
      'plan',
      'interval',
      'amount_cents',
      'currency',
      'created_at',
      'status',
      'previous_plan',
      'previous_interval',
      'plan_charge_cents',
      'unused_credit_cents',
      'credit_applied_cents',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(INVOICE_HISTORY_LENGTH)
    .execute();
  return {
    // the demo card is "on file" once something was paid with it
    payment_method: rows.length > 0 ? { ...DEMO_PAYMENT_METHOD } : null,
    invoices: rows.map((row) => ({
      id: row.id,
      amount: toUnits(row.amount_cents),
      currency: row.currency,
      created: row.created_at,
      status: row.status,
      url: null,
      line: {
        plan: row.plan,
        interval: row.interval,
        // invoices from before proration were the plan's price, paid in full
        planCharge: toUnits(row.plan_charge_cents ?? row.amount_cents),
        previous:
          row.previous_plan && row.previous_interval
            ? { plan: row.previous_plan, interval: row.previous_interval }
            : null,
        unusedCredit: toUnits(row.unused_credit_cents),
        creditApplied: toUnits(row.credit_applied_cents),
      },
    })),
  };
}

/** The demo's subscription state, under price ids that say they are not Stripe's. */
function demoState(
  plan: PaidPlanId,
  interval: BillingInterval,
  currentPeriodEnd: Date,
  cancelAtPeriodEnd = false,
) {
  return {
    subscriptionId: null,
    customerId: null,
    status: 'active',
    plan,
    interval,
    priceId: `demo_${plan}_${interval}`,
    productId: `demo_${plan}`,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    endedAt: null,
    observedAt: new Date(),
  } satisfies SubscriptionState;
}

/** The paid subscription running now and the period it is in (from its latest invoice), or null. */
async function runningPeriodOf(
  db: Kysely<Database>,
  userId: string,
  profile: BillingProfile,
  now: Date,
): Promise<RunningPeriod | null> {
  const plan = normalizePlanId(profile.plan_type);
  const end = profile.subscription_end;
  if (plan === 'free' || !end || !isSubscribed(profile, now)) return null;
  const interval = profile.subscription_interval ?? 'month';
  const invoice = await db
    .selectFrom('demo_invoices')
    .select('period_start')
    .where('user_id', '=', userId)
    .where('period_end', '=', end)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return { plan, interval, start: invoice?.period_start ?? periodStartBefore(end, interval), end };
}

/** Account credit left by the latest invoice (a change to a cheaper plan). */
async function accountCreditOf(db: Kysely<Database>, userId: string): Promise<number> {
  const latest = await db
    .selectFrom('demo_invoices')
    .select('ending_credit_cents')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.ending_credit_cents ?? 0;
}

async function chargeFor(
  db: Kysely<Database>,
  userId: string,
  profile: BillingProfile,
  wanted: CheckoutInput,
) {
  const now = new Date();
  return demoCharge(
    wanted,
    await runningPeriodOf(db, userId, profile, now),
    await accountCreditOf(db, userId),
    now,
  );
}

/**
 * What the demo checkout page shows for a plan: the prorated invoice it would pay, or null when the
 * person already pays for this plan and interval (the page says so; Pay is refused).
 */
export async function previewDemoCheckout(
  deps: AppDeps,
  userId: string,
  wanted: CheckoutInput,
): Promise<DemoCharge | null> {
  const profile = await billingProfile(deps, userId);
  if (holdsPlan(profile, wanted)) return null;
  return chargeFor(deps.db, userId, profile, wanted);
}

async function insertInvoice(trx: Transaction<Database>, userId: string, charge: DemoCharge): Promise<void> {
  await trx
    .insertInto('demo_invoices')
    .values({
      user_id: userId,
      plan: charge.plan,
      interval: charge.interval,
      amount_cents: charge.amountCents,
      currency: DEMO_CURRENCY,
      status: 'paid',
      previous_plan: charge.previous?.plan ?? null,
      previous_interval: charge.previous?.interval ?? null,
      period_start: charge.periodStart,
      period_end: charge.periodEnd,
      plan_charge_cents: charge.planChargeCents,
      unused_credit_cents: charge.unusedCreditCents,
      credit_applied_cents: charge.creditAppliedCents,
      ending_credit_cents: charge.endingCreditCents,
    })
    .execute();
}

/**
 * The demo checkout's Pay: the plan starts now (or replaces the running one, prorated), with its demo
 * invoice. The charge is worked out under a lock on the profile, so two Pays at once cannot both pay
 * for the same change. Refuses the plan and interval already held.
 */
export async function payDemoCheckout(
  deps: AppDeps,
  userId: string,
  wanted: CheckoutInput,
): Promise<ApplyOutcome> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const profile = await lockedBillingProfile(trx, userId);
    if (holdsPlan(profile, wanted)) throw new AppError('already_subscribed', { plan: wanted.plan });
    const charge = await chargeFor(trx, userId, profile, wanted);
    return applySubscriptionStateWithin(
      trx,
      userId,
      demoState(charge.plan, charge.interval, charge.periodEnd),
      {
        alsoInTransaction: (within) => insertInvoice(within, userId, charge),
      },
    );
  });
  if (outcome === 'applied') await publishPlanChange(deps, userId);
  return outcome;
}

/** The demo subscription the portal acts on, or null when the person has none running. */
export async function demoSubscriptionOf(deps: AppDeps, userId: string) {
  await settleEndedDemoSubscription(deps, userId);
  const profile = await billingProfile(deps, userId);
  const plan = normalizePlanId(profile.plan_type);
  if (plan === 'free' || !isSubscribed(profile) || !profile.subscription_end) return null;
  return {
    plan,
    interval: profile.subscription_interval ?? 'month',
    periodEnd: profile.subscription_end,
    cancelAtPeriodEnd: profile.cancel_at_period_end,
  };
}

/** The demo portal's cancel: the plan stays until the period ends, then the account is back on free. */
export async function cancelDemoSubscription(deps: AppDeps, userId: string): Promise<ApplyOutcome | null> {
  const running = await demoSubscriptionOf(deps, userId);
  if (!running) return null;
  return applySubscriptionState(
    deps,
    userId,
    demoState(running.plan, running.interval, running.periodEnd, true),
  );
}

/**
 * Undoes a cancellation while its period runs (the demo portal's Renew, the billing page's Don't cancel):
 * the plan renews at the period's end again. Null when nothing is cancelled.
 */
export async function resumeDemoSubscription(deps: AppDeps, userId: string): Promise<ApplyOutcome | null> {
  const running = await demoSubscriptionOf(deps, userId);
  if (!running?.cancelAtPeriodEnd) return null;
  return applySubscriptionState(deps, userId, demoState(running.plan, running.interval, running.periodEnd));
}

/**
 * Stripe ends a cancelled subscription with an event at the period's end; the demo has no one to send
 * it, so reading the billing state ends a cancelled demo subscription whose period is over.
 */
export async function settleEndedDemoSubscription(deps: AppDeps, userId: string): Promise<void> {
  if (deps.config.stripe) return;
  const profile = await billingProfile(deps, userId);
  const plan = normalizePlanId(profile.plan_type);
  const end = profile.subscription_end;
  if (plan === 'free' || !profile.cancel_at_period_end || !end || end > new Date()) return;
  const state = {
    ...demoState(plan, profile.subscription_interval ?? 'month', end),
    status: 'canceled',
    endedAt: end,
  };
  await applySubscriptionState(deps, userId, state);
}
