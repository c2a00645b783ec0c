import { paths } from './routes.ts';

// Onboarding's steps as the server stores them (docs/decisions/014-onboarding-resumes.md): 1 sign-up (no
// session yet), 2 the plan, 3 the card. It is finished once step 3 made the card or was skipped, and any
// sign-in, on any device, resumes an unfinished one where it stopped.

/** The step a signed-in person is at: choosing a plan, making the card, or finished. */
export type OnboardingStep = 'plan' | 'card' | 'done';

/** The stored facts of the profile that decide the step. */
export interface OnboardingFacts {
  initialized: boolean;
  plan_chosen: boolean;
}

export function onboardingStep({ initialized, plan_chosen }: OnboardingFacts): OnboardingStep {
  if (initialized) return 'done';
  return plan_chosen ? 'card' : 'plan';
}

export type CheckoutOutcome = 'success' | 'cancelled';

/**
 * Where checkout sends the person back: the billing page, or (while onboarding is unfinished) the
 * onboarding, which goes on at the card step with the plan just paid for.
 */
export function checkoutReturnPath(step: OnboardingStep, outcome: CheckoutOutcome): string {
  return `${step === 'done' ? paths.billing : paths.onboarding}?checkout=${outcome}`;
}
