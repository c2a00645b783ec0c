import { useState } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { PLAN_IDS, PLANS, TRIAL_DAYS, type BillingInterval } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { BillingIntervalToggle } from '../../components/billing/BillingIntervalToggle.tsx';
import { PlanCard } from '../../components/billing/PlanCard.tsx';
import { Button } from '../../components/ui/Button.tsx';

export function Pricing() {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-slate-50 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            <Trans>Simple, transparent pricing</Trans>
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            <Trans>Start with a {TRIAL_DAYS}-day free trial and upgrade anytime.</Trans>
          </p>
          <div className="mt-8">
            <BillingIntervalToggle value={interval} onChange={setBillingInterval} />
          </div>
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-3 md:gap-6">
          {PLAN_IDS.map((id) => {
            const mostPopular = id === 'pro';
            return (
              <PlanCard
                key={id}
                plan={PLANS[id]}
                interval={interval}
                highlighted={mostPopular}
                badge={mostPopular && <Trans>Most Popular</Trans>}
                action={
                  <Button asChild variant={mostPopular ? 'primary' : 'secondary'} size="lg">
                    <Link to={paths.onboarding}>
                      {id === 'free' ? <Trans>Start Free Trial</Trans> : <Trans>Get Started</Trans>}
                    </Link>
                  </Button>
                }
              />
            );
          })}
        </ul>
        <p className="mt-8 flex items-center justify-center gap-2 text-sm font-medium text-slate-700">
          <Lock aria-hidden className="size-4" />
          <Trans>Secure Payment via Stripe</Trans>
        </p>
      </div>
    </section>
  );
}
