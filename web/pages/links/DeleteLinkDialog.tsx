import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { ADDRESS_HOLD_DAYS } from '#src/username.ts';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from './use-links-changed.ts';

/**
 * The delete button of a profile link (a phone-sized target) and its confirmation. A chosen code is said to
 * stay held (docs/decisions/016-chosen-codes-are-held.md).
 */
export function DeleteLinkDialog({
  id,
  title: linkTitle,
  chosen,
}: {
  id: string;
  title: string;
  /** Whether the link has a chosen code. */
  chosen: boolean;
}) {
  const { t } = useLingui();
  const title = <UserText>{linkTitle}</UserText>;
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.delete.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ id }),
    failureTitle: t`Failed to delete link. Please try again.`,
    success: { title: t`Link deleted successfully` },
    refresh: linksChanged,
  });

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={t`Delete ${linkTitle}`}
          className="size-11 text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden />
        </Button>
      }
      title={<Trans>Delete this link?</Trans>}
      description={
        <>
          <Trans>
            "{title}" is removed from your public profile with its click statistics. This cannot be undone.
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
      confirmLabel={<Trans>Delete link</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}
