// Languages of the product (spec section 1). English is the default.

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** localStorage key holding the chosen language (spec section 3, local storage). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our locales for an Accept-Language header ("es-MX,es;q=0.9,en;q=0.8" -> es), weighing
 * q-values; the default when nothing matches.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return {
        language: tag,
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return localeFromLanguageTags(ranked.map((entry) => entry.language));
}

/**
 * The first of our locales in a list of language tags in order of preference (a browser's
 * navigator.languages: ["es-ES", "es", "en"] -> es), matched by language; the default when none matches.
 */
export function localeFromLanguageTags(tags: readonly string[]): Locale {
  return tags.map((tag) => tag.trim().toLowerCase().split('-')[0]).find(isLocale) ?? DEFAULT_LOCALE;
}
