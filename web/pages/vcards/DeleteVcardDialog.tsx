import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useVcardsChanged } from './use-save-vcard.ts';

/** The Delete button of a card and its confirmation; the card's QR code goes with it. */
export function DeleteVcardDialog({ vcardId, name }: { vcardId: string; name: string }) {
  const { t, i18n } = useLingui();
  const vcardsChanged = useVcardsChanged();
  const { mutateAsync } = trpc.vcards.delete.useMutation();

  async function remove(): Promise<boolean> {
    try {
      await mutateAsync({ id: vcardId });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to delete vCard. Please try again.`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return false;
    }
    toast({ title: t`vCard deleted` });
    await vcardsChanged();
    return true;
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
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
