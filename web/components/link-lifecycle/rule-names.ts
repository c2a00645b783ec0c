import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RuleDevice } from '#src/link-lifecycle.ts';

/** Each device a rule can name, as a person recognises it. */
export const RULE_DEVICE_NAMES: Record<RuleDevice, MessageDescriptor> = {
  ios: msg`iPhone and iPad (iOS)`,
  android: msg`Android`,
  desktop: msg`Desktop`,
};

/**
 * The languages a rule offers, common ones on the web, as primary subtags: a visitor's first language is
 * compared by this subtag alone (src/link-lifecycle.ts preferredLanguage).
 */
export const RULE_LANGUAGES: readonly string[] = `
  en es pt fr de it nl pl ru uk tr ar he fa hi bn ur zh ja ko id
  ms vi th fil sv da nb fi cs sk el ro hu bg hr sr ca eu gl sw
`
  .trim()
  .split(/\s+/);

/** A language by its name in the interface's language ("Spanish", "español"); its code when unknown. */
export function languageName(code: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(code) ?? code;
}

/** The languages to choose from, by name in the interface's language, sorted; `kept` stays among them. */
export function languageChoices(locale: string, kept: readonly string[]): { code: string; name: string }[] {
  const codes = new Set<string>([...RULE_LANGUAGES, ...kept.filter(Boolean)]);
  return [...codes]
    .map((code) => ({ code, name: languageName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** A rule as one line: "iPhone and iPad (iOS) · Spanish → https://…" (the comparison of versions). */
export function describeRule(rule: { device: string; language: string; url: string }, i18n: I18n): string {
  const device = rule.device in RULE_DEVICE_NAMES ? i18n._(RULE_DEVICE_NAMES[rule.device as RuleDevice]) : '';
  const language = rule.language ? languageName(rule.language, i18n.locale) : '';
  return `${[device, language].filter(Boolean).join(' · ')} → ${rule.url}`;
}
