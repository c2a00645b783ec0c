import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ListChecks } from 'lucide-react';
import type { OnboardingStep } from '#src/onboarding.ts';
import { paths } from '#src/routes.ts';
import { trpc } from '../../lib/trpc.ts';
import { Button } from '../ui/Button.tsx';

function UnfinishedSetupBanner({ step }: { step: Exclude<OnboardingStep, 'done'> }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink sm:flex-row sm:items-center"
    >
      <ListChecks aria-hidden className="hidden size-5 shrink-0 text-brand-strong sm:block" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          <Trans>Finish setting up your account</Trans>
        </p>
        <p className="text-slate-700">
          {step === 'plan' ? (
            <Trans>
              Choose a plan, then create your card: your public page and its QR code come with it.
            </Trans>
          ) : (
            <Trans>Create your card: your public page and its QR code come with it.</Trans>
          )}
        </p>
      </div>
      <Button asChild size="sm">
        <Link to={paths.onboarding}>
          <Trans>Continue setup</Trans>
        </Link>
      </Button>
    </div>
  );
}

/**
 * The dashboard with an unfinished onboarding (DECISIONS.md "Onboarding (wave 2)"): its home, where every
 * sign-in and the logo lead, is the onboarding itself, so nobody lands on an empty dashboard; the other
 * pages (account settings, support, billing…) stay open, under a banner that says what is missing.
 */
export function OnboardingGate() {
  const { pathname } = useLocation();
  const { data: profile, isPending } = trpc.profile.me.useQuery();
  const home = pathname.replace(/\/+$/, '') === paths.dashboard;
  const step = profile?.onboarding_step;
  if (home && isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (step === 'plan' || step === 'card') {
    if (home) return <Navigate to={paths.onboarding} replace />;
    return (
      <>
        <UnfinishedSetupBanner step={step} />
        <Outlet />
      </>
    );
  }
  return <Outlet />;
}
