import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PLANS, type Plan } from '#src/plans.ts';
import { useCustomerPortal } from '../../components/billing/use-customer-portal.ts';
import { useResumeSubscription } from '../../components/billing/use-resume-subscription.ts';
import { PausedCountsText, PlanEndedTitle } from '../../components/billing/PlanEnded.tsx';
import { PlanFeatureList } from '../../components/PlanFeatureList.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { FREE_AFTER_PAID_BADGE, PLAN_BADGES } from '../../lib/plan-names.ts';
import type { BillingDetails } from './types.ts';
import { PlanPickerDialog } from './PlanPickerDialog.tsx';

const FREE_AFTER_PAID_PLAN: Plan = {
  ...PLANS.free,
  features: PLANS.free.features.filter((feature) => feature !== 'freeTrial'),
};

/**
 * The line under the badge: when the trial ends (or ended), when the plan renews (or stops), or, for a
 * customer whose paid plan ended, that it ended, what is paused and until when the page stays online.
 */
function PlanDate({ details }: { details: BillingDetails }) {
  const { i18n } = useLingui();
  // read once per visit: whether the trial has ended does not change while the page is open
  const [now] = useState(Date.now);
  if (details.ended_plan) {
    const ended = details.ended_plan;
    const trialEnd = details.trial_ends_at;
    const online = trialEnd !== null && trialEnd.getTime() > now;
    const trialDate = trialEnd && formatDate(trialEnd, i18n.locale);
    return (
      <>
        <PlanEndedTitle plan={ended.plan} endedAt={ended.ended_at} />.{' '}
        {online ? (
          <Trans>Your public page stays online with the free plan's limits until {trialDate}.</Trans>
        ) : (
          <Trans>Your public page is offline until you renew.</Trans>
        )}{' '}
        {ended.paused && <PausedCountsText paused={ended.paused} team={ended.paused_team} />}
      </>
    );
  }
  if (details.plan === 'free') {
    if (!details.trial_ends_at) return null;
    const date = formatDate(details.trial_ends_at, i18n.locale);
    return details.trial_ends_at.getTime() > now ? (
      <Trans>Your free trial ends on {date}.</Trans>
    ) : (
      <Trans>Your free trial ended on {date}.</Trans>
    );
  }
  if (!details.renews_at) return null;
  const date = formatDate(details.renews_at, i18n.locale);
  return details.cancel_at_period_end ? (
    <Trans>Your plan ends on {date}.</Trans>
  ) : (
    <Trans>Renews on {date}.</Trans>
  );
}

function PlanActions({ details, subscribed }: { details: BillingDetails; subscribed: boolean }) {
  const { openPortal, opening } = useCustomerPortal();
  const { resume, resuming } = useResumeSubscription();
  if (!subscribed) {
    return (
      <PlanPickerDialog
        held={null}
        trigger={
          <Button>{details.ended_plan ? <Trans>Renew plan</Trans> : <Trans>Upgrade to Pro</Trans>}</Button>
        }
      />
    );
  }
  const held = details.interval ? { plan: details.plan, interval: details.interval } : null;
  return (
    <div className="flex flex-wrap gap-3">
      {/* a cancellation can be undone until the period ends */}
      {details.cancel_at_period_end && (
        <Button onClick={() => void resume()} disabled={resuming}>
          {resuming ? <Trans>Renewing...</Trans> : <Trans>Don't cancel</Trans>}
        </Button>
      )}
      <PlanPickerDialog
        held={held}
        trigger={
          <Button variant="secondary">
            <Trans>Change Plan</Trans>
          </Button>
        }
      />
      <Button
        variant={details.cancel_at_period_end ? 'secondary' : 'primary'}
        onClick={() => void openPortal()}
        disabled={opening}
      >
        {opening ? <Trans>Opening...</Trans> : <Trans>Manage Subscription</Trans>}
      </Button>
    </div>
  );
}

/** Spec section 2, Billing: the plan badge, its dates, its monthly cost, its features and what to do next. */
export function CurrentPlanCard({ details, subscribed }: { details: BillingDetails; subscribed: boolean }) {
  const { t, i18n } = useLingui();
  // after a paid plan, the free plan has no trial to offer: its own limits, without "14-day free trial"
  const plan = details.ended_plan ? FREE_AFTER_PAID_PLAN : PLANS[details.plan];
  const monthlyCost = formatPrice(details.monthly_cost, 'month', i18n.locale);
  const yearlyPrice = formatPrice(plan.price.year, 'year', i18n.locale);
  return (
    <SectionCard title={t`Current plan`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <p>
            <span className="inline-flex items-center rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-strong">
              {i18n._(details.ended_plan ? FREE_AFTER_PAID_BADGE : PLAN_BADGES[details.plan])}
            </span>
          </p>
          <p className="text-sm text-slate-700">
            <PlanDate details={details} />
          </p>
        </div>
        <p className="flex items-baseline gap-2 sm:flex-col sm:items-end sm:gap-0">
          <span className="text-2xl font-bold text-ink">{monthlyCost}</span>
          <span className="text-sm text-slate-700">
            {details.interval === 'year' ? (
              <Trans>per month, billed yearly ({yearlyPrice})</Trans>
            ) : (
              <Trans>per month</Trans>
            )}
          </span>
        </p>
      </div>
      <PlanFeatureList plan={plan} className="grid gap-2 text-sm text-slate-800 sm:grid-cols-2" />
      <PlanActions details={details} subscribed={subscribed} />
    </SectionCard>
  );
}
