import { useState } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Info, Lock } from 'lucide-react';
import { PLAN_IDS, PLANS, TRIAL_DAYS, type BillingInterval } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { BillingIntervalToggle } from '../../components/billing/BillingIntervalToggle.tsx';
import { useBillingMode } from '../../components/billing/use-billing-mode.ts';
import { PlanCard } from '../../components/billing/PlanCard.tsx';
import { Button } from '../../components/ui/Button.tsx';

/** How payments are taken on this server; nothing until the server said (never a provider that is not there). */
function PaymentNote() {
  const mode = useBillingMode();
  if (mode === 'stripe') {
    return (
      <>
        <Lock aria-hidden className="size-4" />
        <Trans>Secure Payment via Stripe</Trans>
      </>
    );
  }
  if (mode === 'demo') {
    return (
      <>
        <Info aria-hidden className="size-4" />
        <Trans>Demo billing on this server: no card is charged and no money moves.</Trans>
      </>
    );
  }
  return null;
}

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
        {/* one line high before the server answers, so nothing below moves when it does */}
        <p className="mt-8 flex min-h-5 items-center justify-center gap-2 text-center text-sm font-medium text-slate-700">
          <PaymentNote />
        </p>
      </div>
    </section>
  );
}
