import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localeFromLanguageTags } from '../../src/i18n.ts';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-GB,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4', 'es'],
    ['de,en;q=0', 'en'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['*', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('localeFromLanguageTags (navigator.languages)', () => {
  it.each([
    [[], 'en'],
    [['es-ES', 'es', 'en'], 'es'],
    [['fr-CA', 'ES-mx'], 'es'],
    [['en-US', 'es'], 'en'],
    [['de', 'fr'], 'en'],
  ])('%j -> %s', (tags, expected) => {
    expect(localeFromLanguageTags(tags)).toBe(expected);
  });
});
