import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import {
  BACKGROUND_LAYOUTS,
  BACKGROUND_WIDTHS,
  backgroundDownloadPath,
  backgroundHeight,
  type BackgroundLayout,
  type BackgroundWidth,
} from '#src/card-kit.ts';
import { serverPaths } from '#src/routes.ts';
import { SectionCard } from '../../components/SectionCard.tsx';

/** The size a background is made at: each width with its height. */
export function BackgroundSizeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: BackgroundWidth;
  onChange: (width: BackgroundWidth) => void;
}) {
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        <Trans>Size</Trans>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as BackgroundWidth)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
      >
        {BACKGROUND_WIDTHS.map((size) => (
          <option key={size} value={size}>
            {size} × {backgroundHeight(size)}
          </option>
        ))}
      </select>
    </div>
  );
}

export const BACKGROUND_LAYOUT_NAMES: Record<BackgroundLayout, MessageDescriptor> = {
  panel: msg`Side panel: your name and QR code on the left`,
  corners: msg`Corners: your name top left, the QR code top right`,
};

/** A card's meeting background: previewed, and downloaded at either size. */
export function BackgroundSection({ vcardId }: { vcardId: string }) {
  const { t, i18n } = useLingui();
  const [layout, setLayout] = useState<BackgroundLayout>('panel');
  const [width, setWidth] = useState<BackgroundWidth>(1920);
  const address = (size: BackgroundWidth) =>
    `${backgroundDownloadPath(serverPaths.cardKit, vcardId, layout, size)}&lang=${i18n.locale}`;
  return (
    <SectionCard
      title={<Trans>Meeting background</Trans>}
      description={
        <Trans>
          For Zoom, Teams and Google Meet: your name, title and logo, and your card's QR code large enough for
          a phone to read from the call. The middle stays plain, where you sit.
        </Trans>
      }
    >
      <div className="space-y-5">
        <div className="flex flex-wrap gap-6">
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-ink">
              <Trans>Layout</Trans>
            </legend>
            {BACKGROUND_LAYOUTS.map((item) => (
              <label key={item} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="background-layout"
                  value={item}
                  checked={layout === item}
                  onChange={() => setLayout(item)}
                  className="size-4"
                />
                {i18n._(BACKGROUND_LAYOUT_NAMES[item])}
              </label>
            ))}
          </fieldset>
          <BackgroundSizeSelect id="background-size" value={width} onChange={setWidth} />
        </div>
        <img
          src={address(1280)}
          alt={t`Preview of the meeting background`}
          width={640}
          height={360}
          className="h-auto w-full max-w-2xl rounded-lg border border-slate-200"
        />
        <a
          href={address(width)}
          download
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand px-4 text-sm font-semibold text-brand-ink shadow-sm hover:bg-brand/85"
        >
          <Download aria-hidden className="size-4" />
          <Trans>Download PNG</Trans>
        </a>
      </div>
    </SectionCard>
  );
}
