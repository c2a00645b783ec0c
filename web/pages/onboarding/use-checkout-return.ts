import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { CheckoutOutcome } from '#src/onboarding.ts';
import { logFailure } from '../../lib/log.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import type { OnboardingProfile } from './card-step-values.ts';

const CHECKOUT_PARAM = 'checkout';

function outcomeOf(value: string | null): CheckoutOutcome | null {
  return value === 'success' || value === 'cancelled' ? value : null;
}

/**
 * Checkout's return to an unfinished onboarding (`?checkout=success|cancelled`, src/onboarding.ts): a
 * payment goes on at the card step, where the plan applies as soon as it is confirmed; a cancelled one
 * goes back to the plan step. Said once in a toast, then dropped from the address. Returns the outcome,
 * for a finished onboarding to pass on to the billing page.
 */
export function useCheckoutReturn(profile: OnboardingProfile | undefined): CheckoutOutcome | null {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = outcomeOf(searchParams.get(CHECKOUT_PARAM));
  const utils = trpc.useUtils();
  const { mutateAsync: reopenPlanChoice } = trpc.onboarding.reopenPlanChoice.useMutation();
  const handled = useRef(false);

  useEffect(() => {
    if (!outcome || !profile || profile.onboarding_step === 'done' || handled.current) return;
    handled.current = true;
    if (outcome === 'success') {
      toast({
        title: t`Payment received`,
        description: t`Your plan updates as soon as the payment is confirmed. This usually takes a few seconds.`,
      });
    } else {
      toast({
        title: t`Checkout cancelled`,
        description: t`No payment was taken. You can choose a plan whenever you are ready.`,
      });
      // the paid plan is no longer on its way: choosing again
      if (profile.chosen_plan) {
        void reopenPlanChoice()
          .then(() => utils.profile.me.invalidate())
          .catch(logFailure('Returning to the plan step'));
      }
    }
    setSearchParams(
      (current) => {
        current.delete(CHECKOUT_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [outcome, profile, t, reopenPlanChoice, utils, setSearchParams]);

  return outcome;
}
