import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Download, Loader2 } from 'lucide-react';
import { QR_DOWNLOAD_FORMATS, type QrDownloadFormat } from '#src/schemas/qr-design.ts';
import { Button } from '../../components/ui/Button.tsx';
import { logFailure } from '../../lib/log.ts';
import { toast } from '../../lib/toast.ts';
import { downloadQrCode } from './qr-image.ts';

interface DownloadButtonsProps {
  qrCode: { id: string; title: string };
  /** The PNG's side in px (the server's default when not given). */
  pngSize?: number;
}

/** Download PNG, SVG and PDF of a QR code (spec section 2; the PDF for print), named after its title. */
export function DownloadButtons({ qrCode, pngSize }: DownloadButtonsProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<QrDownloadFormat | null>(null);
  const names: Record<QrDownloadFormat, string> = {
    png: t`Download PNG`,
    svg: t`Download SVG`,
    pdf: t`Download PDF`,
  };

  async function download(format: QrDownloadFormat) {
    setBusy(format);
    try {
      await downloadQrCode(qrCode, format, pngSize);
    } catch (error) {
      logFailure('Downloading the QR code')(error);
      toast({ variant: 'destructive', title: t`Download failed. Please try again.` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {QR_DOWNLOAD_FORMATS.map((format) => (
        <Button
          key={format}
          variant="ghost"
          size="sm"
          // the card shows the format beside the download icon; the name says the whole action
          aria-label={names[format]}
          disabled={busy !== null}
          aria-busy={busy === format || undefined}
          onClick={() => void download(format)}
        >
          {busy === format ? (
            <Loader2 aria-hidden className="motion-safe:animate-spin" />
          ) : (
            <Download aria-hidden />
          )}
          {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
