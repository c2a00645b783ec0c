import { describe, expect, it } from 'vitest';
import { checkoutReturnPath, onboardingStep } from '../../src/onboarding.ts';

describe('onboardingStep', () => {
  it('is the plan step until a plan is chosen, then the card step, until the card or its skip', () => {
    expect(onboardingStep({ initialized: false, plan_chosen: false })).toBe('plan');
    expect(onboardingStep({ initialized: false, plan_chosen: true })).toBe('card');
    expect(onboardingStep({ initialized: true, plan_chosen: true })).toBe('done');
    // finished before the plan was kept (older accounts): finished all the same
    expect(onboardingStep({ initialized: true, plan_chosen: false })).toBe('done');
  });
});

describe('checkoutReturnPath', () => {
  it('returns an unfinished onboarding to itself and everyone else to the billing page', () => {
    expect(checkoutReturnPath('card', 'success')).toBe('/onboarding?checkout=success');
    expect(checkoutReturnPath('plan', 'cancelled')).toBe('/onboarding?checkout=cancelled');
    expect(checkoutReturnPath('done', 'success')).toBe('/dashboard/billing?checkout=success');
    expect(checkoutReturnPath('done', 'cancelled')).toBe('/dashboard/billing?checkout=cancelled');
  });
});
