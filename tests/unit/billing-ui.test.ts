import { describe, expect, it } from 'vitest';
import { PLANS, TRIAL_REMINDER_LEAD_DAYS } from '#src/plans.ts';
import { paidPlanAction } from '#web/components/billing/plan-choice.ts';
import { trialNotice } from '#web/components/billing/trial-notice.ts';
import type { BillingStatus } from '#web/components/billing/use-billing-status.ts';
import { formatMoney, formatPrice } from '#web/lib/format.ts';
import { invoiceStatusText, invoiceStatusTone } from '#web/pages/billing/invoice-status.ts';
import { paymentMethodBrand, paymentMethodExpiry } from '#web/pages/billing/payment-method.ts';

// The pure parts of the billing screens: which trial banner shows, and how amounts, cards and
// invoice statuses read.

const trialRunning: BillingStatus = {
  subscribed: false,
  plan_type: 'free',
  plan_in_effect: 'free',
  ended_plan: null,
  cancel_at_period_end: false,
  product_id: null,
  price_id: null,
  subscription_end: null,
  is_accessible: true,
  trial_ends_at: new Date('2026-12-01T00:00:00Z'),
  trial_days_left: 10,
  mode: 'demo',
};

describe('trialNotice', () => {
  it('stays quiet early in the trial and warns within the reminder lead', () => {
    expect(trialNotice(trialRunning)).toBeNull();
    expect(trialNotice({ ...trialRunning, trial_days_left: TRIAL_REMINDER_LEAD_DAYS + 1 })).toBeNull();
    expect(trialNotice({ ...trialRunning, trial_days_left: TRIAL_REMINDER_LEAD_DAYS })).toEqual({
      kind: 'ending',
      daysLeft: TRIAL_REMINDER_LEAD_DAYS,
    });
    expect(trialNotice({ ...trialRunning, trial_days_left: 1 })).toEqual({ kind: 'ending', daysLeft: 1 });
  });

  it('says expired once the free account is no longer accessible', () => {
    expect(trialNotice({ ...trialRunning, trial_days_left: 0, is_accessible: false })).toEqual({
      kind: 'expired',
    });
  });

  it('shows no banner while a paid plan is in effect', () => {
    const paid = {
      ...trialRunning,
      subscribed: true,
      plan_type: 'pro' as const,
      plan_in_effect: 'pro' as const,
      trial_days_left: 1,
    };
    expect(trialNotice(paid)).toBeNull();
  });

  it('tells a customer whose paid plan ended that it ended, never that a trial expired', () => {
    const endedAt = new Date('2026-11-20T00:00:00Z');
    const paused = { vcard: 2, qrCode: 9, profileLink: 0 };
    // the webhook never came: the stored plan is still pro, the plan in effect free
    const ended: BillingStatus = {
      ...trialRunning,
      plan_type: 'pro',
      ended_plan: { plan: 'pro', ended_at: endedAt, paused, paused_team: null },
      is_accessible: false,
      trial_ends_at: null,
      trial_days_left: 0,
    };
    expect(trialNotice(ended)).toEqual({
      kind: 'plan_ended',
      plan: 'pro',
      endedAt,
      offline: true,
      trialEndsAt: null,
      paused,
      pausedTeam: null,
    });
    // with its trial still running, it stays online until the trial ends
    const online = { ...ended, is_accessible: true, trial_ends_at: trialRunning.trial_ends_at };
    expect(trialNotice(online)).toMatchObject({ offline: false, trialEndsAt: trialRunning.trial_ends_at });
  });
});

describe('price and amount formatting', () => {
  it('shows 2 decimals for monthly prices and none for yearly ones (spec section 9)', () => {
    expect(formatPrice(PLANS.pro.price.month, 'month', 'en')).toBe('$19.99');
    expect(formatPrice(PLANS.pro.price.year, 'year', 'en')).toBe('$199');
    expect(formatPrice(PLANS.business.price.year, 'year', 'es')).toMatch(/^899\s?US\$$/);
  });

  it('formats an invoice amount in its own currency', () => {
    expect(formatMoney(19.99, 'usd', 'en')).toBe('$19.99');
    expect(formatMoney(199, 'eur', 'en')).toBe('€199.00');
  });
});

describe('payment method and invoice labels', () => {
  it('names known brands, marks the demo card and falls back to a plain card', () => {
    expect(paymentMethodBrand('Visa').message).toBe('Visa');
    expect(paymentMethodBrand('demo').message).toMatch(/no money moves/);
    expect(paymentMethodBrand('brand-new').message).toBe('Card');
  });

  it('prints the expiry as MM/YYYY', () => {
    expect(paymentMethodExpiry({ exp_month: 4, exp_year: 2031 })).toBe('04/2031');
    expect(paymentMethodExpiry({ exp_month: 12, exp_year: 2030 })).toBe('12/2030');
  });

  it('labels and colours invoice statuses', () => {
    expect(invoiceStatusText('paid').message).toBe('Paid');
    expect(invoiceStatusText('something-new').message).toBe('Unknown');
    expect(invoiceStatusTone('paid')).toBe('good');
    expect(invoiceStatusTone('open')).toBe('owed');
    expect(invoiceStatusTone('void')).toBe('neutral');
  });
});

describe('paidPlanAction', () => {
  it('marks the plan and interval already paid for as current, so it cannot be bought again', () => {
    const held = { plan: 'pro', interval: 'month' } as const;
    expect(paidPlanAction('pro', 'month', held)).toBe('current');
    expect(paidPlanAction('pro', 'year', held)).toBe('switchInterval');
    expect(paidPlanAction('business', 'month', held)).toBe('changePlan');
    expect(paidPlanAction('business', 'year', held)).toBe('changePlan');
  });

  it('offers every paid plan as a start to someone without one', () => {
    expect(paidPlanAction('pro', 'month', null)).toBe('start');
    expect(paidPlanAction('business', 'year', null)).toBe('start');
  });
});
