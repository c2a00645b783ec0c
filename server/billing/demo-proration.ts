import { PLANS, type BillingInterval, type PaidPlanId } from '../../src/plans.ts';
import { CENTS_PER_UNIT, periodEnd } from './rules.ts';

// What the demo billing charges for a plan (docs/decisions/008-where-the-spec-is-silent.md: billing without
// payment keys), prorated like Stripe's default for a subscription update: the unused time of the current
// period is credited, at the old price, against the new plan's time. A change of interval starts a new period
// now and charges it in full; a change of plan on the same interval keeps the period and charges its rest at
// the new price. What the credit exceeds stays as account credit, which the next payment uses first. Pure:
// the checkout page's preview and the payment compute the same invoice.

export interface PlanChoice {
  plan: PaidPlanId;
  interval: BillingInterval;
}

/** The paid subscription running now, and the period it is in. */
export interface RunningPeriod extends PlanChoice {
  start: Date;
  end: Date;
}

export interface DemoCharge extends PlanChoice {
  /** The subscription period after the payment. */
  periodStart: Date;
  periodEnd: Date;
  /** The plan changed from, or null for a new subscription. */
  previous: PlanChoice | null;
  /** The new plan's time: a full period, or the rest of the current one. */
  planChargeCents: number;
  /** The previous plan's unused time. */
  unusedCreditCents: number;
  /** Account credit used on this payment. */
  creditAppliedCents: number;
  /** What is paid now. */
  amountCents: number;
  /** Account credit left for the next payment. */
  endingCreditCents: number;
}

function priceCents({ plan, interval }: PlanChoice): number {
  return Math.round(PLANS[plan].price[interval] * CENTS_PER_UNIT);
}

/** The share of a period still to come at `now`, between 0 and 1. */
function unusedShare(period: { start: Date; end: Date }, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (period.end.getTime() - now.getTime()) / length));
}

/**
 * The invoice for moving to `wanted`: from nothing (a new subscription, charged in full from now), or
 * from the running period (prorated). `creditCents` is the account credit left by earlier invoices.
 */
export function demoCharge(
  wanted: PlanChoice,
  running: RunningPeriod | null,
  creditCents: number,
  now: Date,
): DemoCharge {
  const sameInterval = running !== null && running.interval === wanted.interval;
  const periodStart = sameInterval ? running.start : now;
  const end = sameInterval ? running.end : periodEnd(now, wanted.interval);
  const share = running ? unusedShare(running, now) : 0;
  const planChargeCents = sameInterval ? Math.round(priceCents(wanted) * share) : priceCents(wanted);
  const unusedCreditCents = running ? Math.round(priceCents(running) * share) : 0;
  const net = planChargeCents - unusedCreditCents;
  const creditAppliedCents = Math.min(creditCents, Math.max(0, net));
  return {
    ...wanted,
    periodStart,
    periodEnd: end,
    previous: running ? { plan: running.plan, interval: running.interval } : null,
    planChargeCents,
    unusedCreditCents,
    creditAppliedCents,
    amountCents: Math.max(0, net) - creditAppliedCents,
    endingCreditCents: creditCents - creditAppliedCents + Math.max(0, -net),
  };
}
