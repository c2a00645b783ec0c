import { Trans, useLingui } from '@lingui/react/macro';
import { RadioGroup } from 'radix-ui';
import { isLocale, LOCALES, type Locale } from '#src/i18n.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { cn } from '../../lib/cn.ts';
import { LANGUAGE_AUTONYMS } from '../../lib/languages.ts';
import { useSaveLanguage } from '../../lib/use-save-language.ts';

/** Language preference (spec section 4): saved to the profile, applied at once and at every sign-in. */
export function LanguageCard({ language }: { language: Locale }) {
  const { t } = useLingui();
  const { save, busy } = useSaveLanguage();
  return (
    <SectionCard
      title={t`Language`}
      description={<Trans>The language of the dashboard and of the emails we send you.</Trans>}
    >
      <RadioGroup.Root
        aria-label={t`Language`}
        aria-busy={busy || undefined}
        value={language}
        onValueChange={(value) => {
          // not disabled while saving: a disabled radio would drop the keyboard focus
          if (!busy && isLocale(value) && value !== language) void save(value);
        }}
        className="flex flex-wrap gap-2"
      >
        {LOCALES.map((locale) => (
          <RadioGroup.Item
            key={locale}
            value={locale}
            lang={locale}
            className={cn(
              'flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-ink',
              'hover:bg-slate-50 data-[state=checked]:border-brand-strong data-[state=checked]:ring-2 data-[state=checked]:ring-brand-strong',
            )}
          >
            <span
              aria-hidden
              className="flex size-4 items-center justify-center rounded-full border border-slate-400"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-brand-strong" />
            </span>
            {LANGUAGE_AUTONYMS[locale]}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </SectionCard>
  );
}
