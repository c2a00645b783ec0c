import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller } from 'react-hook-form';
import { RadioGroup } from 'radix-ui';
import { Check } from 'lucide-react';
import { isCompleteHexColour, PARTIAL_HEX_COLOUR_PATTERN, THEME_PRESETS } from '#src/colour.ts';
import { ThemeColourSchema } from '#src/schemas/profile.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { cn } from '../../lib/cn.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { THEME_PRESET_NAMES } from '../../lib/theme-presets.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/** What the hex field keeps of a keystroke or paste: # and up to six hex digits (spec section 5), else nothing. */
function acceptedHex(typed: string): string | null {
  const value = typed.startsWith('#') ? typed : `#${typed}`;
  return PARTIAL_HEX_COLOUR_PATTERN.test(value) ? value : null;
}

function presetOf(colour: string): string {
  return THEME_PRESETS.find((preset) => preset.hex.toLowerCase() === colour.toLowerCase())?.id ?? '';
}

function PresetSwatches({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const { t, i18n } = useLingui();
  return (
    <RadioGroup.Root
      aria-label={t`Preset colours`}
      value={presetOf(value)}
      onValueChange={(id) => {
        const preset = THEME_PRESETS.find((item) => item.id === id);
        if (preset) onChange(preset.hex);
      }}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3"
    >
      {THEME_PRESETS.map((preset) => (
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
              <Check className="size-4 text-white drop-shadow" />
            </RadioGroup.Indicator>
          </span>
          {i18n._(THEME_PRESET_NAMES[preset.id])}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}

/** Theme accent colour: a preset or any #RRGGBB; the preview follows only complete colours. */
export function ThemeColourCard({ savedColour }: { savedColour: string }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.profile.setThemeColour.useMutation();
  const form = useZodForm(ThemeColourSchema, { themeColour: savedColour });
  const { errors, isSubmitting, isDirty } = form.formState;
  // the last complete colour typed or chosen: what the preview shows
  const [applied, setApplied] = useState(savedColour);

  const onSubmit = form.submit(async ({ themeColour }) => {
    try {
      await mutateAsync({ themeColour });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to update theme colour`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    form.reset({ themeColour });
    toast({ title: t`Theme colour updated successfully` });
    await utils.profile.me.invalidate();
  });

  return (
    <SectionCard
      title={t`Theme accent colour`}
      description={<Trans>The colour of your card and public profile.</Trans>}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Controller
          control={form.control}
          name="themeColour"
          render={({ field }) => {
            const choose = (value: string) => {
              field.onChange(value);
              if (isCompleteHexColour(value)) setApplied(value);
            };
            return (
              <>
                <PresetSwatches value={field.value} onChange={choose} />
                <div className="flex flex-wrap items-end gap-4">
                  <div className="w-52">
                    <TextField
                      label={<Trans>Custom colour (hex)</Trans>}
                      ref={field.ref}
                      name={field.name}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        const value = acceptedHex(event.target.value);
                        if (value !== null) choose(value);
                      }}
                      maxLength={7}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      className="font-mono"
                      error={errors.themeColour?.message}
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
              </>
            );
          }}
        />
        <SubmitButton busy={isSubmitting} disabled={!isDirty} block={false}>
          <Trans>Save colour</Trans>
        </SubmitButton>
      </form>
    </SectionCard>
  );
}
