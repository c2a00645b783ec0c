import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PLAN_IDS, PLANS, type BillingInterval, type PaidPlanId, type PlanId } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { toast } from '../../lib/toast.ts';
import { CONTACT_SECTION_ID } from '../../pages/support/sections.ts';
import { Button } from '../ui/Button.tsx';
import { BillingIntervalToggle } from './BillingIntervalToggle.tsx';
import { PlanCard } from './PlanCard.tsx';
import { useCheckout } from './use-checkout.ts';

function PaidPlanButton({
  plan,
  current,
  loading,
  disabled,
  onChoose,
}: {
  plan: PaidPlanId;
  current: boolean;
  loading: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  if (current) {
    return (
      <Button size="block" variant="secondary" disabled>
        <Trans>Current plan</Trans>
      </Button>
    );
  }
  return (
    <Button
      size="block"
      variant={plan === 'pro' ? 'primary' : 'secondary'}
      disabled={disabled}
      onClick={onChoose}
    >
      {loading ? <Trans>Loading...</Trans> : <Trans>Get Started</Trans>}
    </Button>
  );
}

/**
 * The plans to move to from the dashboard (the plan picker dialog, the 'Trial Expired' modal): the free
 * trial cannot be chosen again, so its card only offers 'Contact Sales'; Pro and Business open checkout.
 */
export function PlanPicker({
  held,
  onCheckoutOpened,
}: {
  /** The paid plan and interval held now: its checkout would be refused, so its button is disabled. */
  held: { plan: PlanId; interval: BillingInterval } | null;
  onCheckoutOpened?: () => void;
}) {
  const { t } = useLingui();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const { checkout, pendingPlan } = useCheckout();

  async function choose(plan: PaidPlanId) {
    if (!(await checkout(plan, interval))) return;
    toast({ title: t`Redirecting to checkout` });
    onCheckoutOpened?.();
  }

  return (
    <div className="space-y-8">
      <div className="text-center">
        <BillingIntervalToggle value={interval} onChange={setBillingInterval} />
      </div>
      <ul className="grid gap-8 md:grid-cols-3 md:gap-4">
        {PLAN_IDS.map((id) => (
          <PlanCard
            key={id}
            plan={PLANS[id]}
            interval={interval}
            highlighted={id === 'pro'}
            muted={id === 'free'}
            action={
              id === 'free' ? (
                <Button asChild size="block" variant="secondary">
                  <Link to={{ pathname: paths.support, hash: CONTACT_SECTION_ID }}>
                    <Trans>Contact Sales</Trans>
                  </Link>
                </Button>
              ) : (
                <PaidPlanButton
                  plan={id}
                  current={held?.plan === id && held.interval === interval}
                  loading={pendingPlan === id}
                  disabled={pendingPlan !== null}
                  onChoose={() => void choose(id)}
                />
              )
            }
          />
        ))}
      </ul>
    </div>
  );
}
