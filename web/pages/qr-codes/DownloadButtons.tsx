import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { logFailure } from '../../lib/log.ts';
import { toast } from '../../lib/toast.ts';
import { downloadQrPng, downloadQrSvg } from './qr-image.ts';

const DOWNLOADS = { png: downloadQrPng, svg: downloadQrSvg } as const;
type Format = keyof typeof DOWNLOADS;

/** Download PNG and SVG of a QR code (spec section 2), named after its title. */
export function DownloadButtons({ value, title }: { value: string; title: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<Format | null>(null);

  async function download(format: Format) {
    setBusy(format);
    try {
      await DOWNLOADS[format](value, title);
    } catch (error) {
      logFailure('Downloading the QR code')(error);
      toast({ variant: 'destructive', title: t`Download failed. Please try again.` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {(['png', 'svg'] as const).map((format) => (
        <Button
          key={format}
          variant="ghost"
          size="sm"
          // the card shows the format beside the download icon; the name says the whole action
          aria-label={format === 'png' ? t`Download PNG` : t`Download SVG`}
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
