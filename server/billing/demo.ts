import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PLANS, normalizePlanId, type BillingInterval, type PaidPlanId } from '../../src/plans.ts';
import { serverPaths } from '../../src/routes.ts';
import type { CheckoutInput } from '../../src/schemas/billing.ts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../trpc/context.ts';
import { applySubscriptionState, billingProfile, type ApplyOutcome } from './apply.ts';
import {
  CENTS_PER_UNIT,
  INVOICE_HISTORY_LENGTH,
  holdsPlan,
  isSubscribed,
  periodEnd,
  type SubscriptionState,
} from './rules.ts';
import type { InvoiceSummary, PaymentMethodSummary } from './service.ts';

// The demo billing (no Stripe keys): the pages of routes.ts pay, cancel and switch through the same
// applySubscriptionState as a verified Stripe event, and keep invoices of their own. No money moves.

export const DEMO_PAYMENT_METHOD = { brand: 'demo', last4: '4242', exp_month: 12, exp_year: 2099 } as const;
const DEMO_CURRENCY = 'usd';

export const DEMO_CHECKOUT_PATH = `${serverPaths.demoBilling}/checkout`;
export const DEMO_PORTAL_PATH = `${serverPaths.demoBilling}/portal`;

/** The billing page's card and invoice history in the demo billing. */
export async function demoPaymentsOf(
  deps: AppDeps,
  userId: string,
): Promise<{ payment_method: PaymentMethodSummary | null; invoices: InvoiceSummary[] }> {
  const rows = await deps.db
    .selectFrom('demo_invoices')
    .select(['id', 'amount_cents', 'currency', 'created_at', 'status'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(INVOICE_HISTORY_LENGTH)
    .execute();
  return {
    // the demo card is "on file" once something was paid with it
    payment_method: rows.length > 0 ? { ...DEMO_PAYMENT_METHOD } : null,
    invoices: rows.map((row) => ({
      id: row.id,
      amount: row.amount_cents / CENTS_PER_UNIT,
      currency: row.currency,
      created: row.created_at,
      status: row.status,
      url: null,
    })),
  };
}

/** The demo's prices are the plan table's, under ids that say they are not Stripe's. */
function demoState(
  plan: PaidPlanId,
  interval: BillingInterval,
  periodStart: Date,
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
    currentPeriodEnd: periodEnd(periodStart, interval),
    cancelAtPeriodEnd,
    endedAt: null,
    observedAt: new Date(),
  } satisfies SubscriptionState;
}

function demoInvoice(userId: string, plan: PaidPlanId, interval: BillingInterval) {
  return async (trx: Transaction<Database>) => {
    await trx
      .insertInto('demo_invoices')
      .values({
        user_id: userId,
        plan,
        interval,
        amount_cents: Math.round(PLANS[plan].price[interval] * CENTS_PER_UNIT),
        currency: DEMO_CURRENCY,
        status: 'paid',
      })
      .execute();
  };
}

/** The demo checkout's Pay: the plan starts now, with a paid demo invoice. */
export async function payDemoCheckout(
  deps: AppDeps,
  userId: string,
  input: CheckoutInput,
): Promise<ApplyOutcome> {
  if (await holdsPlanAlready(deps, userId, input))
    throw new AppError('already_subscribed', { plan: input.plan });
  return applySubscriptionState(deps, userId, demoState(input.plan, input.interval, new Date()), {
    alsoInTransaction: demoInvoice(userId, input.plan, input.interval),
  });
}

/** Whether the person already pays for this plan and interval (the demo checkout page says so). */
export async function holdsPlanAlready(
  deps: AppDeps,
  userId: string,
  input: CheckoutInput,
): Promise<boolean> {
  return holdsPlan(await billingProfile(deps, userId), input);
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
  const state = {
    ...demoState(running.plan, running.interval, new Date(), true),
    currentPeriodEnd: running.periodEnd,
  };
  return applySubscriptionState(deps, userId, state);
}

/** The demo portal's switch between monthly and yearly: a new period on the other interval starts now. */
export async function switchDemoInterval(deps: AppDeps, userId: string): Promise<ApplyOutcome | null> {
  const running = await demoSubscriptionOf(deps, userId);
  if (!running) return null;
  const interval: BillingInterval = running.interval === 'month' ? 'year' : 'month';
  return applySubscriptionState(deps, userId, demoState(running.plan, interval, new Date()), {
    alsoInTransaction: demoInvoice(userId, running.plan, interval),
  });
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
