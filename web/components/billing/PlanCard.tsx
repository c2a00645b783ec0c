import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { annualSavingPercent, TRIAL_DAYS, type BillingInterval, type Plan } from '#src/plans.ts';
import { cn } from '../../lib/cn.ts';
import { formatPrice } from '../../lib/format.ts';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { PlanFeatureList } from '../PlanFeatureList.tsx';

function PricePeriod({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  if (plan.id === 'free') return <Trans>for {TRIAL_DAYS} days</Trans>;
  return interval === 'month' ? <Trans>per month</Trans> : <Trans>per year</Trans>;
}

function PriceLine({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const { i18n } = useLingui();
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-4xl font-extrabold tracking-tight text-ink">
        {formatPrice(plan.price[interval], interval, i18n.locale)}
      </span>
      <span className="text-sm text-slate-700">
        <PricePeriod plan={plan} interval={interval} />
      </span>
    </p>
  );
}

function AnnualSaving({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const saving = annualSavingPercent(plan);
  if (interval !== 'year' || saving <= 0) return null;
  return (
    <p className="text-sm font-semibold text-emerald-800">
      <Trans>Save {saving}% with annual billing</Trans>
    </p>
  );
}

function PlanTagline({ plan }: { plan: Plan }) {
  switch (plan.id) {
    case 'free':
      return <Trans>Try Tapcard with no commitment.</Trans>;
    case 'pro':
      return <Trans>For professionals who share their card every day.</Trans>;
    case 'business':
      return <Trans>For teams and companies with many cards.</Trans>;
  }
}

/**
 * One plan of a pricing grid (landing, onboarding step 2, the plan picker): name, price for the interval,
 * features and the caller's action. Renders an <li>: place it in a <ul>. Its name is an h3 under a
 * section's h2, or an h2 right under a page's h1 (`headingLevel`), so no heading level is skipped.
 */
export function PlanCard({
  plan,
  interval,
  badge,
  highlighted = false,
  muted = false,
  headingLevel = 3,
  action,
}: {
  plan: Plan;
  interval: BillingInterval;
  /** A ribbon above the card, such as 'Most Popular'. */
  badge?: ReactNode;
  highlighted?: boolean;
  /** A plan that cannot be chosen here (greyed). */
  muted?: boolean;
  headingLevel?: 2 | 3;
  action: ReactNode;
}) {
  const { i18n } = useLingui();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm',
        highlighted ? 'border-brand ring-2 ring-brand' : 'border-slate-200',
        muted && 'bg-slate-50',
      )}
    >
      {badge && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-bold whitespace-nowrap text-brand-ink">
          {badge}
        </p>
      )}
      <div className="space-y-1">
        <Heading id={titleId} className="text-xl font-bold text-ink">
          {i18n._(PLAN_NAMES[plan.id])}
        </Heading>
        <p className="text-sm text-slate-700">
          <PlanTagline plan={plan} />
        </p>
      </div>
      <div className="space-y-1">
        <PriceLine plan={plan} interval={interval} />
        <AnnualSaving plan={plan} interval={interval} />
      </div>
      <PlanFeatureList plan={plan} className="flex-1 space-y-2 text-sm text-slate-800" />
      {action}
    </li>
  );
}
