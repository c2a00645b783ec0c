import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { isLocale, LOCALES, type Locale } from '#src/i18n.ts';
import { cn } from '../lib/cn.ts';
import { changeLocale } from '../lib/i18n.ts';
import { LANGUAGE_AUTONYMS } from '../lib/languages.ts';

interface LanguageSwitcherProps {
  className?: string;
  /** What choosing a language does; by default it changes the interface on this device. */
  onSelect?: (locale: Locale) => void;
  disabled?: boolean;
}

export function LanguageSwitcher({
  className,
  onSelect = (locale) => void changeLocale(locale),
  disabled = false,
}: LanguageSwitcherProps) {
  const { t, i18n } = useLingui();
  const selectId = useId();
  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor={selectId} className="sr-only">
        {t`Language`}
      </label>
      <Languages aria-hidden className="pointer-events-none absolute left-2.5 size-4 text-slate-600" />
      <select
        id={selectId}
        value={i18n.locale}
        disabled={disabled}
        onChange={(event) => {
          const locale = event.target.value;
          if (isLocale(locale)) onSelect(locale);
        }}
        className="h-9 cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pr-3 pl-8 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong disabled:cursor-wait disabled:opacity-60"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_AUTONYMS[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
