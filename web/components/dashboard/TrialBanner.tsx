import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { planPickerPath } from '#src/routes.ts';
import { formatDate } from '../../lib/format.ts';
import { PausedCountsText, PlanEndedTitle } from '../billing/PlanEnded.tsx';
import { trialNotice, type TrialNotice } from '../billing/trial-notice.ts';
import { useBillingStatus } from '../billing/use-billing-status.ts';
import { DashboardBanner } from './DashboardBanner.tsx';
import { TeamSeatNote } from './TeamSeatNote.tsx';

const TEAM_LINK_CLASSES = 'font-semibold underline underline-offset-2';

function Banner({
  title,
  children,
  action = <Trans>Upgrade plan</Trans>,
}: {
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <DashboardBanner
      tone="warning"
      icon={<Clock />}
      title={title}
      action={{ to: planPickerPath, label: action }}
    >
      {children}
    </DashboardBanner>
  );
}

/** A paid plan ended: which and when, what is paused now and how to lift it (never "trial expired"). */
function PlanEndedBanner({ notice }: { notice: Extract<TrialNotice, { kind: 'plan_ended' }> }) {
  const { i18n } = useLingui();
  const counts = notice.paused;
  const anyPaused =
    counts !== null && (counts.vcard + counts.qrCode + counts.profileLink > 0 || notice.pausedTeam !== null);
  // the counts, when there is something to count: an empty account has nothing paused to name
  const paused = anyPaused && <PausedCountsText paused={counts} team={notice.pausedTeam} />;
  const trialEnd = notice.trialEndsAt && formatDate(notice.trialEndsAt, i18n.locale);
  let text;
  if (notice.offline || !trialEnd) {
    text = (
      <Trans>
        Your public page is offline and your cards and links are paused until you renew. Nothing is deleted.{' '}
        {paused}
      </Trans>
    );
  } else if (anyPaused) {
    text = (
      <Trans>
        You are on the free plan: your public page stays online with its limits until {trialEnd}. {paused}{' '}
        Choose what stays live with “Keep live”, or renew.
      </Trans>
    );
  } else {
    text = (
      <Trans>You are on the free plan: your public page stays online with its limits until {trialEnd}.</Trans>
    );
  }
  return (
    <Banner
      title={<PlanEndedTitle plan={notice.plan} endedAt={notice.endedAt} />}
      action={<Trans>Renew plan</Trans>}
    >
      {text}
    </Banner>
  );
}

/** Spec section 2, dashboard banners: the free trial ends soon, or has ended; or a paid plan ended. */
export function TrialBanner() {
  const { status } = useBillingStatus();
  const notice = trialNotice(status);
  if (!notice) return null;
  if (notice.kind === 'plan_ended') return <PlanEndedBanner notice={notice} />;
  if (notice.kind === 'expired') {
    return (
      <Banner title={<Trans>Your free trial has expired</Trans>}>
        <Trans>Your public page and QR codes are paused until you choose a plan. Nothing is deleted.</Trans>{' '}
        <TeamSeatNote linkClassName={TEAM_LINK_CLASSES} />
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
      </Trans>{' '}
      <TeamSeatNote linkClassName={TEAM_LINK_CLASSES} />
    </Banner>
  );
}
