import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Power, PowerOff } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { useConfirmedAction } from '../ui/use-confirmed-action.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { useLinksChanged } from '../../pages/links/use-links-changed.ts';
import type { LifecycleLink } from './types.ts';

/**
 * Disable or Enable of a QR code or profile link (never a vCard's own QR code): a disabled link keeps its
 * code, counts and settings, and its short link leads to its fallback, or to a page saying it is not
 * active. `iconOnly`: the links list's row, where the button is an icon named for the link.
 */
export function LinkEnabledButton({ link, iconOnly = false }: { link: LifecycleLink; iconOnly?: boolean }) {
  const { t } = useLingui();
  const linksChanged = useLinksChanged();
  const { mutateAsync, isPending } = trpc.links.setEnabled.useMutation();
  const once = useSingleFlight();
  const { title } = link;
  const { enabled } = link.lifecycle;
  const toggle = useConfirmedAction({
    run: () => mutateAsync({ id: link.id, enabled: !enabled }),
    failureTitle: enabled
      ? t`Failed to disable the link. Please try again.`
      : t`Failed to enable the link. Please try again.`,
    success: enabled
      ? {
          title: t`“${title}” disabled`,
          description: t`Its short link now leads to its fallback, or to a page saying it is not active.`,
        }
      : { title: t`“${title}” enabled`, description: t`Its short link leads to its destination again.` },
    refresh: linksChanged,
  });
  const icon = isPending ? (
    <Loader2 aria-hidden className="motion-safe:animate-spin" />
  ) : enabled ? (
    <PowerOff aria-hidden />
  ) : (
    <Power aria-hidden />
  );
  const onClick = () => void once(toggle);
  if (iconOnly) {
    return (
      <Button
        variant="ghost"
        size="icon"
        className="size-11"
        aria-label={enabled ? t`Disable ${title}` : t`Enable ${title}`}
        aria-busy={isPending || undefined}
        onClick={onClick}
      >
        {icon}
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="sm" aria-busy={isPending || undefined} onClick={onClick}>
      {icon}
      {enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
    </Button>
  );
}
