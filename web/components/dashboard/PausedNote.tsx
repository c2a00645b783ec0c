import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { PauseCircle } from 'lucide-react';
import type { PausableKind, PauseReason } from '#src/pauses.ts';
import { paths, planPickerPath } from '#src/routes.ts';
import { KeepLiveButton, type KeepLiveButtonProps } from './KeepLiveButton.tsx';

interface PausedNoteProps {
  /** For aria-describedby of the item's heading. */
  id: string;
  pause: PauseReason;
  kind: PausableKind;
  /** The swap the owner can make (a paused item over the limit with a live one to give way), or null. */
  keepLive: KeepLiveButtonProps | null;
  /** A vCard's own QR code: live or paused with its vCard, chosen on My vCards. */
  followsVcard?: boolean;
}

const LINK_CLASSES = 'font-semibold text-amber-950 underline underline-offset-2';

/** What visitors meet instead of the item. */
function VisitorsSee({ kind }: { kind: PausableKind }) {
  return kind === 'profileLink' ? (
    <Trans>It is hidden from your public profile.</Trans>
  ) : (
    <Trans>Visitors see a “Paused” page instead.</Trans>
  );
}

/**
 * Why an item of My vCards, My QR Codes or the links page is paused
 * (docs/decisions/013-pause-never-delete.md), what visitors see, and how to lift it: upgrade, keep it live in
 * place of another, or delete it.
 */
export function PausedNote({ id, pause, kind, keepLive, followsVcard = false }: PausedNoteProps) {
  let title: ReactNode;
  let help: ReactNode;
  if (pause === 'over_limit') {
    title = <Trans>Paused: over your plan's limit</Trans>;
    if (followsVcard) {
      help = (
        <Trans>
          It follows its vCard: choose which vCards stay live on{' '}
          <Link to={paths.vcards} className={LINK_CLASSES}>
            My vCards
          </Link>
          , or{' '}
          <Link to={planPickerPath} className={LINK_CLASSES}>
            upgrade your plan
          </Link>
          .
        </Trans>
      );
    } else if (keepLive) {
      const swapOutTitle = keepLive.swapOut.title;
      help = (
        <Trans>
          <Link to={planPickerPath} className={LINK_CLASSES}>
            Upgrade your plan
          </Link>
          , keep this one live in place of “{swapOutTitle}”, or delete it.
        </Trans>
      );
    } else {
      help = (
        <Trans>
          <Link to={planPickerPath} className={LINK_CLASSES}>
            Upgrade your plan
          </Link>{' '}
          or delete it.
        </Trans>
      );
    }
  } else {
    title =
      pause === 'trial_ended' ? (
        <Trans>Paused: your free trial has ended</Trans>
      ) : (
        <Trans>Paused: your plan has ended</Trans>
      );
    help = (
      <Trans>
        Nothing has been deleted:{' '}
        <Link to={planPickerPath} className={LINK_CLASSES}>
          upgrade your plan
        </Link>{' '}
        to bring it back.
      </Trans>
    );
  }
  return (
    <div
      id={id}
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <PauseCircle aria-hidden className="size-4 shrink-0 text-amber-700" />
        {title}
      </p>
      <p>
        <VisitorsSee kind={kind} /> {help}
      </p>
      {keepLive && !followsVcard && <KeepLiveButton {...keepLive} />}
    </div>
  );
}
