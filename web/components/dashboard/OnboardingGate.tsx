import { Navigate, Outlet, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ListChecks } from 'lucide-react';
import type { OnboardingStep } from '#src/onboarding.ts';
import { paths } from '#src/routes.ts';
import { withoutTrailingSlash } from '../../lib/nav.ts';
import { invitationNext } from '../../lib/sign-in-next.ts';
import { trpc } from '../../lib/trpc.ts';
import { DashboardBanner } from './DashboardBanner.tsx';

function UnfinishedSetupBanner({ step }: { step: Exclude<OnboardingStep, 'done'> }) {
  return (
    <DashboardBanner
      tone="brand"
      icon={<ListChecks />}
      title={<Trans>Finish setting up your account</Trans>}
      action={{ to: paths.onboarding, label: <Trans>Continue setup</Trans> }}
    >
      {step === 'plan' ? (
        <Trans>Choose a plan, then create your card: your public page and its QR code come with it.</Trans>
      ) : (
        <Trans>Create your card: your public page and its QR code come with it.</Trans>
      )}
    </DashboardBanner>
  );
}

/**
 * The dashboard with an unfinished onboarding (docs/decisions/014-onboarding-resumes.md): its home, where
 * every sign-in and the logo lead, is the onboarding itself, so nobody lands on an empty dashboard; the other
 * pages (account settings, support, billing…) stay open, under a banner that says what is missing.
 */
export function OnboardingGate() {
  const { pathname, search } = useLocation();
  const { data: profile, isPending } = trpc.profile.me.useQuery();
  const home = withoutTrailingSlash(pathname) === paths.dashboard;
  const step = profile?.onboarding_step;
  if (home && isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  const unfinished = step === 'plan' || step === 'card';
  if (unfinished && home) return <Navigate to={paths.onboarding} replace />;
  // a team invitation being answered comes first (its acceptance skips the plan step); one tree either
  // way, so the page below keeps its state when the banner comes or goes
  const banner = unfinished && !invitationNext(`${pathname}${search}`);
  return (
    <>
      {banner && <UnfinishedSetupBanner step={step} />}
      <Outlet />
    </>
  );
}
