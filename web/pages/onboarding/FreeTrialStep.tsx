import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { PLANS } from '#src/plans.ts';
import { PlanFeatureText } from '../../components/PlanFeatureText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { OnboardingProgress } from './OnboardingProgress.tsx';

/**
 * Step 2 as far as it exists today: the free trial, which every new profile already has (plan free), so
 * continuing needs no call. The paid plans and their checkout come with the billing issue.
 */
export function FreeTrialStep({ onContinue }: { onContinue: () => void }) {
  const { t, i18n } = useLingui();
  const plan = PLANS.free;

  function startFreeTrial() {
    toast({ title: t`Free plan activated!`, description: t`Now let's set up your profile` });
    onContinue();
  }

  return (
    <>
      <OnboardingProgress current={2} />
      <AuthCard
        title={t`Choose Your Plan`}
        description={<Trans>Start with a free trial, upgrade anytime</Trans>}
      >
        <div className="space-y-4 rounded-xl border-2 border-brand bg-brand-soft/40 p-5">
          <p className="text-lg font-semibold text-ink">{i18n._(PLAN_NAMES.free)}</p>
          <ul className="space-y-2 text-sm text-slate-700">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-strong" />
                <span>
                  <PlanFeatureText plan={plan} feature={feature} />
                </span>
              </li>
            ))}
          </ul>
          <Button size="block" onClick={startFreeTrial}>
            <Trans>Start free trial</Trans>
          </Button>
        </div>
        <p className="text-center text-sm text-slate-600">
          <Trans>You can upgrade to Pro or Business at any time from Billing.</Trans>
        </p>
      </AuthCard>
    </>
  );
}
