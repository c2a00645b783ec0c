import type { ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { trialNotice } from '../billing/trial-notice.ts';
import { useBillingStatus } from '../billing/use-billing-status.ts';
import { DashboardBanner } from './DashboardBanner.tsx';

function Banner({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <DashboardBanner
      tone="warning"
      icon={<Clock />}
      title={title}
      action={{ to: paths.billing, label: <Trans>Upgrade plan</Trans> }}
    >
      {children}
    </DashboardBanner>
  );
}

/** Spec section 2, dashboard banners: the free trial ends soon, or has ended. */
export function TrialBanner() {
  const { status } = useBillingStatus();
  const notice = trialNotice(status);
  if (!notice) return null;
  if (notice.kind === 'expired') {
    return (
      <Banner title={<Trans>Your free trial has expired</Trans>}>
        <Trans>Your public page and QR codes are paused until you choose a plan. Nothing is deleted.</Trans>
      </Banner>
    );
  }
  return (
    <Banner
      title={
        <Plural
          value={notice.daysLeft}
          one="Your free trial ends in # day"
          other="Your free trial ends in # days"
        />
      }
    >
      <Trans>
        When it ends, your public page and QR codes pause until you choose a plan. Nothing is deleted.
      </Trans>
    </Banner>
  );
}
