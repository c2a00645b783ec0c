import { Trans, useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { authClient } from '../../lib/auth-client.ts';
import type { Team } from './types.ts';
import { organizationCall, useTeamAction } from './use-team-action.ts';

/**
 * Leaving the team (admins and members), or deleting it (the owner, who cannot leave it: the ownership
 * goes to another member first).
 */
export function TeamExitCard({ team }: { team: Team }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const teamName = team.name;
  if (team.me.role === 'owner') {
    return (
      <SectionCard
        tone="danger"
        title={<Trans>Delete the team</Trans>}
        description={
          <Trans>
            To leave the team instead, make another member its owner first (Make owner, in the list of
            members).
          </Trans>
        }
      >
        <ConfirmDialog
          trigger={
            <Button variant="destructive">
              <Trans>Delete team</Trans>
            </Button>
          }
          title={<Trans>Delete {teamName}?</Trans>}
          description={
            <Trans>
              Every member leaves the team and its pending invitations stop working. The team's cards go too:
              their pages stop working, and so do their printed QR codes. Members keep their own accounts and
              personal cards. This cannot be undone.
            </Trans>
          }
          confirmLabel={<Trans>Delete team</Trans>}
          pendingLabel={<Trans>Deleting...</Trans>}
          onConfirm={() =>
            act({
              run: () => organizationCall(authClient.organization.delete({ organizationId: team.id })),
              failureTitle: t`The team was not deleted`,
              success: { title: t`Team deleted`, description: t`${teamName} no longer exists.` },
            })
          }
        />
      </SectionCard>
    );
  }
  return (
    <SectionCard
      tone="danger"
      title={<Trans>Leave the team</Trans>}
      description={<Trans>You keep your own account and personal cards.</Trans>}
    >
      <ConfirmDialog
        trigger={
          <Button variant="destructive">
            <Trans>Leave team</Trans>
          </Button>
        }
        title={<Trans>Leave {teamName}?</Trans>}
        description={
          <Trans>
            You stop being a member at once. To join again you need a new invitation from the team's owner or
            an admin.
          </Trans>
        }
        confirmLabel={<Trans>Leave team</Trans>}
        pendingLabel={<Trans>Leaving...</Trans>}
        onConfirm={() =>
          act({
            run: () => organizationCall(authClient.organization.leave({ organizationId: team.id })),
            failureTitle: t`You did not leave the team`,
            success: { title: t`You left ${teamName}` },
          })
        }
      />
    </SectionCard>
  );
}
