import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { TEAM_INVITATION_PARAM } from '#src/routes.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { Notice } from '../components/Notice.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { trpc } from '../lib/trpc.ts';
import { CreateTeamForm } from './team/CreateTeamForm.tsx';
import { InvitationPanel } from './team/InvitationPanel.tsx';
import { TeamOverview } from './team/TeamOverview.tsx';

/**
 * After accepting an invitation: the team is there, and so is the person's card, or the word that the
 * team's admins make it. Joining finished onboarding: nothing pushes a personal card (the card is the team's).
 */
function JoinedNotice({ teamName }: { teamName: string }) {
  const cards = trpc.teams.myCards.useQuery();
  return (
    <Notice tone="success" title={<Trans>You joined {teamName}</Trans>}>
      {cards.data && (
        <p>
          {cards.data.length > 0 ? (
            <Trans>Your team card is below: its page and printed QR code are the team's, on its plan.</Trans>
          ) : (
            <Trans>The team's admins make your card: it shows below as soon as they do.</Trans>
          )}
        </p>
      )}
    </Notice>
  );
}

/** Outside any team: the way to create one on Business, or what a team is and the way to upgrade. */
function NoTeam() {
  const { allowed } = usePlanFeature('teamAccess');
  if (allowed) return <CreateTeamForm />;
  return (
    <UpgradePrompt feature="teamAccess">
      <Trans>
        A team gives your company's people their cards under one account: invite colleagues by email, choose
        who manages the team with you, and keep one brand. Anyone invited can join, on any plan.
      </Trans>
    </UpgradePrompt>
  );
}

/**
 * /dashboard/team (docs/decisions/021-teams.md): the person's team, or the way to create one; an invitation's
 * e-mail links here with ?invitation=, shown above everything.
 */
export function Team() {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const invitationId = searchParams.get(TEAM_INVITATION_PARAM);
  const [joined, setJoined] = useState<string | null>(null);
  const mine = trpc.teams.mine.useQuery();

  const dismissInvitation = () =>
    setSearchParams(
      (params) => {
        params.delete(TEAM_INVITATION_PARAM);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Team`}
        description={
          <Trans>Invite your colleagues, choose who manages the team, and keep its cards together.</Trans>
        }
      />
      {invitationId && (
        <InvitationPanel
          key={invitationId}
          invitationId={invitationId}
          onAccepted={(teamName) => {
            setJoined(teamName);
            dismissInvitation();
          }}
          onDismiss={dismissInvitation}
        />
      )}
      {joined && <JoinedNotice teamName={joined} />}
      {mine.isSuccess ? (
        mine.data ? (
          <TeamOverview team={mine.data} />
        ) : (
          // the invitation is what the person came for: no upgrade beside it
          !invitationId && <NoTeam />
        )
      ) : (
        <QueryStatus error={mine.error} onRetry={() => void mine.refetch()} />
      )}
    </div>
  );
}
