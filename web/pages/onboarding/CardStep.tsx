import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/PageHeading.tsx';
import type { OnboardingProfile } from './card-step-values.ts';
import { CreateCardForm } from './CreateCardForm.tsx';
import { OnboardingProgress } from './OnboardingProgress.tsx';

/** Step 3 (spec section 2): the virtual card, which completes onboarding. */
export function CardStep({ profile }: { profile: OnboardingProfile }) {
  const { t } = useLingui();
  return (
    <>
      <OnboardingProgress current={3} />
      <PageHeading
        title={t`Create your virtual card`}
        description={<Trans>Add your photo, your details and a colour, and share it with one link.</Trans>}
      />
      <CreateCardForm profile={profile} />
    </>
  );
}
