import { useLingui } from '@lingui/react/macro';
import { serverPaths } from '#src/routes.ts';
import type { CardDesignColours, CardDesignValues } from '#src/schemas/card-design.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

/** How long typing waits before the preview is drawn again. */
const PREVIEW_DELAY_MS = 250;

function previewUrl(vcardId: string, colours: CardDesignColours, design: CardDesignValues): string {
  const query = new URLSearchParams({ vcard: vcardId, design: JSON.stringify({ colours, design }) });
  return `${serverPaths.designPreview}?${query.toString()}`;
}

/**
 * The public page with the unsaved design, drawn by the server's own renderer (the page visitors get),
 * in a phone-sized frame. The colours are the last complete ones (a half-typed hex waits).
 */
export function DesignPreview({
  vcardId,
  colours,
  design,
}: {
  vcardId: string;
  colours: CardDesignColours;
  design: CardDesignValues;
}) {
  const { t } = useLingui();
  const src = useDebounced(previewUrl(vcardId, colours, design), PREVIEW_DELAY_MS);
  return (
    <iframe
      title={t`Preview of your public page`}
      src={src}
      // no scripts, forms, pop-ups or navigation of the dashboard from inside the preview
      sandbox="allow-same-origin"
      className="mx-auto block h-[40rem] w-full max-w-[22.5rem] rounded-[2rem] border-8 border-slate-900 bg-white shadow-lg"
    />
  );
}
