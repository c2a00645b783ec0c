import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, Mail, Pencil, Phone, Star } from 'lucide-react';
import { initialsOf } from '../../components/card/initials.ts';
import type { KeepLiveButtonProps } from '../../components/dashboard/KeepLiveButton.tsx';
import { PausedNote } from '../../components/dashboard/PausedNote.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DeleteVcardDialog } from './DeleteVcardDialog.tsx';
import { MakePrimaryButton } from './MakePrimaryButton.tsx';
import type { VcardRow } from './types.ts';
import { useJobLine } from '../../components/card/use-job-line.ts';

/** The photo, or the initials in the card's own colours. */
function VcardAvatar({ vcard }: { vcard: VcardRow }) {
  if (vcard.photo) {
    return (
      <img
        src={vcard.photo}
        alt=""
        className="size-14 shrink-0 rounded-full object-cover ring-2 ring-white/60"
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white/20 text-lg font-semibold ring-2 ring-white/40"
    >
      {initialsOf(vcard.name) || '?'}
    </span>
  );
}

interface VcardCardProps {
  vcard: VcardRow;
  primary: boolean;
  /** Where View opens; null hides it (no username yet). */
  publicPath: string | null;
  /** For a paused card: the swap that keeps it live instead of another, when there is one. */
  keepLive: KeepLiveButtonProps | null;
  onEdit: () => void;
}

/** One card of the My vCards grid with its actions (spec section 2). */
export function VcardCard({ vcard, primary, publicPath, keepLive, onEdit }: VcardCardProps) {
  const { t } = useLingui();
  const headingId = useId();
  const pauseId = useId();
  const jobLine = useJobLine(vcard.position, vcard.company);
  const hasJob = jobLine !== '';
  return (
    <article
      aria-labelledby={headingId}
      aria-describedby={vcard.pause ? pauseId : undefined}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div
        style={{ backgroundColor: vcard.background_color, color: vcard.font_color }}
        className="flex items-center gap-3 p-4 [text-shadow:0_1px_2px_rgb(0_0_0/0.2)]"
      >
        <VcardAvatar vcard={vcard} />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="text-lg leading-snug font-semibold break-words">
            {vcard.name}
          </h2>
          {hasJob && <p className="text-sm break-words opacity-95">{jobLine}</p>}
          {primary && (
            <p className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-ink [text-shadow:none]">
              <Star aria-hidden className="size-3 fill-current" />
              <Trans>Primary</Trans>
            </p>
          )}
        </div>
      </div>
      <ul className="flex-1 space-y-2 p-4 text-sm text-slate-700">
        {vcard.email && (
          <li className="flex items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0 text-slate-500" />
            <span className="sr-only">{t`Email`}:</span>
            <span className="min-w-0 break-all">{vcard.email}</span>
          </li>
        )}
        {vcard.phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden className="size-4 shrink-0 text-slate-500" />
            <span className="sr-only">{t`Phone`}:</span>
            <span className="min-w-0 break-all">{vcard.phone}</span>
          </li>
        )}
        {!vcard.email && !vcard.phone && (
          <li className="text-slate-500">
            <Trans>No email or phone yet</Trans>
          </li>
        )}
      </ul>
      {vcard.pause && (
        <div className="px-4 pb-4">
          <PausedNote id={pauseId} pause={vcard.pause} kind="vcard" keepLive={keepLive} />
        </div>
      )}
      <div className="flex flex-wrap gap-1 border-t border-slate-200 p-2">
        {publicPath && (
          <Button asChild variant="ghost" size="sm">
            <a href={publicPath} target="_blank" rel="noopener">
              <ExternalLink aria-hidden />
              <Trans>View</Trans>
            </a>
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          <Trans>Edit</Trans>
        </Button>
        {/* a paused card goes live (and primary, with one live place) through Keep live */}
        {!primary && !vcard.pause && <MakePrimaryButton vcardId={vcard.id} />}
        <DeleteVcardDialog vcardId={vcard.id} name={vcard.name} />
      </div>
    </article>
  );
}
