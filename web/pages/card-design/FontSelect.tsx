import { Trans, useLingui } from '@lingui/react/macro';
import { CARD_FONTS, type CardFont } from '#src/schemas/card-design.ts';
import { FONT_NAMES } from './design-names.ts';

/** The card's font, by name in the person's language (the design screen and the team's card template). */
export function FontSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: CardFont;
  onChange: (font: CardFont) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        <Trans>Font</Trans>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as CardFont)}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
      >
        {CARD_FONTS.map((font) => (
          <option key={font} value={font}>
            {i18n._(FONT_NAMES[font])}
          </option>
        ))}
      </select>
    </div>
  );
}
