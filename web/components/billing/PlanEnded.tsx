import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PausedCounts, PausedTeam } from '#src/pauses.ts';
import type { PaidPlanId } from '#src/plans.ts';
import { formatDate } from '../../lib/format.ts';
import { PLAN_BADGES } from '../../lib/plan-names.ts';

// What a customer whose paid plan ended is told (docs/decisions/018-plan-in-effect.md): that
// their plan ended, when, and what is paused now; never that a free trial expired.

/** "Your Pro plan ended on 21 November 2026" (a plan not recorded: "Your paid plan ended on …"). */
export function PlanEndedTitle({ plan, endedAt }: { plan: PaidPlanId | null; endedAt: Date }) {
  const { i18n } = useLingui();
  const date = formatDate(endedAt, i18n.locale);
  if (!plan) return <Trans>Your paid plan ended on {date}</Trans>;
  const planName = i18n._(PLAN_BADGES[plan]);
  return (
    <Trans>
      Your {planName} plan ended on {date}
    </Trans>
  );
}

/** The modal's title: "Your Pro plan has ended". */
export function PlanEndedHeading({ plan }: { plan: PaidPlanId | null }) {
  const { i18n } = useLingui();
  if (!plan) return <Trans>Your paid plan has ended</Trans>;
  const planName = i18n._(PLAN_BADGES[plan]);
  return <Trans>Your {planName} plan has ended</Trans>;
}

/**
 * "Paused now: 2 vCards, 9 QR codes and 2 profile links.", then the cards of the team the person owns,
 * which pause with their plan.
 */
export function PausedCountsText({ paused, team }: { paused: PausedCounts; team?: PausedTeam | null }) {
  if (!team) return <OwnPausedCounts paused={paused} />;
  const teamName = team.name;
  const teamText = (
    <Trans>
      The team {teamName} has <Plural value={team.cards} one="# card" other="# cards" /> paused until you buy
      Business again.
    </Trans>
  );
  if (paused.vcard + paused.qrCode + paused.profileLink === 0) return teamText;
  return (
    <>
      <OwnPausedCounts paused={paused} /> {teamText}
    </>
  );
}

function OwnPausedCounts({ paused }: { paused: PausedCounts }) {
  const vcards = paused.vcard;
  const qrCodes = paused.qrCode;
  const links = paused.profileLink;
  if (vcards + qrCodes + links === 0) return <Trans>Nothing is paused.</Trans>;
  return (
    <Trans>
      Paused now: <Plural value={vcards} one="# vCard" other="# vCards" />,{' '}
      <Plural value={qrCodes} one="# QR code" other="# QR codes" /> and{' '}
      <Plural value={links} one="# profile link" other="# profile links" />.
    </Trans>
  );
}
