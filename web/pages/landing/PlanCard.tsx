import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { annualSavingPercent, TRIAL_DAYS, type BillingInterval, type Plan } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { PlanFeatureText } from '../../components/PlanFeatureText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatPrice } from '../../lib/format.ts';
import { PLAN_NAMES } from '../../lib/plan-names.ts';

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

export function PlanCard({
  plan,
  interval,
  mostPopular,
}: {
  plan: Plan;
  interval: BillingInterval;
  mostPopular: boolean;
}) {
  const { i18n } = useLingui();
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm',
        mostPopular ? 'border-brand ring-2 ring-brand' : 'border-slate-200',
      )}
    >
      {mostPopular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-bold whitespace-nowrap text-brand-ink">
          <Trans>Most Popular</Trans>
        </p>
      )}
      <div className="space-y-1">
        <h3 id={titleId} className="text-xl font-bold text-ink">
          {i18n._(PLAN_NAMES[plan.id])}
        </h3>
        <p className="text-sm text-slate-700">
          <PlanTagline plan={plan} />
        </p>
      </div>
      <div className="space-y-1">
        <PriceLine plan={plan} interval={interval} />
        <AnnualSaving plan={plan} interval={interval} />
      </div>
      <ul className="flex-1 space-y-2 text-sm text-slate-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-strong" />
            <span>
              <PlanFeatureText plan={plan} feature={feature} />
            </span>
          </li>
        ))}
      </ul>
      <Button asChild variant={mostPopular ? 'primary' : 'secondary'} size="lg">
        <Link to={paths.onboarding}>
          {plan.id === 'free' ? <Trans>Start Free Trial</Trans> : <Trans>Get Started</Trans>}
        </Link>
      </Button>
    </li>
  );
}
