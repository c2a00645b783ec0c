import { describe, expect, it } from 'vitest';
import { checkoutReturnPath, onboardingStep } from '../../src/onboarding.ts';
import { usernameProblem } from '../../src/username.ts';
import {
  initialCardValues,
  startingUsername,
  type OnboardingProfile,
} from '../../web/pages/onboarding/card-step-values.ts';

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
    id: 'kJ3n2v9QxW7Lm4Pz8Rt6Yb1Cd5Fg0Hs2',
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

describe('startingUsername (the suggestion of the card step)', () => {
  const account = { id: 'kJ3n2v9QxW7Lm4Pz8Rt6Yb1Cd5Fg0Hs2', username: null };

  it('is the same on every reload of the step, and another account gets another', () => {
    const free = startingUsername(account, 'free', 'Ada Lovelace');
    expect(free).toMatch(/^[1-9]\d{7}$/);
    expect(usernameProblem(free, 'free')).toBeNull();
    for (let reload = 0; reload < 5; reload++) {
      expect(startingUsername({ ...account }, 'free', 'Ada Lovelace')).toBe(free);
    }
    expect(startingUsername({ ...account, id: 'Zx8Wq2Lm5Np7Rt1Yb4Cd6Fg9Hs0Jk3Qe' }, 'free', 'Ada')).not.toBe(
      free,
    );

    const pro = startingUsername(account, 'pro', 'Ada Lovelace');
    expect(pro).toMatch(/^ada-lovelace-\d{4}$/);
    expect(startingUsername(account, 'pro', 'Ada Lovelace')).toBe(pro);
  });

  it("is the person's own username once they have one", () => {
    expect(startingUsername({ ...account, username: 'ada' }, 'pro', 'Ada Lovelace')).toBe('ada');
  });
});
