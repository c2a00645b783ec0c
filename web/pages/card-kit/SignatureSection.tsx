import { useState, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Download } from 'lucide-react';
import { SIGNATURE_LAYOUTS, type SignatureLayout } from '#src/card-kit.ts';
import { isLocale } from '#src/i18n.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { saveTextFile } from '../../lib/save-file.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

const LAYOUT_NAMES: Record<SignatureLayout, MessageDescriptor> = {
  classic: msg`Classic: photo, details and QR code side by side`,
  banner: msg`Banner: details over a band with the logo and QR code`,
  compact: msg`Compact: text only`,
};

/** The signature as a file Outlook for Windows and Apple Mail open: a whole page in UTF-8. */
function htmlFile(html: string, title: string): string {
  const escaped = title.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escaped}</title></head><body>\n${html}\n</body></html>\n`;
}

/** Puts the rich signature on the clipboard (HTML and its plain twin); false where the browser cannot. */
async function copyRich(html: string, text: string): Promise<boolean> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) return false;
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/html': new Blob([html], { type: 'text/html' }),
      'text/plain': new Blob([text], { type: 'text/plain' }),
    }),
  ]);
  return true;
}

function Steps({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-semibold text-ink">{title}</h4>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700">{children}</ol>
    </div>
  );
}

/** Each mail client's steps: where its signature setting is, and which of the two ways to use. */
function ClientSteps() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Steps title={<Trans>Gmail</Trans>}>
        <li>
          <Trans>Choose “Copy signature”.</Trans>
        </li>
        <li>
          <Trans>In Gmail, open Settings (the gear), then “See all settings”.</Trans>
        </li>
        <li>
          <Trans>Under “Signature”, create a new one and paste into its box.</Trans>
        </li>
        <li>
          <Trans>
            Pick it as the default for new e-mails and replies, then “Save changes” at the bottom.
          </Trans>
        </li>
      </Steps>
      <Steps title={<Trans>Outlook on the web</Trans>}>
        <li>
          <Trans>Choose “Copy signature”.</Trans>
        </li>
        <li>
          <Trans>In Outlook, open Settings, then Account, then Signatures.</Trans>
        </li>
        <li>
          <Trans>Add a new signature, paste into its box and save.</Trans>
        </li>
      </Steps>
      <Steps title={<Trans>Outlook for Windows</Trans>}>
        <li>
          <Trans>Choose “Download .htm file”.</Trans>
        </li>
        <li>
          <Trans>Open the file in your browser, select everything (Ctrl+A) and copy it (Ctrl+C).</Trans>
        </li>
        <li>
          <Trans>In Outlook, open File, Options, Mail, then Signatures; add a new one and paste.</Trans>
        </li>
      </Steps>
      <Steps title={<Trans>Apple Mail</Trans>}>
        <li>
          <Trans>Choose “Download .htm file” and open it in Safari.</Trans>
        </li>
        <li>
          <Trans>Select everything (Command+A) and copy it (Command+C).</Trans>
        </li>
        <li>
          <Trans>
            In Mail, open Settings, then Signatures; add one, paste, and clear “Always match my default
            message font”.
          </Trans>
        </li>
      </Steps>
    </div>
  );
}

/** A card's e-mail signature: its three layouts previewed, copied for web mail or downloaded as a file. */
export function SignatureSection({ vcardId }: { vcardId: string }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const query = trpc.cardKit.signatures.useQuery({ vcardId, locale });
  const [wanted, setWanted] = useState<SignatureLayout>('classic');
  const signature = query.data?.layouts.find((layout) => layout.wanted === wanted);

  async function copy() {
    if (!signature) return;
    try {
      if (await copyRich(signature.html, signature.text)) {
        toast({ title: t`Signature copied: paste it into your mail's signature setting.` });
      } else {
        await navigator.clipboard.writeText(signature.text);
        toast({ title: t`This browser copies text only: the plain-text signature was copied.` });
      }
    } catch {
      toast({
        title: t`The signature could not be copied. Download the file instead.`,
        variant: 'destructive',
      });
    }
  }

  return (
    <SectionCard
      title={<Trans>E-mail signature</Trans>}
      description={
        <Trans>
          Made for Gmail, Outlook and Apple Mail from your card. Its links open your card through its short
          link, so analytics show what your signature brings (campaign “email-signature”).
        </Trans>
      }
    >
      {query.data && signature ? (
        <div className="space-y-5">
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-ink">
              <Trans>Layout</Trans>
            </legend>
            {SIGNATURE_LAYOUTS.map((layout) => (
              <label key={layout} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="signature-layout"
                  value={layout}
                  checked={wanted === layout}
                  onChange={() => setWanted(layout)}
                  className="size-4"
                />
                {i18n._(LAYOUT_NAMES[layout])}
              </label>
            ))}
          </fieldset>
          {signature.layout !== signature.wanted && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink" role="status">
              <Trans>
                This card has no picture or company for this layout, so its signature uses the one that fits:{' '}
                {i18n._(LAYOUT_NAMES[signature.layout])}.
              </Trans>
            </p>
          )}
          <iframe
            title={t`Preview of the signature`}
            // no scripts; the same origin, so the page's img-src 'self' lets its hosted pictures load
            sandbox="allow-same-origin"
            srcDoc={htmlFile(signature.html, query.data.fileName)}
            className="h-72 w-full rounded-lg border border-slate-200 bg-white"
            data-testid="signature-preview"
          />
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={() => void copy()}>
              <Copy aria-hidden />
              <Trans>Copy signature</Trans>
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                saveTextFile(
                  htmlFile(signature.html, query.data.fileName),
                  `${query.data.fileName}-${signature.layout}.htm`,
                  'text/html;charset=utf-8',
                )
              }
            >
              <Download aria-hidden />
              <Trans>Download .htm file</Trans>
            </Button>
          </div>
          <details className="text-sm text-slate-700">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">
              <Trans>Plain-text signature</Trans>
            </summary>
            <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 whitespace-pre-wrap">
              {signature.text}
            </pre>
          </details>
          <ClientSteps />
        </div>
      ) : (
        <QueryStatus error={query.error} onRetry={() => void query.refetch()} />
      )}
    </SectionCard>
  );
}
