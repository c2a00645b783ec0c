import { Trans, useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { UserText } from '../../components/UserText.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { TeamCard } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/**
 * An admin's Publish of a draft card (made for someone who has not joined yet), behind a dialog that says
 * what becomes public and that the card stays theirs when they join.
 */
export function TeamCardPublish({ card }: { card: TeamCard }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const publish = trpc.teams.publishCard.useMutation();
  const cardName = card.name;
  const name = <UserText>{cardName}</UserText>;
  const email = <UserText>{card.inviteeEmail ?? ''}</UserText>;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={t`Publish ${cardName}`}>
          <Globe aria-hidden />
          <Trans>Publish</Trans>
        </Button>
      }
      title={<Trans>Publish the team card {name} now?</Trans>}
      description={
        card.inviteeEmail ? (
          <Trans>
            Its page, its QR code and its contact file open for everyone from now on, before {email} joins. It
            becomes theirs when they join.
          </Trans>
        ) : (
          <Trans>Its page, its QR code and its contact file open for everyone from now on.</Trans>
        )
      }
      confirmLabel={<Trans>Publish card</Trans>}
      confirmVariant="primary"
      pendingLabel={<Trans>Publishing...</Trans>}
      onConfirm={() =>
        act({
          run: () => publish.mutateAsync({ vcardId: card.id }),
          failureTitle: t`The card was not published`,
          success: {
            title: t`Team card published`,
            description: t`${cardName} and its QR code are public now.`,
          },
        })
      }
    />
  );
}
