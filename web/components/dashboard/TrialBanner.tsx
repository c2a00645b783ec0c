import { Plural, Trans } from '@lingui/react/macro';
import { trialNotice } from '../billing/trial-notice.ts';
import { useBillingStatus } from '../billing/use-billing-status.ts';
import { PlanBanner, PlanEndedBanner } from './PlanBanner.tsx';
import { TeamSeatNote } from './TeamSeatNote.tsx';

const TEAM_LINK_CLASSES = 'font-semibold underline underline-offset-2';

/** Spec section 2, dashboard banners: the free trial ends soon, or has ended; or a paid plan ended. */
export function TrialBanner() {
  const { status } = useBillingStatus();
  const notice = trialNotice(status);
  if (!notice) return null;
  if (notice.kind === 'plan_ended') return <PlanEndedBanner notice={notice} />;
  if (notice.kind === 'expired') {
    return (
      <PlanBanner title={<Trans>Your free trial has expired</Trans>}>
        <Trans>Your public page and QR codes are paused until you choose a plan. Nothing is deleted.</Trans>{' '}
        <TeamSeatNote linkClassName={TEAM_LINK_CLASSES} />
      </PlanBanner>
    );
  }
  return (
    <PlanBanner
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
      </Trans>{' '}
      <TeamSeatNote linkClassName={TEAM_LINK_CLASSES} />
    </PlanBanner>
  );
}
