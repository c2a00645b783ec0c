import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { planPickerPath } from '#src/routes.ts';
import { formatDate } from '../../lib/format.ts';
import { PausedCountsText, PlanEndedTitle } from '../billing/PlanEnded.tsx';
import type { TrialNotice } from '../billing/trial-notice.ts';
import { DashboardBanner } from './DashboardBanner.tsx';

/** The plan banners' frame: a warning with the way to the plan picker. */
export function PlanBanner({
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
export function PlanEndedBanner({ notice }: { notice: Extract<TrialNotice, { kind: 'plan_ended' }> }) {
  const { i18n } = useLingui();
  const counts = notice.paused;
  const ownPaused = counts !== null && counts.vcard + counts.qrCode + counts.profileLink > 0;
  const anyPaused = ownPaused || (counts !== null && notice.pausedTeam !== null);
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
  } else if (ownPaused) {
    // "Keep live" chooses among the owner's own cards; a paused team is lifted by renewing only
    text = (
      <Trans>
        You are on the free plan: your public page stays online with its limits until {trialEnd}. {paused}{' '}
        Choose what stays live with “Keep live”, or renew.
      </Trans>
    );
  } else if (anyPaused) {
    // only the team is paused: its sentence already says that buying Business again lifts it
    text = (
      <Trans>
        You are on the free plan: your public page stays online with its limits until {trialEnd}. {paused}
      </Trans>
    );
  } else {
    text = (
      <Trans>You are on the free plan: your public page stays online with its limits until {trialEnd}.</Trans>
    );
  }
  return (
    <PlanBanner
      title={<PlanEndedTitle plan={notice.plan} endedAt={notice.endedAt} />}
      action={<Trans>Renew plan</Trans>}
    >
      {text}
    </PlanBanner>
  );
}
