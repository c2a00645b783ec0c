import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, Mail, Pencil, Phone, Star } from 'lucide-react';
import { cardColours, type CardColours } from '#src/card-colours.ts';
import { CardAddress } from '../../components/card/CardAddress.tsx';
import { initialsOf } from '../../components/card/initials.ts';
import { publicPageUrl } from '../../components/card/public-url.ts';
import type { KeepLiveButtonProps } from '../../components/dashboard/KeepLiveButton.tsx';
import { PausedNote } from '../../components/dashboard/PausedNote.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DeleteVcardDialog } from './DeleteVcardDialog.tsx';
import { MakePrimaryButton } from './MakePrimaryButton.tsx';
import type { VcardRow } from './types.ts';
import { WalletButtons } from './WalletButtons.tsx';
import { useJobLine } from '../../components/card/use-job-line.ts';

/** The photo, or the initials in the card's colours as its public page shows them. */
function VcardAvatar({ vcard, colours }: { vcard: VcardRow; colours: CardColours }) {
  if (vcard.photo) {
    return (
      <img
        src={vcard.photo}
        alt=""
        className="size-14 shrink-0 rounded-full border-2 object-cover"
        style={{ borderColor: colours.font }}
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-14 shrink-0 items-center justify-center rounded-full text-lg font-semibold"
      style={{ backgroundColor: colours.font, color: colours.background }}
    >
      {initialsOf(vcard.name) || '?'}
    </span>
  );
}

interface VcardCardProps {
  vcard: VcardRow;
  primary: boolean;
  /** The card's address (cardAddressPath): where View opens, shown to copy and share; null: none yet. */
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
  const jobLine = useJobLine(vcard.position, vcard.company, vcard.department);
  const hasJob = jobLine !== '';
  // the public page's contrast rule: the tile reads as the card does
  const colours = cardColours({
    background: vcard.background_color,
    font: vcard.font_color,
    icon: vcard.icon_color,
  });
  return (
    <article
      aria-labelledby={headingId}
      aria-describedby={vcard.pause ? pauseId : undefined}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div
        style={{ backgroundColor: colours.background, color: colours.font }}
        className="flex items-center gap-3 p-4"
      >
        <VcardAvatar vcard={vcard} colours={colours} />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="text-lg leading-snug font-semibold break-words">
            {vcard.name}
          </h2>
          {hasJob && <p className="text-sm break-words">{jobLine}</p>}
          {primary && (
            <p className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-ink">
              <Star aria-hidden className="size-3 fill-current" />
              <Trans>Primary</Trans>
            </p>
          )}
        </div>
      </div>
      <div className="flex-1 space-y-4 p-4">
        <ul className="space-y-2 text-sm text-slate-700">
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
        {publicPath && (
          <CardAddress
            url={publicPageUrl(publicPath)}
            kind={primary ? 'profile' : 'vcard'}
            cardName={vcard.name}
          />
        )}
        {vcard.pause && <PausedNote id={pauseId} pause={vcard.pause} kind="vcard" keepLive={keepLive} />}
      </div>
      <div className="flex flex-wrap gap-1 border-t border-slate-200 p-2">
        {publicPath && (
          <Button asChild variant="ghost" size="sm">
            <a href={publicPath} target="_blank" rel="noopener">
              <ExternalLink aria-hidden />
              <Trans>View</Trans>
            </a>
          </Button>
        )}
        {publicPath && !vcard.pause && <WalletButtons vcardId={vcard.id} />}
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
