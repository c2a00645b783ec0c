import { describe, expect, it } from 'vitest';
import { PLANS } from '../../src/plans.ts';
import { demoCharge, type RunningPeriod } from '../../server/billing/demo-proration.ts';

// The demo billing's proration (Stripe's default for a subscription update): the previous plan's unused
// time is credited against the new plan's time, on one invoice.

const cents = (amount: number) => Math.round(amount * 100);
const start = new Date('2026-01-01T00:00:00Z');
const monthEnd = new Date('2026-01-31T00:00:00Z'); // a 30-day period, so halves are exact
const yearEnd = new Date('2027-01-01T00:00:00Z');
const halfway = new Date('2026-01-16T00:00:00Z');

const proMonthly: RunningPeriod = { plan: 'pro', interval: 'month', start, end: monthEnd };

describe('demoCharge', () => {
  it('charges a new subscription in full, for a period from now', () => {
    const now = new Date('2026-03-05T10:00:00Z');
    expect(demoCharge({ plan: 'business', interval: 'year' }, null, 0, now)).toEqual({
      plan: 'business',
      interval: 'year',
      periodStart: now,
      periodEnd: new Date('2027-03-05T10:00:00Z'),
      previous: null,
      planChargeCents: cents(PLANS.business.price.year),
      unusedCreditCents: 0,
      creditAppliedCents: 0,
      amountCents: cents(PLANS.business.price.year),
      endingCreditCents: 0,
    });
  });

  it('switching monthly to yearly starts a new year now, less the unused half month', () => {
    const charge = demoCharge({ plan: 'pro', interval: 'year' }, proMonthly, 0, halfway);
    const unused = Math.round(cents(PLANS.pro.price.month) / 2);
    expect(charge).toMatchObject({
      periodStart: halfway,
      periodEnd: new Date('2027-01-16T00:00:00Z'),
      previous: { plan: 'pro', interval: 'month' },
      planChargeCents: cents(PLANS.pro.price.year),
      unusedCreditCents: unused,
      amountCents: cents(PLANS.pro.price.year) - unused,
      endingCreditCents: 0,
    });
  });

  it('upgrading on the same interval keeps the period and charges its rest at the new price', () => {
    const charge = demoCharge({ plan: 'business', interval: 'month' }, proMonthly, 0, halfway);
    const businessHalf = Math.round(cents(PLANS.business.price.month) / 2);
    const proHalf = Math.round(cents(PLANS.pro.price.month) / 2);
    expect(charge).toMatchObject({
      periodStart: start,
      periodEnd: monthEnd,
      planChargeCents: businessHalf,
      unusedCreditCents: proHalf,
      amountCents: businessHalf - proHalf,
      endingCreditCents: 0,
    });
  });

  it('keeps what a credit exceeds as account credit, which the next payment uses first', () => {
    const businessYearly: RunningPeriod = { plan: 'business', interval: 'year', start, end: yearEnd };
    const quarterIn = new Date(start.getTime() + (yearEnd.getTime() - start.getTime()) / 4);
    const down = demoCharge({ plan: 'pro', interval: 'month' }, businessYearly, 0, quarterIn);
    const unused = Math.round(cents(PLANS.business.price.year) * 0.75);
    expect(down).toMatchObject({
      planChargeCents: cents(PLANS.pro.price.month),
      unusedCreditCents: unused,
      amountCents: 0,
      endingCreditCents: unused - cents(PLANS.pro.price.month),
    });

    // back to Business monthly at once: the same period, its whole rest, paid from the credit
    const proMonthlyNow: RunningPeriod = {
      plan: 'pro',
      interval: 'month',
      start: down.periodStart,
      end: down.periodEnd,
    };
    const up = demoCharge(
      { plan: 'business', interval: 'month' },
      proMonthlyNow,
      down.endingCreditCents,
      down.periodStart,
    );
    const net = cents(PLANS.business.price.month) - cents(PLANS.pro.price.month);
    expect(up).toMatchObject({
      creditAppliedCents: net,
      amountCents: 0,
      endingCreditCents: down.endingCreditCents - net,
    });
  });

  it('uses account credit on a new subscription, and charges the rest', () => {
    const charge = demoCharge({ plan: 'pro', interval: 'month' }, null, 500, start);
    expect(charge).toMatchObject({
      creditAppliedCents: 500,
      amountCents: cents(PLANS.pro.price.month) - 500,
      endingCreditCents: 0,
    });
  });

  it('credits nothing for a period already over, and everything for one not started', () => {
    const after = demoCharge({ plan: 'pro', interval: 'year' }, proMonthly, 0, new Date('2026-02-10Z'));
    expect(after.unusedCreditCents).toBe(0);
    const before = demoCharge({ plan: 'pro', interval: 'year' }, proMonthly, 0, new Date('2025-12-01Z'));
    expect(before.unusedCreditCents).toBe(cents(PLANS.pro.price.month));
  });
});
