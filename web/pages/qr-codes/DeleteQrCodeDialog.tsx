import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpcFailure } from '../../lib/error-messages.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from '../links/use-links-changed.ts';

/** The Delete button of a QR code and its confirmation, with the spec's toasts (section 8). */
export function DeleteQrCodeDialog({ id, title: qrTitle }: { id: string; title: string }) {
  const { t } = useLingui();
  const title = <UserText>{qrTitle}</UserText>;
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.delete.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ id }),
    failureTitle: (error) =>
      trpcFailure(error)?.reason === 'link_managed_by_vcard'
        ? t`Cannot Delete vCard QR`
        : t`Failed to delete QR code. Please try again.`,
    success: { title: t`QR Code deleted` },
    refresh: linksChanged,
  });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden />
          <Trans>Delete</Trans>
        </Button>
      }
      title={<Trans>Delete this QR code?</Trans>}
      description={
        <Trans>
          "{title}" and its scan statistics are deleted, and printed copies of the code stop working. This
          cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete QR code</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}
