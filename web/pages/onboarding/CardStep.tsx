import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/PageHeading.tsx';
import type { OnboardingProfile } from './card-step-values.ts';
import { CreateCardForm } from './CreateCardForm.tsx';
import { OnboardingProgress } from './OnboardingProgress.tsx';
import { PaymentPendingNotice } from './PaymentPendingNotice.tsx';

/**
 * Step 3 (spec section 2): the virtual card, which completes onboarding, or 'Skip for now'. `finished`:
 * onboarding was finished without a card, which the person now makes from the dashboard.
 */
export function CardStep({ profile, finished }: { profile: OnboardingProfile; finished: boolean }) {
  const { t } = useLingui();
  return (
    <>
      {!finished && <OnboardingProgress current={3} />}
      <PageHeading
        title={t`Create your virtual card`}
        description={<Trans>Add your photo, your details and a colour, and share it with one link.</Trans>}
      />
      {!finished && profile.chosen_plan && <PaymentPendingNotice plan={profile.chosen_plan} />}
      <CreateCardForm profile={profile} finished={finished} />
    </>
  );
}
