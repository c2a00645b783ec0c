import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Plural, Trans } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { trialNotice } from '../billing/trial-notice.ts';
import { useBillingStatus } from '../billing/use-billing-status.ts';
import { Button } from '../ui/Button.tsx';

function Banner({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <Clock aria-hidden className="hidden size-5 shrink-0 text-amber-700 sm:block" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{title}</p>
        <p>{children}</p>
      </div>
      <Button asChild size="sm">
        <Link to={paths.billing}>
          <Trans>Upgrade plan</Trans>
        </Link>
      </Button>
    </div>
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
