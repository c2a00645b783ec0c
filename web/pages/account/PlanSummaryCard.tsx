import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { trialEndsAt } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { PlanEndedTitle } from '../../components/billing/PlanEnded.tsx';
import { useBillingStatus, type BillingStatus } from '../../components/billing/use-billing-status.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatDate } from '../../lib/format.ts';
import { FREE_AFTER_PAID_BADGE, PLAN_NAMES } from '../../lib/plan-names.ts';
import type { Profile } from './types.ts';

/**
 * The date line under the plan name: when the trial ends (or ended), when the plan renews (or, once
 * cancelled, ends), or that a paid plan ended. Read from the plan in effect (billing.status), never from
 * the stored plan: a paid plan past its end is free whether or not its webhook came.
 */
function PlanDate({ profile, status }: { profile: Profile; status: BillingStatus }) {
  const { i18n } = useLingui();
  // read once per visit: whether the trial has ended does not change while the card is open
  const [now] = useState(Date.now);
  if (status.ended_plan) {
    return (
      <>
        <PlanEndedTitle plan={status.ended_plan.plan} endedAt={status.ended_plan.ended_at} />.
      </>
    );
  }
  if (status.plan_in_effect === 'free') {
    const end = trialEndsAt(profile.trial_start_date, profile.trial_days);
    const date = formatDate(end, i18n.locale);
    return end.getTime() > now ? (
      <Trans>Your free trial ends on {date}.</Trans>
    ) : (
      <Trans>Your free trial ended on {date}.</Trans>
    );
  }
  if (!profile.subscription_end) return null;
  const date = formatDate(profile.subscription_end, i18n.locale);
  return profile.cancel_at_period_end ? (
    <Trans>Your plan ends on {date}.</Trans>
  ) : (
    <Trans>Renews on {date}.</Trans>
  );
}

export function PlanSummaryCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const { status } = useBillingStatus();
  const planName = i18n._(status.ended_plan ? FREE_AFTER_PAID_BADGE : PLAN_NAMES[status.plan_in_effect]);
  return (
    <SectionCard title={t`Subscription plan`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-ink">
            <Trans>Current plan</Trans>
          </p>
          <p>
            <span className="inline-flex items-center rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-strong">
              {planName}
            </span>
          </p>
          <p className="text-sm text-slate-700">
            <PlanDate profile={profile} status={status} />
          </p>
        </div>
        <Button asChild variant="secondary">
          <Link to={paths.billing}>
            <Trans>Manage plan in Billing</Trans>
          </Link>
        </Button>
      </div>
    </SectionCard>
  );
}
