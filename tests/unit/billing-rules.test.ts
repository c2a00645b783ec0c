import { describe, expect, it } from 'vitest';
import {
  holdsPlan,
  isSubscribed,
  periodEnd,
  planOfPrice,
  profileColumnsFor,
  subscriptionAccess,
  supersedes,
  type SubscriptionState,
} from '../../server/billing/rules.ts';
import { signedInTheFuture } from '../../server/billing/routes.ts';
import { parseConfig } from '../../server/config.ts';
import { PLANS, monthlyCost } from '../../src/plans.ts';

// The pure rules of billing (server/billing/rules.ts), the monthly cost of src/plans.ts, and the Stripe
// settings of server/config.ts: all or none.

const prices = {
  pro: { month: 'price_pm', year: 'price_py' },
  business: { month: 'price_bm', year: 'price_by' },
};

const now = new Date('2026-11-22T08:00:00Z');
const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  plan: 'pro',
  interval: 'month',
  priceId: 'price_pm',
  productId: 'prod_pro',
  currentPeriodEnd: new Date('2026-12-22T08:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
  observedAt: now,
  ...overrides,
});

describe('subscription status', () => {
  it('keeps the plan while active, trialing or past due; ends it when canceled, unpaid or expired', () => {
    for (const status of ['active', 'trialing', 'past_due']) expect(subscriptionAccess(status)).toBe('paid');
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused', 'something_new']) {
      expect(subscriptionAccess(status)).toBe('ended');
    }
    expect(subscriptionAccess('incomplete')).toBe('pending');
  });

  it('sets the plan until the period end, or free from the end on', () => {
    expect(profileColumnsFor(state())).toMatchObject({
      plan_type: 'pro',
      subscription_end: new Date('2026-12-22T08:00:00Z'),
      chosen_plan: null,
    });
    const ended = profileColumnsFor(state({ status: 'canceled', endedAt: new Date('2026-11-21T00:00:00Z') }));
    expect(ended).toMatchObject({ plan_type: 'free', subscription_end: new Date('2026-11-21T00:00:00Z') });
    expect(profileColumnsFor(state({ status: 'incomplete' }))).not.toHaveProperty('plan_type');
  });

  it('keeps the plan that ended, and the stored end when the period was over before the event', () => {
    const periodEnd = new Date('2026-11-21T00:00:00Z');
    const stored = { subscription_end: periodEnd, stripe_subscription_id: 'sub_1' };
    const late = state({ status: 'canceled', endedAt: new Date('2026-11-21T00:00:05Z') });
    expect(profileColumnsFor(late, stored)).toMatchObject({
      plan_type: 'free',
      last_paid_plan: 'pro',
      subscription_end: periodEnd,
    });
    // ended early (cancelled at once): the event's end
    const early = state({ status: 'canceled', endedAt: new Date('2026-11-20T00:00:00Z') });
    expect(profileColumnsFor(early, stored)).toMatchObject({
      subscription_end: new Date('2026-11-20T00:00:00Z'),
    });
    // another subscription's period says nothing about this one's end
    const other = { ...stored, stripe_subscription_id: 'sub_0' };
    expect(profileColumnsFor(late, other)).toMatchObject({
      subscription_end: new Date('2026-11-21T00:00:05Z'),
    });
    expect(profileColumnsFor(state({ plan: 'business' }))).toMatchObject({ last_paid_plan: 'business' });
  });
});

describe('prices', () => {
  it('maps each configured price to its plan and interval, and nothing else', () => {
    expect(planOfPrice(prices, 'price_by')).toEqual({ plan: 'business', interval: 'year' });
    expect(planOfPrice(prices, 'price_pm')).toEqual({ plan: 'pro', interval: 'month' });
    expect(planOfPrice(prices, 'price_unknown')).toBeNull();
  });

  it('spreads a yearly price over twelve months', () => {
    expect(monthlyCost('pro', 'month')).toBe(PLANS.pro.price.month);
    expect(monthlyCost('pro', 'year')).toBe(16.58);
    expect(monthlyCost('business', 'year')).toBe(74.92);
    expect(monthlyCost('free', 'month')).toBe(0);
  });
});

