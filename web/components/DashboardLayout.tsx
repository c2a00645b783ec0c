import { Trans } from '@lingui/react/macro';
import { useBillingStatusRefresh } from './billing/use-billing-status.ts';
import { ConnectionNotice } from './ConnectionNotice.tsx';
import { SkipLink } from './SkipLink.tsx';
import { DashboardTopBar } from './dashboard/DashboardTopBar.tsx';
import { DesktopSidebar } from './dashboard/DesktopSidebar.tsx';
import { OnboardingGate } from './dashboard/OnboardingGate.tsx';
import { TestDataBanner } from './dashboard/TestDataBanner.tsx';
import { TrialBanner } from './dashboard/TrialBanner.tsx';
import { TrialExpiredModal } from './dashboard/TrialExpiredModal.tsx';
import { useLiveUpdates } from './dashboard/use-live-updates.ts';
import { useProfileLanguage } from './dashboard/use-profile-language.ts';

const MAIN_ID = 'main-content';

/** What the dashboard shows from the server: mounted once its live stream is open, so it loads once. */
function DashboardData() {
  useProfileLanguage();
  useBillingStatusRefresh();
  return (
    <>
      <TrialBanner />
      <TestDataBanner />
      <OnboardingGate />
      <TrialExpiredModal />
    </>
  );
}

/** Frame of the signed-in pages: sidebar (a drawer on phones), top bar, and the current page. */
export function DashboardLayout() {
  const live = useLiveUpdates();
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <SkipLink targetId={MAIN_ID} />
      <DesktopSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardTopBar />
        {/* under the bar, and in view wherever the page is scrolled to */}
        <ConnectionNotice className="sticky top-16 z-20" />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus-visible:outline-none sm:px-6 md:px-8 md:py-10"
        >
          {live.ready ? (
            <DashboardData />
          ) : (
            <p role="status" className="text-slate-700">
              <Trans>Loading...</Trans>
            </p>
          )}
        </main>
      </div>
    </div>
  );
}
