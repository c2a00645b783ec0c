import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { ComingSoonBanner } from '../../components/ComingSoonBanner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { logFailure } from '../../lib/log.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { OnboardingProgress, type OnboardingStep } from './OnboardingProgress.tsx';

/** Finishing onboarding marks the profile initialized and opens the dashboard with a welcome (spec section 4). */
function ContinueToDashboard() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { mutateAsync: completeInitialization, isPending } =
    trpc.profile.completeInitialization.useMutation();

  async function finish() {
    await completeInitialization().catch(logFailure('Marking the profile initialized'));
    toast({ title: t`Welcome to Tapcard!`, description: t`Your account is ready.` });
    await navigate(paths.dashboard, { replace: true });
  }

  return (
    <Button size="block" disabled={isPending} onClick={() => void finish()}>
      {isPending ? <Trans>Please wait...</Trans> : <Trans>Continue to dashboard</Trans>}
    </Button>
  );
}

/**
 * Steps 2 and 3 as far as they exist today: their heading, the coming-soon banner, and a way on to the
 * dashboard (the plan choice and the card builder come with the billing and cards issues).
 */
export function LaterStep({
  step,
  title,
  description,
}: {
  step: Exclude<OnboardingStep, 1>;
  title: string;
  description: ReactNode;
}) {
  return (
    <>
      <OnboardingProgress current={step} />
      <AuthCard title={title} description={description}>
        <ComingSoonBanner />
        <ContinueToDashboard />
      </AuthCard>
    </>
  );
}
