import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { LinkDeleteConfirmation } from '../../components/link-lifecycle/LinkDeleteConfirmation.tsx';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcFailure } from '../../lib/error-messages.ts';

/** The Delete button of a QR code and its confirmation, with the spec's toasts (section 8). */
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
  return (
    <LinkDeleteConfirmation
      id={id}
      chosen={chosen}
      trigger={
        <Button variant="removal" size="sm">
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
      failureTitle={(error) =>
        trpcFailure(error)?.reason === 'link_managed_by_vcard'
          ? t`Cannot Delete vCard QR`
          : t`Failed to delete QR code. Please try again.`
      }
      successTitle={t`QR Code deleted`}
    />
  );
}
