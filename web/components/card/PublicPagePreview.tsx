import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { serverPaths } from '#src/routes.ts';
import type { CardPreviewInput } from '#src/schemas/card-design.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useLocale } from '../../lib/use-locale.ts';

/** How long typing waits before the preview is drawn again. */
const PREVIEW_DELAY_MS = 250;

/**
 * A vCard's public page with what is not saved yet, drawn by the server's own renderer (the page visitors
 * get: layout, font, cover, logo, colours), in a phone-sized frame: the design screen's preview and the
 * vCard editor's. The frame holds the page as a document of its own (srcdoc), without scripts, forms,
 * pop-ups or navigation of the dashboard; while the next one loads, or when it cannot, the last one stays.
 */
export function PublicPagePreview({ preview }: { preview: CardPreviewInput }) {
  const { t } = useLingui();
  // the page's words in the dashboard's language, whatever the browser's
  const locale = useLocale();
  const body = useDebounced(JSON.stringify(preview), PREVIEW_DELAY_MS);
  const [html, setHtml] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    void fetch(serverPaths.designPreview, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': locale },
      body,
      signal: controller.signal,
    })
      .then(async (response) => (response.ok ? setHtml(await response.text()) : undefined))
      // a newer preview replaced this one, or the connection dropped: the last page stays
      .catch(() => undefined);
    return () => controller.abort();
  }, [body, locale]);
  return (
    <iframe
      title={t`Preview of your public page`}
      srcDoc={html}
      sandbox="allow-same-origin"
      className="mx-auto block h-[40rem] w-full max-w-[22.5rem] rounded-[2rem] border-8 border-slate-900 bg-white shadow-lg"
    />
  );
}