describe('which state wins', () => {
  const stored = {
    stripe_subscription_id: 'sub_1',
    subscription_status: 'active',
    subscription_updated_at: now,
  };

  it('never applies a state read before the stored one', () => {
    expect(supersedes(state({ observedAt: new Date(now.getTime() - 1) }), stored)).toBe(false);
    expect(supersedes(state({ observedAt: new Date(now.getTime() + 1) }), stored)).toBe(true);
    expect(supersedes(state(), { ...stored, subscription_updated_at: null })).toBe(true);
  });

  it('does not let an older subscription ending end the paid one that replaced it', () => {
    const later = new Date(now.getTime() + 1000);
    expect(
      supersedes(state({ subscriptionId: 'sub_0', status: 'canceled', observedAt: later }), stored),
    ).toBe(false);
    expect(supersedes(state({ subscriptionId: 'sub_2', status: 'active', observedAt: later }), stored)).toBe(
      true,
    );
  });
});

describe('holding a plan', () => {
  it('is a paid plan whose end has not passed', () => {
    const facts = { plan_type: 'pro', trial_start_date: now, trial_days: 14 };
    expect(isSubscribed({ ...facts, subscription_end: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isSubscribed({ ...facts, subscription_end: new Date(now.getTime() - 1) }, now)).toBe(false);
    expect(isSubscribed({ ...facts, plan_type: 'free', subscription_end: null }, now)).toBe(false);
  });

  it('refuses checkout only for the same plan and interval, while paid', () => {
    const profile = {
      plan_type: 'pro',
      subscription_interval: 'month' as const,
      subscription_end: new Date(now.getTime() + 1000),
      trial_start_date: now,
      trial_days: 14,
    };
    expect(holdsPlan(profile, { plan: 'pro', interval: 'month' }, now)).toBe(true);
    expect(holdsPlan(profile, { plan: 'pro', interval: 'year' }, now)).toBe(false);
    expect(holdsPlan(profile, { plan: 'business', interval: 'month' }, now)).toBe(false);
    const ended = { ...profile, subscription_end: new Date(now.getTime() - 1000) };
    expect(holdsPlan(ended, { plan: 'pro', interval: 'month' }, now)).toBe(false);
  });

  it('counts a period in calendar months or years', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'year')).toEqual(new Date('2027-01-31T10:00:00Z'));
    expect(periodEnd(new Date('2026-11-22T10:00:00Z'), 'month')).toEqual(new Date('2026-12-22T10:00:00Z'));
  });
});

describe('webhook timestamps', () => {
  it('refuses a signature dated more than the tolerance ahead', () => {
    const seconds = Math.floor(now.getTime() / 1000);
    expect(signedInTheFuture(`t=${seconds + 301},v1=abc`, 300, now)).toBe(true);
    expect(signedInTheFuture(`t=${seconds + 10},v1=abc`, 300, now)).toBe(false);
    expect(signedInTheFuture(`t=${seconds - 3600},v1=abc`, 300, now)).toBe(false);
  });
});

describe('Stripe settings', () => {
  const all = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
    STRIPE_PRICE_PRO_MONTHLY: 'price_pm',
    STRIPE_PRICE_PRO_YEARLY: 'price_py',
    STRIPE_PRICE_BUSINESS_MONTHLY: 'price_bm',
    STRIPE_PRICE_BUSINESS_YEARLY: 'price_by',
  };

  it('runs the demo billing with none of them', () => {
    expect(parseConfig({}).stripe).toBeNull();
  });

  it('takes payments with all of them', () => {
    expect(parseConfig(all).stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      prices,
      apiBase: undefined,
    });
  });

  it('refuses to start with a partial set, naming what is missing', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, STRIPE_PRICE_BUSINESS_YEARLY: _price, ...partial } = all;
    expect(() => parseConfig(partial)).toThrow(
      /Incomplete Stripe settings: missing STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BUSINESS_YEARLY/,
    );
  });

  it('refuses malformed values and a price used twice, without printing a secret', () => {
    expect(() => parseConfig({ ...all, STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(
      /Invalid STRIPE_SECRET_KEY: must be a Stripe secret or restricted key.*\*\*\*/,
    );
    expect(() => parseConfig({ ...all, STRIPE_PRICE_PRO_YEARLY: 'price_pm' })).toThrow(
      /four different prices/,
    );
  });
});
