import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { ADDRESS_HOLD_DAYS } from '#src/username.ts';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpcFailure } from '../../lib/error-messages.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from '../links/use-links-changed.ts';

/**
 * The Delete button of a QR code and its confirmation, with the spec's toasts (section 8). A chosen code
 * is said to stay held (docs/decisions/016-chosen-codes-are-held.md).
 */
export function DeleteQrCodeDialog({
  id,
  title: qrTitle,
  chosen,
}: {
  id: string;
  title: string;
  /** Whether the QR code has a chosen code. */
  chosen: boolean;
}) {
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
        <>
          <Trans>
            "{title}" and its scan statistics are deleted, and printed copies of the code stop working. This
            cannot be undone.
          </Trans>
          {chosen && (
            <>
              {' '}
              <Trans>
                Its chosen codes stay reserved for you for {ADDRESS_HOLD_DAYS} days: nobody else can take
                them, and you can give them to another QR code or link.
              </Trans>
            </>
          )}
        </>
      }
      confirmLabel={<Trans>Delete QR code</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}
