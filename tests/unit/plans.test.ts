import { describe, expect, it } from 'vitest';
import {
  annualSavingPercent,
  bestAnnualSavingPercent,
  can,
  hasRoomFor,
  normalizePlanId,
  PLAN_IDS,
  planInEffect,
  planUnlocking,
  PLANS,
  type PlanFeature,
  type PlanId,
  priceFractionDigits,
  TRIAL_DAYS,
  TRIAL_REMINDER_LEAD_DAYS,
  trialDaysLeft,
  trialEndsAt,
  trialReminderDue,
  UNLIMITED,
} from '../../src/plans.ts';

describe('plan table (DECISIONS.md "Plans")', () => {
  it('holds the decided limits and prices', () => {
    expect(PLANS.free.limits).toEqual({ vcards: 1, qrCodes: 1, links: 5, storageMb: 50 });
    expect(PLANS.pro.limits).toEqual({ vcards: 10, qrCodes: 20, links: UNLIMITED, storageMb: 500 });
    expect(PLANS.business.limits).toEqual({
      vcards: UNLIMITED,
      qrCodes: UNLIMITED,
      links: UNLIMITED,
      storageMb: 5000,
    });
    expect(PLANS.free.price).toEqual({ month: 0, year: 0 });
    expect(PLANS.pro.price).toEqual({ month: 19.99, year: 199 });
    expect(PLANS.business.price).toEqual({ month: 89.99, year: 899 });
    expect(TRIAL_DAYS).toBe(14);
  });
});

describe('annual saving arithmetic', () => {
  it('computes the saving against twelve monthly payments, rounded to a whole percent', () => {
    // Pro: 199 vs 12 x 19.99 = 239.88 -> 17.04 %; Business: 899 vs 1079.88 -> 16.75 %
    expect(annualSavingPercent(PLANS.pro)).toBe(17);
    expect(annualSavingPercent(PLANS.business)).toBe(17);
    expect(bestAnnualSavingPercent()).toBe(17);
  });

  it('says 0 for a plan without a price', () => {
    expect(annualSavingPercent(PLANS.free)).toBe(0);
  });

  it('follows the prices rather than a typed number', () => {
    const doubled = { ...PLANS.pro, price: { month: 10, year: 60 } };
    expect(annualSavingPercent(doubled)).toBe(50);
  });

  it('shows 2 decimals for monthly amounts and 0 for yearly ones', () => {
    expect(priceFractionDigits('month')).toBe(2);
    expect(priceFractionDigits('year')).toBe(0);
  });
});

describe('limits', () => {
  it('allows creating until the limit and always when unlimited', () => {
    expect(hasRoomFor(1, 0)).toBe(true);
    expect(hasRoomFor(1, 1)).toBe(false);
    expect(hasRoomFor(UNLIMITED, 10_000)).toBe(true);
  });

  it('reads the legacy plan value premium as pro and anything unknown as free', () => {
    expect(normalizePlanId('premium')).toBe('pro');
    expect(normalizePlanId('business')).toBe('business');
    expect(normalizePlanId('gold')).toBe('free');
    expect(normalizePlanId(null)).toBe('free');
  });
});

describe('trialEndsAt', () => {
  it('adds the trial length in days to its start, 14 by default', () => {
    const start = new Date('2026-11-01T10:00:00Z');
    expect(trialEndsAt(start).toISOString()).toBe('2026-11-15T10:00:00.000Z');
    expect(trialEndsAt(start, 7).toISOString()).toBe('2026-11-08T10:00:00.000Z');
  });
});

