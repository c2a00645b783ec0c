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
import { paidPlanAction, type PaidPlanAction } from './plan-choice.ts';
import { useCheckout } from './use-checkout.ts';

function HeldPlanBadge({ interval }: { interval: BillingInterval }) {
  return interval === 'year' ? (
    <Trans>Your plan, billed yearly</Trans>
  ) : (
    <Trans>Your plan, billed monthly</Trans>
  );
}

function PaidPlanLabel({ action, interval }: { action: PaidPlanAction; interval: BillingInterval }) {
  switch (action) {
    case 'current':
      return <Trans>Current plan</Trans>;
    case 'start':
      return <Trans>Get Started</Trans>;
    case 'switchInterval':
      return interval === 'year' ? (
        <Trans>Switch to yearly billing</Trans>
      ) : (
        <Trans>Switch to monthly billing</Trans>
      );
    case 'changePlan':
      return <Trans>Switch to this plan</Trans>;
  }
}

function PaidPlanButton({
  plan,
  action,
  interval,
  loading,
  disabled,
  onChoose,
}: {
  plan: PaidPlanId;
  action: PaidPlanAction;
  interval: BillingInterval;
  loading: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  // the plan and interval already paid for cannot be bought again (the server refuses it too)
  if (action === 'current') {
    return (
      <Button size="block" variant="secondary" disabled>
        <PaidPlanLabel action={action} interval={interval} />
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
      {loading ? <Trans>Loading...</Trans> : <PaidPlanLabel action={action} interval={interval} />}
    </Button>
  );
}

/**
 * The plans to move to from the dashboard (the plan picker dialog, the 'Trial Expired' modal): the free
 * trial cannot be chosen again, so its card only offers 'Contact Sales'; Pro and Business open checkout.
 * A subscriber's plan is marked as theirs and shown on its interval first; its button there is 'Current
 * plan', disabled, and the other choices say what they do (switch the interval, switch plan).
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
  const [interval, setBillingInterval] = useState<BillingInterval>(held?.interval ?? 'month');
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
            highlighted={held ? held.plan === id : id === 'pro'}
            badge={held?.plan === id && <HeldPlanBadge interval={held.interval} />}
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
                  action={paidPlanAction(id, interval, held)}
                  interval={interval}
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
