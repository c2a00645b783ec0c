import { describe, expect, it } from 'vitest';
import {
  annualSavingPercent,
  availableUntil,
  bestAnnualSavingPercent,
  can,
  endedPaidPlan,
  hasPaidPeriod,
  hasRoomFor,
  isProfileAvailable,
  normalizePlanId,
  PLAN_ENDED_NOTICE_DAYS,
  PLAN_ENDED_NOTICE_DELAY_HOURS,
  PLAN_IDS,
  planEndedNoticeDue,
  planInEffect,
  planInEffectUntil,
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

describe('plan table (docs/decisions/002-one-plan-table.md)', () => {
  it('holds the decided limits and prices', () => {
    expect(PLANS.free.limits).toEqual({ vcards: 1, qrCodes: 1, links: 5, storageMb: 50, leadsKept: 25 });
    expect(PLANS.pro.limits).toEqual({
      vcards: 10,
      qrCodes: 20,
      links: UNLIMITED,
      storageMb: 500,
      leadsKept: UNLIMITED,
    });
    expect(PLANS.business.limits).toEqual({
      vcards: UNLIMITED,
      qrCodes: UNLIMITED,
      links: UNLIMITED,
      storageMb: 5000,
      leadsKept: UNLIMITED,
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

describe('can(): who may use each sold feature (docs/decisions/015-what-each-plan-feature-is.md)', () => {
  // written out from the decision, not derived from the table: a change to either must be deliberate
  const LOWEST_PLAN: Record<PlanFeature, PlanId> = {
    qrCodes: 'free',
    vcards: 'free',
    leads: 'free',
    basicAnalytics: 'free',
    freeTrial: 'free',
    numericUrl: 'free',
    customSubdomain: 'pro',
    fullAnalytics: 'pro',
    customLinks: 'pro',
    prioritySupport: 'pro',
    customBranding: 'pro',
    adFree: 'pro',
    cardKit: 'pro',
    customDomain: 'business',
    advancedAnalytics: 'business',
    teamAccess: 'business',
    apiAccess: 'business',
    whiteLabel: 'business',
    dedicatedSupport: 'business',
  };
  const EXPECTED: Record<PlanId, PlanFeature[]> = {
    free: ['qrCodes', 'vcards', 'leads', 'basicAnalytics', 'freeTrial', 'numericUrl'],
    pro: [
      ...['qrCodes', 'vcards', 'leads', 'basicAnalytics', 'freeTrial', 'numericUrl'],
      ...[
        'customSubdomain',
        'fullAnalytics',
        'customLinks',
        'prioritySupport',
        'customBranding',
        'adFree',
        'cardKit',
      ],
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

describe('the plan in effect (docs/decisions/018-plan-in-effect.md)', () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  /** An account whose one trial started `trialStartedDaysAgo` days ago (it lasts 14). */
  const account = (
    plan_type: string,
    subscription_end: Date | null,
    trialStartedDaysAgo = 30,
    last_paid_plan: 'pro' | 'business' | null = null,
  ) => ({
    plan_type,
    subscription_end,
    trial_start_date: at(-trialStartedDaysAgo * DAY),
    trial_days: 14,
    last_paid_plan,
  });

  it('(a) a paid plan with no end: that plan, online, for ever', () => {
    const facts = account('business', null);
    expect(planInEffect(facts, now)).toBe('business');
    expect(isProfileAvailable(facts, now)).toBe(true);
    expect(availableUntil(facts)).toBe(Infinity);
    expect(planInEffectUntil(facts, now.getTime())).toBe(Infinity);
    expect(endedPaidPlan(facts, now)).toBeNull();
  });

  it('(b) a paid plan ending in the future (cancelled or not): that plan until the end, to the millisecond', () => {
    const end = at(10 * DAY);
    const facts = account('pro', end);
    expect(planInEffect(facts, now)).toBe('pro');
    expect(planInEffect(facts, new Date(end.getTime() - 1))).toBe('pro');
    expect(planInEffect(facts, end)).toBe('free');
    expect(isProfileAvailable(facts, new Date(end.getTime() - 1))).toBe(true);
    expect(isProfileAvailable(facts, end)).toBe(false);
    // a cached answer about the plan lasts until the end, not longer
    expect(planInEffectUntil(facts, now.getTime())).toBe(end.getTime());
    expect(endedPaidPlan(facts, now)).toBeNull();
  });

  it('(c) a paid plan past its end with the trial over: free and offline, told as the plan that ended', () => {
    const end = at(-2 * DAY);
    const facts = account('pro', end);
    expect(planInEffect(facts, now)).toBe('free');
    expect(isProfileAvailable(facts, now)).toBe(false);
    expect(planInEffectUntil(facts, now.getTime())).toBe(Infinity);
    expect(endedPaidPlan(facts, now)).toEqual({ plan: 'pro', endedAt: end });
    expect(hasPaidPeriod(facts)).toBe(true);
  });

  it('(c) a paid plan past its end while the trial still runs: free, online until the trial ends', () => {
    const end = at(-HOUR);
    const facts = account('business', end, 3);
    const trialEnd = at(11 * DAY);
    expect(planInEffect(facts, now)).toBe('free');
    expect(isProfileAvailable(facts, now)).toBe(true);
    expect(availableUntil(facts)).toBe(trialEnd.getTime());
    expect(endedPaidPlan(facts, now)).toEqual({ plan: 'business', endedAt: end });
  });

  it("(c) answers as the webhook's free plan would, with the trial running or over", () => {
    for (const trialStartedDaysAgo of [3, 30]) {
      const end = at(-DAY);
      const noWebhook = account('pro', end, trialStartedDaysAgo);
      const afterWebhook = account('free', end, trialStartedDaysAgo, 'pro');
      for (const moment of [now, at(5 * DAY), at(20 * DAY)]) {
        expect(planInEffect(noWebhook, moment)).toBe(planInEffect(afterWebhook, moment));
        expect(isProfileAvailable(noWebhook, moment)).toBe(isProfileAvailable(afterWebhook, moment));
        expect(endedPaidPlan(noWebhook, moment)).toEqual(endedPaidPlan(afterWebhook, moment));
      }
    }
  });

  it('(d) free: free, online while the trial runs; a plan that ended before it was recorded has no name', () => {
    const trial = account('free', null, 3);
    expect(planInEffect(trial, now)).toBe('free');
    expect(isProfileAvailable(trial, now)).toBe(true);
    expect(isProfileAvailable(account('free', null, 14), now)).toBe(false);
    expect(endedPaidPlan(trial, now)).toBeNull();
    expect(hasPaidPeriod(trial)).toBe(false);
    expect(endedPaidPlan(account('free', at(-DAY)), now)).toEqual({ plan: null, endedAt: at(-DAY) });
  });

  it('reads the legacy premium as pro and anything unknown as free', () => {
    expect(planInEffect(account('premium', at(DAY)), now)).toBe('pro');
    expect(planInEffect(account('gold', at(DAY)), now)).toBe('free');
  });

  it('sends the plan-ended e-mail from an hour after the end, for a week', () => {
    expect(planEndedNoticeDue(at(-PLAN_ENDED_NOTICE_DELAY_HOURS * HOUR + 1), now)).toBe(false);
    expect(planEndedNoticeDue(at(-PLAN_ENDED_NOTICE_DELAY_HOURS * HOUR), now)).toBe(true);
    expect(planEndedNoticeDue(at(-PLAN_ENDED_NOTICE_DAYS * DAY + 1), now)).toBe(true);
    expect(planEndedNoticeDue(at(-PLAN_ENDED_NOTICE_DAYS * DAY), now)).toBe(false);
  });
});
