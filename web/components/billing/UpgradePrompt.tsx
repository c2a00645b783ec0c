import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { PLANS, type PlanFeature } from '#src/plans.ts';
import { planPickerPath } from '#src/routes.ts';
import { PLAN_BADGES } from '../../lib/plan-names.ts';
import { PlanFeatureText } from '../PlanFeatureList.tsx';
import { usePlanFeature } from './use-plan-feature.ts';

/**
 * Where a feature of a higher plan would be: what it is part of and the way to upgrade (the billing page
 * with its plan picker open), instead of controls the server would refuse (plan_required). Renders nothing while the plan is loading or when it is there.
 */
export function UpgradePrompt({
  feature,
  locked,
  children,
}: {
  feature: PlanFeature;
  /** Whether the feature is locked here, when the person's own plan does not say (a team's is its owner's). */
  locked?: boolean;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const { allowed, requiredPlan, loaded } = usePlanFeature(feature);
  if (!loaded || !(locked ?? !allowed)) return null;
  const featureName = <PlanFeatureText plan={PLANS[requiredPlan]} feature={feature} />;
  const planName = i18n._(PLAN_BADGES[requiredPlan]);
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand/30 bg-brand-soft p-4 text-sm text-gray-900">
      <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-strong" />
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">
          <Trans>
            {featureName} is part of the {planName} plan
          </Trans>
        </p>
        {children ? <div>{children}</div> : null}
        <p>
          <Link to={planPickerPath} className="font-semibold text-brand-strong underline underline-offset-2">
            <Trans>Upgrade to {planName}</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}
