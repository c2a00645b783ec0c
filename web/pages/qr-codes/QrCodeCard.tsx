import { useId } from 'react';
import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IdCard, MousePointerClick, Palette, Pencil, ScanLine, Trash2 } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { QrCodeSvg } from '../../components/card/QrCodeSvg.tsx';
import { UrlText } from '../../components/UrlText.tsx';
import type { KeepLiveButtonProps } from '../../components/dashboard/KeepLiveButton.tsx';
import { PausedNote } from '../../components/dashboard/PausedNote.tsx';
import { LinkEnabledButton } from '../../components/link-lifecycle/LinkEnabledButton.tsx';
import { LinkLifecycleDialog } from '../../components/link-lifecycle/LinkLifecycleDialog.tsx';
import { LinkStateNote } from '../../components/link-lifecycle/LinkStateNote.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ChooseCodeDialog } from './ChooseCodeDialog.tsx';
import { CopyLinkButton } from './CopyLinkButton.tsx';
import { DeleteQrCodeDialog } from './DeleteQrCodeDialog.tsx';
import { DownloadButtons } from './DownloadButtons.tsx';
import { QR_CARD_SIZE_PX } from './qr-image.ts';
import type { QrCodeRow } from './types.ts';

/** Edit and Delete of a QR code a vCard manages: shown, but blocked, with the reason beside them. */
function ManagedActions({ noteId }: { noteId: string }) {
  return (
    <>
      <Button variant="ghost" size="sm" disabled aria-describedby={noteId}>
        <Pencil aria-hidden />
        <Trans>Edit</Trans>
      </Button>
      <Button variant="ghost" size="sm" disabled aria-describedby={noteId}>
        <Trash2 aria-hidden />
        <Trans>Delete</Trans>
      </Button>
    </>
  );
}

interface QrCodeCardProps {
  qrCode: QrCodeRow;
  /** For a paused QR code: the swap that keeps it live instead of another, when there is one. */
  keepLive: KeepLiveButtonProps | null;
  onEdit: () => void;
  /** Opens the QR studio (every QR code has a design, a vCard's own too). */
  onDesign: () => void;
}

/** One card of the My QR Codes grid (spec section 2): the code, what it leads to, its counts and actions. */
export function QrCodeCard({ qrCode, keepLive, onEdit, onDesign }: QrCodeCardProps) {
  const { t } = useLingui();
  const headingId = useId();
  const noteId = useId();
  const pauseId = useId();
  const managed = qrCode.vcardId !== null;
  const { title, scanCount, clickCount } = qrCode;
  return (
    <article
      aria-labelledby={headingId}
      aria-describedby={qrCode.pause ? pauseId : undefined}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex justify-center border-b border-slate-200 p-4">
        <QrCodeSvg
          value={qrCode.qrUrl}
          size={QR_CARD_SIZE_PX}
          design={qrCode.design}
          label={t`QR code of ${title}`}
        />
      </div>
      <div className="flex-1 space-y-2 p-4">
        <div className="flex items-start gap-2">
          {qrCode.icon && <span className="text-lg leading-snug">{qrCode.icon}</span>}
          <h2
            id={headingId}
            className="min-w-0 flex-1 text-lg leading-snug font-semibold break-words text-ink"
          >
            {title}
          </h2>
          {managed && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong">
              <IdCard aria-hidden className="size-3.5" />
              <Trans>vCard</Trans>
            </span>
          )}
        </div>
        <p className="text-sm text-slate-700">
          <span className="sr-only">{t`Destination`}: </span>
          <a
            href={qrCode.url}
            target="_blank"
            rel="noopener noreferrer"
            className="underline-offset-2 hover:underline"
          >
            <UrlText url={qrCode.url} />
          </a>
        </p>
        {managed && (
          <p className="text-xs text-slate-600">
            <Trans>The vCard's own page.</Trans>
          </p>
        )}
        <p className="text-sm text-slate-700">
          <span className="sr-only">{t`Short link`}: </span>
          <UrlText url={qrCode.shortUrl} />
        </p>
        {/* which of a card's addresses this is (the card's own address is shared from My vCards) */}
        <p className="text-xs text-slate-600">
          <Trans>The short link printed in this QR code: it counts each scan, then leads on.</Trans>
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1.5">
            <ScanLine aria-hidden className="size-4 text-slate-500" />
            <Plural value={scanCount} one="# scan" other="# scans" />
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MousePointerClick aria-hidden className="size-4 text-slate-500" />
            <Plural value={clickCount} one="# click" other="# clicks" />
          </span>
        </p>
        {!managed && <LinkStateNote lifecycle={qrCode.lifecycle} />}
        {managed && (
          <p id={noteId} className="text-sm text-slate-600">
            <Trans>
              Managed by your vCard: it changes with the card and is deleted with it on{' '}
              <Link
                to={paths.vcards}
                className="font-semibold text-brand-strong underline underline-offset-2"
              >
                My vCards
              </Link>
              .
            </Trans>
          </p>
        )}
        {qrCode.pause && (
          <PausedNote
            id={pauseId}
            pause={qrCode.pause}
            kind="qrCode"
            keepLive={keepLive}
            followsVcard={managed}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-1 border-t border-slate-200 p-2">
        <DownloadButtons qrCode={qrCode} />
        <CopyLinkButton url={qrCode.shortUrl} />
        <Button variant="ghost" size="sm" onClick={onDesign}>
          <Palette aria-hidden />
          <Trans>Design</Trans>
        </Button>
        {managed ? (
          <ManagedActions noteId={noteId} />
        ) : (
          <>
            <Button variant="ghost" size="sm" onClick={onEdit}>
              <Pencil aria-hidden />
              <Trans>Edit</Trans>
            </Button>
            <ChooseCodeDialog link={qrCode} kind="qrCode" />
            <LinkLifecycleDialog link={qrCode} />
            <LinkEnabledButton link={qrCode} />
            <DeleteQrCodeDialog id={qrCode.id} title={title} chosen={qrCode.chosen} />
          </>
        )}
      </div>
    </article>
  );
}
