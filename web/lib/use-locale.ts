import { useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#src/i18n.ts';

/** The language the screen is shown in, as one of the app's locales. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
