import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ColourPicker } from './ColourPicker.tsx';

/** The three colours of a card, as the vCard form and the team's card template name them. */
export type CardColourName = 'backgroundColour' | 'fontColour' | 'iconColour';

/** One of a card's three colours: presets and a hex field, applied once complete (spec section 5). */
export function CardColourField<Values extends FieldValues & Record<CardColourName, string>, Output>({
  control,
  name,
  legend,
}: {
  control: Control<Values, unknown, Output>;
  name: CardColourName & FieldPath<Values>;
  legend: ReactNode;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <ColourPicker
            {...field}
            label={<Trans>Hex code</Trans>}
            error={fieldState.error?.message}
            // text and icons may be white or black; the background is a theme colour
            withBlackAndWhite={name !== 'backgroundColour'}
          />
        )}
      />
    </fieldset>
  );
}
