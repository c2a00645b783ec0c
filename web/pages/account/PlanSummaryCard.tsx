import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { normalizePlanId, trialEndsAt } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatDate } from '../../lib/format.ts';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import type { Profile } from './types.ts';

/**
 * The date line under the plan name: when the trial ends (or ended), or when the plan renews (or, once
 * cancelled, ends).
 */
function PlanDate({ profile }: { profile: Profile }) {
  const { i18n } = useLingui();
  // read once per visit: whether the trial has ended does not change while the card is open
  const [now] = useState(Date.now);
  if (normalizePlanId(profile.plan_type) === 'free') {
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
  const planName = i18n._(PLAN_NAMES[normalizePlanId(profile.plan_type)]);
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
            <PlanDate profile={profile} />
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
