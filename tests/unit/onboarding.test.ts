import { describe, expect, it } from 'vitest';
import { checkoutReturnPath, onboardingStep } from '../../src/onboarding.ts';
import { initialCardValues, type OnboardingProfile } from '../../web/pages/onboarding/card-step-values.ts';

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

describe('initialCardValues (the card step form)', () => {
  const profile = {
    name: 'Ada Lovelace',
    email: 'ada.signin@example.com',
    username: null,
    theme_color: '#0EA5E9',
    profile_pic: '/media/0123456789abcdef0123456789abcdef.jpg',
  } satisfies Partial<OnboardingProfile>;

  it('starts with the name, colour and photo the profile has, and an empty e-mail field', () => {
    const values = initialCardValues(profile as OnboardingProfile, 'free', 'en');
    expect(values).toMatchObject({
      name: 'Ada Lovelace',
      themeColour: '#0EA5E9',
      photo: profile.profile_pic,
    });
    // the card is public: the sign-in address goes on it only when typed there
    expect(values.email).toBe('');
    expect(JSON.stringify(values)).not.toContain(profile.email);
  });
});
