import { Trans, useLingui } from '@lingui/react/macro';
import { PlayCircle } from 'lucide-react';
import type { PausableKind } from '#src/pauses.ts';
import { trpc } from '../../lib/trpc.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../ui/use-confirmed-action.ts';

export interface KeepLiveButtonProps {
  kind: PausableKind;
  /** The paused item to keep live, and its title or name. */
  id: string;
  title: string;
  /** The live item the swap pauses (the server's lowest-ranked live one), said before it happens. */
  swapOut: { id: string; title: string };
  /** The plan keeps one vCard live: the chosen card becomes the primary one. */
  becomesPrimary: boolean;
}

/**
 * 'Keep live' on a paused item: a swap within the plan's limit (docs/decisions/013-pause-never-delete.md).
 * The confirmation names the item that is paused instead, and the server refuses if that changed meanwhile.
 */
export function KeepLiveButton({ kind, id, title, swapOut, becomesPrimary }: KeepLiveButtonProps) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.pauses.keepLive.useMutation();
  const swapOutTitle = swapOut.title;
  const keep = useConfirmedAction({
    run: () => mutateAsync({ kind, id, pausing: swapOut.id }),
    failureTitle: t`Failed to change what stays live. Please try again.`,
    success: { title: t`“${title}” is live`, description: t`“${swapOutTitle}” is paused now.` },
    // a vCard's own QR code follows its vCard: both lists change
    refresh: () => Promise.all([utils.vcards.invalidate(), utils.links.invalidate()]),
  });
  // after a refusal (the live items changed meanwhile, say) the fresh list names the right item
  const keepAndRefreshOnChange = async () => {
    const kept = await keep();
    if (!kept) await Promise.all([utils.vcards.invalidate(), utils.links.invalidate()]);
    return kept;
  };

  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          <PlayCircle aria-hidden />
          <Trans>Keep live</Trans>
        </Button>
      }
      title={<Trans>Keep “{title}” live?</Trans>}
      description={
        becomesPrimary ? (
          <Trans>
            Your plan keeps one card live. “{title}” becomes your primary card, shown at your profile address,
            and “{swapOutTitle}” is paused instead. You can swap back at any time.
          </Trans>
        ) : (
          <Trans>
            “{title}” goes live at once and “{swapOutTitle}” is paused instead, so that you stay within your
            plan's limit. You can swap back at any time.
          </Trans>
        )
      }
      confirmLabel={<Trans>Keep live</Trans>}
      pendingLabel={<Trans>Saving...</Trans>}
      onConfirm={keepAndRefreshOnChange}
    />
  );
}
