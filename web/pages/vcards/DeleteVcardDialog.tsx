import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpc } from '../../lib/trpc.ts';
import { useVcardsChanged } from './use-save-vcard.ts';

/** The Delete button of a card and its confirmation; the card's QR code goes with it. */
export function DeleteVcardDialog({ vcardId, name: cardName }: { vcardId: string; name: string }) {
  const { t } = useLingui();
  const name = <UserText>{cardName}</UserText>;
  const vcardsChanged = useVcardsChanged();
  const { mutateAsync } = trpc.vcards.delete.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ id: vcardId }),
    failureTitle: t`Failed to delete vCard. Please try again.`,
    success: { title: t`vCard deleted` },
    refresh: vcardsChanged,
  });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm">
          <Trash2 aria-hidden />
          <Trans>Delete</Trans>
        </Button>
      }
      title={<Trans>Delete this vCard?</Trans>}
      description={
        <Trans>The card of {name}, its public page and its QR code are deleted. This cannot be undone.</Trans>
      }
      confirmLabel={<Trans>Delete vCard</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}
