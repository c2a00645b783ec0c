import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ERROR_REASON_TEXT } from '../../lib/error-messages.ts';
import { formatMegabytes } from '../../lib/format.ts';
import { saveFile } from '../../lib/save-file.ts';
import { toast } from '../../lib/toast.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { downloadAccountExport, ExportError } from './account-export.ts';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'exporting'; received: number }
  | { phase: 'failed'; message: MessageDescriptor };

const ALREADY_EXPORTING = msg`An export of your account is already being prepared, in another tab or window. Wait for it to finish, then try again.`;
const INTERRUPTED = msg`The export was interrupted before it was complete. Check your connection and try again.`;

/** Why an export failed, for the person; null when they stopped it themselves. */
function failureMessage(error: unknown): MessageDescriptor | null {
  if (!(error instanceof ExportError)) return INTERRUPTED;
  if (error.reason === 'aborted') return null;
  if (error.reason === 'network') return INTERRUPTED;
  if (error.reason === 'rate_limited') return ALREADY_EXPORTING;
  return ERROR_REASON_TEXT[error.reason];
}

/** Account settings: the whole account as one ZIP (docs/data.md "Export everything"), with its progress. */
export function ExportDataCard() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // leaving the page stops the download
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'exporting', received: 0 });
    try {
      const { file, name } = await downloadAccountExport(
        (received) => setState({ phase: 'exporting', received }),
        controller.signal,
      );
      saveFile(file, name);
      setState({ phase: 'idle' });
      toast({ title: t`Your export is ready`, description: t`It is in your downloads: ${name}` });
    } catch (error) {
      const message = failureMessage(error);
      setState(message ? { phase: 'failed', message } : { phase: 'idle' });
    } finally {
      running.current = null;
    }
  }

  return (
    <SectionCard
      title={t`Export your data`}
      description={
        <Trans>
          Download everything in your account as one ZIP file: your profile, cards and their designs, links
          and QR codes with their codes and settings, leads, every photo and logo, and your statistics as CSV.
        </Trans>
      }
    >
      {state.phase === 'exporting' ? (
        <div className="space-y-3">
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink">
            <Loader2 aria-hidden className="size-4 motion-safe:animate-spin" />
            <Trans>Preparing your export: {formatMegabytes(state.received, locale)} received</Trans>
          </p>
          <div
            role="progressbar"
            aria-label={t`Export progress`}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full w-1/3 rounded-full bg-brand motion-safe:animate-pulse" />
          </div>
          <Button variant="secondary" onClick={() => running.current?.abort()}>
            <Trans>Cancel export</Trans>
          </Button>
        </div>
      ) : (
        <Button onClick={() => void start()}>
          <Download aria-hidden className="size-4" />
          <Trans>Export everything</Trans>
        </Button>
      )}
      {state.phase === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {i18n._(state.message)}
        </p>
      )}
    </SectionCard>
  );
}
