import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { checkoutReturnPath } from '#src/onboarding.ts';
import { paths } from '#src/routes.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useLiveUpdates } from '../../components/dashboard/use-live-updates.ts';
import { applyProfileLanguage } from '../../lib/i18n.ts';
import { logFailure } from '../../lib/log.ts';
import { trpc } from '../../lib/trpc.ts';
import { CardStep } from './CardStep.tsx';
import { PlanStep } from './PlanStep.tsx';
import { useCheckoutReturn } from './use-checkout-return.ts';

/**
 * Onboarding with a session, at the step the server keeps (docs/decisions/014-onboarding-resumes.md): the
 * plan, then the card. Live updates keep it in step with the person's other tabs and devices: a payment
 * confirmed in the checkout tab applies its plan to the card step at once. A finished onboarding goes to
 * the dashboard, or, when it was finished without a card ('Skip for now'), offers the card step again.
 */
export function SignedInSteps() {
  useLiveUpdates();
  const { data: profile, error, isPending, refetch } = trpc.profile.me.useQuery();
  const checkoutOutcome = useCheckoutReturn(profile);

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
  // where the person stands is the profile's: one that could not be read is asked for again
  if (!profile) return <QueryStatus error={error} onRetry={() => void refetch()} />;
  switch (profile.onboarding_step) {
    case 'plan':
      return <PlanStep />;
    case 'card':
      return <CardStep profile={profile} finished={false} />;
    case 'done':
      if (checkoutOutcome) return <Navigate to={checkoutReturnPath('done', checkoutOutcome)} replace />;
      if (profile.has_vcard) return <Navigate to={paths.dashboard} replace />;
      return <CardStep profile={profile} finished />;
  }
}
