import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PLAN_IDS, PLANS, type BillingInterval, type PaidPlanId, type PlanId } from '#src/plans.ts';
import { BillingIntervalToggle } from '../../components/billing/BillingIntervalToggle.tsx';
import { PlanCard } from '../../components/billing/PlanCard.tsx';
import { useCheckout } from '../../components/billing/use-checkout.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { OnboardingProgress } from './OnboardingProgress.tsx';

/**
 * Onboarding step 2 (spec section 4, plan choice): Free keeps the trial every new account has; Pro or
 * Business opens checkout in a new tab and the card step follows here at once, while the plan itself
 * changes only once the payment is confirmed. The server keeps the choice: the profile read again moves
 * the page on.
 */
export function PlanStep() {
  const { t, i18n } = useLingui();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const utils = trpc.useUtils();
  // busy until the profile read again shows the next step
  const chooseFree = trpc.billing.chooseFree.useMutation({ onSuccess: () => utils.profile.me.invalidate() });
  const { checkout, pendingPlan } = useCheckout();
  const busyPlan: PlanId | null = chooseFree.isPending ? 'free' : pendingPlan;

  async function startFree() {
    try {
      await chooseFree.mutateAsync();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to activate the free plan. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Free plan activated!`, description: t`Now let's set up your profile` });
  }

  async function startPaid(plan: PaidPlanId) {
    if (!(await checkout(plan, interval))) return;
    toast({
      title: plan === 'pro' ? t`Pro plan selected!` : t`Business plan selected!`,
      description: t`Complete payment to continue.`,
    });
    await utils.profile.me.invalidate();
  }

  return (
    <>
      <OnboardingProgress current={2} />
      {/* three cards need more room than the sign-up column: centred on it, up to the landing's width */}
      <section className="relative left-1/2 w-[min(72rem,calc(100vw-2rem))] -translate-x-1/2 space-y-8">
        <div className="text-center">
          <PageHeading
            title={t`Choose Your Plan`}
            description={<Trans>Start with a free trial, upgrade anytime</Trans>}
          />
          <div className="mt-6">
            <BillingIntervalToggle value={interval} onChange={setBillingInterval} />
          </div>
        </div>
        <ul className="grid gap-8 md:grid-cols-3 md:gap-4 lg:gap-6">
          {PLAN_IDS.map((id) => (
            <PlanCard
              key={id}
              plan={PLANS[id]}
              interval={interval}
              highlighted={id === 'free'}
              headingLevel={2}
              badge={id === 'free' && <Trans>Recommended</Trans>}
              action={
                <Button
                  size="block"
                  variant={id === 'free' ? 'primary' : 'secondary'}
                  disabled={busyPlan !== null}
                  onClick={() => void (id === 'free' ? startFree() : startPaid(id))}
                >
                  {busyPlan === id ? <Trans>Loading...</Trans> : <Trans>Get Started</Trans>}
                </Button>
              }
            />
          ))}
        </ul>
      </section>
    </>
  );
}