describe('trial reminders', () => {
  const end = new Date('2026-11-15T10:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('are due from the lead time before the end, then on the day after it, and never otherwise', () => {
    expect(TRIAL_REMINDER_LEAD_DAYS).toBe(3);
    expect(trialReminderDue(end, at('2026-11-12T09:59:59Z'))).toBeNull();
    expect(trialReminderDue(end, at('2026-11-12T10:00:00Z'))).toBe('ending_soon');
    expect(trialReminderDue(end, at('2026-11-15T09:59:59Z'))).toBe('ending_soon');
    expect(trialReminderDue(end, at('2026-11-15T10:00:00Z'))).toBe('ended');
    expect(trialReminderDue(end, at('2026-11-16T09:59:59Z'))).toBe('ended');
    expect(trialReminderDue(end, at('2026-11-16T10:00:00Z'))).toBeNull();
  });

  it('count whole days left, rounded up', () => {
    expect(trialDaysLeft(end, at('2026-11-12T10:00:00Z'))).toBe(3);
    expect(trialDaysLeft(end, at('2026-11-12T11:00:00Z'))).toBe(3);
    expect(trialDaysLeft(end, at('2026-11-14T11:00:00Z'))).toBe(1);
    expect(trialDaysLeft(end, at('2026-11-15T11:00:00Z'))).toBe(0);
  });
});

describe('can(): who may use each sold feature (DECISIONS.md "What each sold plan feature is")', () => {
  // written out from the decision, not derived from the table: a change to either must be deliberate
  const LOWEST_PLAN: Record<PlanFeature, PlanId> = {
    qrCodes: 'free',
    vcards: 'free',
    basicAnalytics: 'free',
    freeTrial: 'free',
    numericUrl: 'free',
    customSubdomain: 'pro',
    fullAnalytics: 'pro',
    customLinks: 'pro',
    prioritySupport: 'pro',
    customBranding: 'pro',
    adFree: 'pro',
    customDomain: 'business',
    advancedAnalytics: 'business',
    teamAccess: 'business',
    apiAccess: 'business',
    whiteLabel: 'business',
    dedicatedSupport: 'business',
  };
  const EXPECTED: Record<PlanId, PlanFeature[]> = {
    free: ['qrCodes', 'vcards', 'basicAnalytics', 'freeTrial', 'numericUrl'],
    pro: [
      ...['qrCodes', 'vcards', 'basicAnalytics', 'freeTrial', 'numericUrl'],
      ...['customSubdomain', 'fullAnalytics', 'customLinks', 'prioritySupport', 'customBranding', 'adFree'],
    ] as PlanFeature[],
    business: Object.keys(LOWEST_PLAN) as PlanFeature[],
  };

  for (const plan of PLAN_IDS) {
    for (const feature of Object.keys(LOWEST_PLAN) as PlanFeature[]) {
      const allowed = EXPECTED[plan].includes(feature);
      it(`${plan} ${allowed ? 'has' : 'does not have'} ${feature}`, () => {
        expect(can(plan, feature)).toBe(allowed);
      });
    }
  }

  it('names the lowest plan that unlocks each feature, for the upgrade prompt', () => {
    for (const [feature, plan] of Object.entries(LOWEST_PLAN)) {
      expect(planUnlocking(feature as PlanFeature)).toBe(plan);
    }
  });

  it('counts a paid plan that ended, or an expired trial, as free', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const trialStart = new Date('2026-11-20T12:00:00Z');
    const ended = new Date('2026-11-21T12:00:00Z');
    const running = new Date('2026-12-21T12:00:00Z');
    const facts = { trial_start_date: trialStart, trial_days: 14 };
    expect(planInEffect({ ...facts, plan_type: 'pro', subscription_end: running }, now)).toBe('pro');
    expect(planInEffect({ ...facts, plan_type: 'pro', subscription_end: null }, now)).toBe('pro');
    expect(planInEffect({ ...facts, plan_type: 'business', subscription_end: ended }, now)).toBe('free');
    expect(planInEffect({ ...facts, plan_type: 'free', subscription_end: null }, now)).toBe('free');
    expect(
      planInEffect(
        { plan_type: 'free', subscription_end: null, trial_start_date: ended, trial_days: 0 },
        now,
      ),
    ).toBe('free');
  });
});
