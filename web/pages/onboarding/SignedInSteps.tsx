import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { normalizePlanId } from '#src/plans.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { applyProfileLanguage } from '../../lib/i18n.ts';
import { logFailure } from '../../lib/log.ts';
import { trpc } from '../../lib/trpc.ts';
import { CardStep } from './CardStep.tsx';
import { PlanStep } from './PlanStep.tsx';

/**
 * Onboarding with a session (spec section 4): an initialized profile goes to the dashboard, a chosen paid
 * plan to the card step, anything else to the plan step. A profile that cannot be read is only logged
 * (spec section 8) and starts at the plan step.
 */
export function SignedInSteps() {
  const { data: profile, error, isPending, refetch } = trpc.profile.me.useQuery();
  // a paid plan chosen here is only paid for in the checkout tab, so the choice itself moves on to step 3
  const [planChosen, setPlanChosen] = useState(false);

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
  const paidPlan = profile ? normalizePlanId(profile.plan_type) !== 'free' : false;
  if (!paidPlan && !planChosen) return <PlanStep onContinue={() => setPlanChosen(true)} />;
  // the card needs the profile (plan, name, e-mail); one that could not be read is asked for again
  if (!profile) return <QueryStatus error={error} onRetry={() => void refetch()} />;
  return <CardStep profile={profile} />;
}
