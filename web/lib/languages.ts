import type { Locale } from '#src/i18n.ts';

/** Each language named in itself, so a reader finds their own language whatever the page shows now. */
export const LANGUAGE_AUTONYMS: Record<Locale, string> = { en: 'English', es: 'Español' };
