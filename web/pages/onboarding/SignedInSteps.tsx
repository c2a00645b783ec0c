import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { applyProfileLanguage } from '../../lib/i18n.ts';
import { logFailure } from '../../lib/log.ts';
import { trpc } from '../../lib/trpc.ts';
import { LaterStep } from './LaterStep.tsx';

/**
 * Onboarding with a session (spec section 4): an initialized profile goes to the dashboard, a chosen paid
 * plan to the card step, anything else to the plan step. A profile that cannot be read is only logged
 * (spec section 8) and starts at the plan step.
 */
export function SignedInSteps() {
  const { t } = useLingui();
  const { data: profile, error, isPending } = trpc.profile.me.useQuery();

  useEffect(() => {
    if (profile)
      void applyProfileLanguage(profile.language).catch(logFailure('Applying the profile language'));
  }, [profile]);
  useEffect(() => {
    if (error) logFailure('Reading the profile')(error);
  }, [error]);

  if (isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (profile?.initialized) return <Navigate to={paths.dashboard} replace />;
  if (profile && profile.plan_type !== 'free') {
    return (
      <LaterStep
        step={3}
        title={t`Create your virtual card`}
        description={<Trans>Add your photo, your details and a colour, and share it with one link.</Trans>}
      />
    );
  }
  return (
    <LaterStep
      step={2}
      title={t`Choose Your Plan`}
      description={<Trans>Start with a free trial, upgrade anytime</Trans>}
    />
  );
}
