import { i18n } from '@lingui/core';
import { isLocale, LANGUAGE_STORAGE_KEY, localeFromLanguageTags, type Locale } from '#src/i18n.ts';

/**
 * The language to start in (spec section 4, language): the one chosen earlier on this device, else on a
 * first visit the browser's own languages in their order (the server's shell followed Accept-Language),
 * else the default. Once signed in, the profile's language wins (applyProfileLanguage).
 */
export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be blocked (privacy settings): the browser's language still applies.
  }
  return localeFromLanguageTags(navigator.languages);
}

function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Not remembering the choice is acceptable; the language still changes for this visit.
  }
}

/**
 * Loads the locale's catalog (one chunk per locale: the Vite plugin compiles the .po file on import) and
 * makes it the active language of the page.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Switches the language on the user's request and remembers it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  storeLocale(locale);
}

/**
 * Spec section 4 (language): once the user is known, their profile language wins over this device's
 * choice, and is remembered on the device.
 */
export async function applyProfileLanguage(locale: Locale): Promise<void> {
  if (locale !== i18n.locale) await changeLocale(locale);
}
