import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from './use-links-changed.ts';

/** The delete button of a profile link (a phone-sized target) and its confirmation. */
export function DeleteLinkDialog({ id, title: linkTitle }: { id: string; title: string }) {
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
        <Trans>
          "{title}" is removed from your public profile with its click statistics. This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete link</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}
