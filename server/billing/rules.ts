import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  normalizePlanId,
  planInEffect,
  type AvailabilityFacts,
  type BillingInterval,
  type PaidPlanId,
} from '../../src/plans.ts';

// The pure rules of billing: what a subscription's status means for the plan, which plan a price is, and
// which of two states is newer. No I/O: the service, the demo pages and unit tests share them.

/** A subscription as the product sees it, from Stripe or from the demo billing pages. */
export interface SubscriptionState {
  /** Stripe's subscription id; null for the demo billing. */
  subscriptionId: string | null;
  customerId: string | null;
  /** Stripe's status word (active, trialing, past_due, canceled, unpaid, incomplete…). */
  status: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  priceId: string;
  productId: string | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** When this state was read: a state read earlier is never applied over it. */
  observedAt: Date;
}

/**
 * paid: the plan is held until the period ends (a failed renewal keeps it while Stripe retries);
 * ended: back to free; pending: not paid yet (incomplete), the plan does not change.
 */
export type SubscriptionAccess = 'paid' | 'ended' | 'pending';

const PAID_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
const PENDING_STATUSES: ReadonlySet<string> = new Set(['incomplete']);

export function subscriptionAccess(status: string): SubscriptionAccess {
  if (PAID_STATUSES.has(status)) return 'paid';
  if (PENDING_STATUSES.has(status)) return 'pending';
  // canceled, unpaid, incomplete_expired, paused, and anything Stripe adds later
  return 'ended';
}

/** The plan and interval of a configured price, or null for a price that is none of ours. */
export function planOfPrice(
  prices: Record<PaidPlanId, Record<BillingInterval, string>>,
  priceId: string,
): { plan: PaidPlanId; interval: BillingInterval } | null {
  for (const plan of PAID_PLAN_IDS) {
    for (const interval of BILLING_INTERVALS) {
      if (prices[plan][interval] === priceId) return { plan, interval };
    }
  }
  return null;
}

/** The stored period a state that ends a subscription is applied over. */
export interface StoredPeriod {
  subscription_end: Date | null;
  stripe_subscription_id: string | null;
}

/**
 * When an ended subscription's plan ended: when the state says, unless the stored period of that same
 * subscription was over before then. The plan was Free from the stored end on (src/plans.ts planInEffect,
 * whether or not an event came), so a late event keeps that end: the e-mail saying the plan ended is keyed
 * by it (server/billing/plan-ends.ts) and is not sent twice.
 */
export function endOfEndedPlan(state: SubscriptionState, stored: StoredPeriod | null): Date {
  const endedAt = state.endedAt ?? state.observedAt;
  const storedEnd = stored?.subscription_end;
  const sameSubscription = stored?.stripe_subscription_id === state.subscriptionId;
  return storedEnd && sameSubscription && storedEnd < endedAt ? storedEnd : endedAt;
}

/** The profile columns a subscription state sets (`stored`: the period it is applied over). */
export function profileColumnsFor(state: SubscriptionState, stored: StoredPeriod | null = null) {
  const common = {
    stripe_subscription_id: state.subscriptionId,
    subscription_status: state.status,
    subscription_price_id: state.priceId,
    subscription_product_id: state.productId,
    subscription_interval: state.interval,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    subscription_updated_at: state.observedAt,
  };
  switch (subscriptionAccess(state.status)) {
    case 'paid':
      return {
        ...common,
        plan_type: state.plan,
        last_paid_plan: state.plan,
        subscription_end: state.currentPeriodEnd,
        chosen_plan: null,
      };
    case 'ended':
      return {
        ...common,
        plan_type: 'free' as const,
        // kept, so the customer is told which plan ended
        last_paid_plan: state.plan,
        subscription_end: endOfEndedPlan(state, stored),
        cancel_at_period_end: false,
      };
    case 'pending':
      return common;
  }
}

/** The profile's stored subscription, as far as the rule "which state wins" needs it. */
export interface StoredSubscription {
  stripe_subscription_id: string | null;
  subscription_status: string | null;
  subscription_updated_at: Date | null;
}

/**
 * Whether a state may replace the stored one: never one read before the stored one (events arrive out of
 * order), and never the end of another, older subscription over a paid one (a plan changed through a
 * second checkout).
 */
export function supersedes(state: SubscriptionState, stored: StoredSubscription): boolean {
  if (stored.subscription_updated_at && state.observedAt < stored.subscription_updated_at) return false;
  const otherSubscription =
    stored.stripe_subscription_id !== null && stored.stripe_subscription_id !== state.subscriptionId;
  const storedPaid =
    stored.subscription_status !== null && subscriptionAccess(stored.subscription_status) === 'paid';
  return !(otherSubscription && storedPaid && subscriptionAccess(state.status) !== 'paid');
}

/** A paid plan whose subscription has not ended (spec: subscribed): one in effect (src/plans.ts). */
export function isSubscribed(facts: AvailabilityFacts, now: Date = new Date()): boolean {
  return planInEffect(facts, now) !== 'free';
}

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * The start of the billing period that ends at `end`: periodEnd's inverse, for a period the demo billing
 * has no record of (invoices from before it kept their periods).
 */
export function periodStartBefore(end: Date, interval: BillingInterval): Date {
  const start = new Date(end);
  if (interval === 'month') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start;
}

/** True when a profile already holds `plan` on `interval`, paid and not ended (checkout refuses it). */
export function holdsPlan(
  profile: AvailabilityFacts & { subscription_interval: BillingInterval | null },
  wanted: { plan: PaidPlanId; interval: BillingInterval },
  now: Date = new Date(),
): boolean {
  return (
    isSubscribed(profile, now) &&
    normalizePlanId(profile.plan_type) === wanted.plan &&
    profile.subscription_interval === wanted.interval
  );
}

/** Stripe (and the demo invoices) count money in the smallest unit of the currency. */
export const CENTS_PER_UNIT = 100;

/** How many recent invoices the billing page lists. */
export const INVOICE_HISTORY_LENGTH = 10;
