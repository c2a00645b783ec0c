import type { ReactElement, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { ADDRESS_HOLD_DAYS } from '#src/username.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../ui/use-confirmed-action.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLinksChanged } from '../../pages/links/use-links-changed.ts';

/**
 * Deleting a profile link or a QR code (both are links to the server) behind a confirmation, with the
 * screen's own trigger, words and toasts. A link with a chosen code is told that the code stays held
 * (docs/decisions/016-chosen-codes-are-held.md).
 */
export function LinkDeleteConfirmation({
  id,
  chosen,
  trigger,
  title,
  description,
  confirmLabel,
  failureTitle,
  successTitle,
}: {
  id: string;
  /** Whether the link has a chosen code. */
  chosen: boolean;
  trigger: ReactElement;
  title: ReactNode;
  /** What deleting the link takes away. */
  description: ReactNode;
  confirmLabel: ReactNode;
  failureTitle: string | ((error: unknown) => string);
  successTitle: string;
}) {
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.delete.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ id }),
    failureTitle,
    success: { title: successTitle },
    refresh: linksChanged,
  });

  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={
        <>
          {description}
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
      confirmLabel={confirmLabel}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}
