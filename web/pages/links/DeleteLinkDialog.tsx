import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { LinkDeleteConfirmation } from '../../components/link-lifecycle/LinkDeleteConfirmation.tsx';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';

/** The delete button of a profile link (a phone-sized target) and its confirmation. */
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
  return (
    <LinkDeleteConfirmation
      id={id}
      chosen={chosen}
      trigger={
        <Button variant="removal" size="icon" aria-label={t`Delete ${linkTitle}`} className="size-11">
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
      failureTitle={t`Failed to delete link. Please try again.`}
      successTitle={t`Link deleted successfully`}
    />
  );
}
