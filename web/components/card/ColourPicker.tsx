/**
 * A theme colour: the six presets of src/colour.ts as radio swatches (with white and black too, for text
 * and icons: `withBlackAndWhite`), and a hex field that accepts only '#' and up to six hex digits (spec
 * section 5). A small swatch shows the last complete colour.
 *
 * Made to take a react-hook-form Controller's field as it is:
 *
 *   <Controller control={form.control} name="themeColour"
 *     render={({ field }) => <ColourPicker {...field} error={errors.themeColour?.message} />} />
 *
 * `onChange` gets every accepted keystroke, complete or not; use useAppliedColour(value) for a preview.
 */
import type { ReactNode, Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { NEUTRAL_PRESETS, PARTIAL_HEX_COLOUR_PATTERN, THEME_PRESETS } from '#src/colour.ts';
import { cn } from '../../lib/cn.ts';
import { THEME_PRESET_NAMES } from '../../lib/theme-presets.ts';
import { TextField } from '../form/TextField.tsx';
import { useAppliedColour } from './use-applied-colour.ts';

/** The hex field's maximum: '#' and six digits. */
const HEX_FIELD_MAX_LENGTH = 7;

/** What the hex field keeps of a keystroke or paste: # and up to six hex digits, else nothing. */
function acceptedHex(typed: string): string | null {
  const value = typed.startsWith('#') ? typed : `#${typed}`;
  return PARTIAL_HEX_COLOUR_PATTERN.test(value) ? value : null;
}

type Preset = (typeof THEME_PRESETS)[number] | (typeof NEUTRAL_PRESETS)[number];

const WITH_BLACK_AND_WHITE: readonly Preset[] = [...THEME_PRESETS, ...NEUTRAL_PRESETS];

function presetOf(presets: readonly Preset[], colour: string): string {
  return presets.find((preset) => preset.hex.toLowerCase() === colour.toLowerCase())?.id ?? '';
}

function PresetSwatches({
  presets,
  value,
  onChange,
}: {
  presets: readonly Preset[];
  value: string;
  onChange: (hex: string) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <RadioGroup.Root
      aria-label={t`Preset colours`}
      value={presetOf(presets, value)}
      onValueChange={(id) => {
        const preset = presets.find((item) => item.id === id);
        if (preset) onChange(preset.hex);
      }}
      className="grid grid-cols-2 gap-2 @sm:grid-cols-3"
    >
      {presets.map((preset) => (
        <RadioGroup.Item
          key={preset.id}
          value={preset.id}
          className={cn(
            'flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm font-medium text-ink',
            'hover:bg-slate-50 data-[state=checked]:border-brand-strong data-[state=checked]:ring-2 data-[state=checked]:ring-brand-strong',
          )}
        >
          <span
            aria-hidden
            style={{ backgroundColor: preset.hex }}
            className="flex size-6 shrink-0 items-center justify-center rounded-full border border-black/10"
          >
            <RadioGroup.Indicator>
              <Check
                className={cn('size-4', preset.id === 'white' ? 'text-ink' : 'text-white drop-shadow')}
              />
            </RadioGroup.Indicator>
          </span>
          {i18n._(THEME_PRESET_NAMES[preset.id])}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}

export interface ColourPickerProps {
  /** The hex field's text: a complete or half-typed colour. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The hex input, for the form to focus it on an error. */
  ref?: Ref<HTMLInputElement>;
  /** A validation id (src/messages.ts). */
  error?: string | undefined;
  /** The hex field's label; 'Custom colour (hex)' unless told otherwise. */
  label?: ReactNode;
  /** White and black among the presets (a text or icon colour). */
  withBlackAndWhite?: boolean;
}

export function ColourPicker({
  value,
  onChange,
  onBlur,
  name,
  ref,
  error,
  label = <Trans>Custom colour (hex)</Trans>,
  withBlackAndWhite = false,
}: ColourPickerProps) {
  const applied = useAppliedColour(value);
  return (
    <div className="space-y-4 @container">
      <PresetSwatches
        presets={withBlackAndWhite ? WITH_BLACK_AND_WHITE : THEME_PRESETS}
        value={value}
        onChange={onChange}
      />
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-52">
          <TextField
            label={label}
            ref={ref}
            name={name}
            value={value}
            onBlur={onBlur}
            onChange={(event) => {
              const accepted = acceptedHex(event.target.value);
              if (accepted !== null) onChange(accepted);
            }}
            maxLength={HEX_FIELD_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            error={error}
          />
        </div>
        <div className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <span
            aria-hidden
            style={{ backgroundColor: applied }}
            className="size-8 rounded-lg border border-black/10"
          />
          <span>
            <Trans>Preview</Trans>
          </span>
        </div>
      </div>
    </div>
  );
}
