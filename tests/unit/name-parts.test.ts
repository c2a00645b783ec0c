import { describe, expect, it } from 'vitest';
import { cardNameParts, suggestNameParts } from '../../src/name-parts.ts';

// The given and family name suggested from a full name (src/name-parts.ts): one plain rule, shown to the
// person, who corrects it; what they saved always wins.

describe('suggestNameParts', () => {
  it.each([
    ['María José García López', 'es', 'María José', 'García López'],
    ['María José García López', 'en', 'María José', 'García López'],
    ['Juan García López', 'es', 'Juan', 'García López'],
    ['John Paul Smith', 'en', 'John Paul', 'Smith'],
    ['Ada Lovelace', 'en', 'Ada', 'Lovelace'],
    ['Ada Lovelace', 'es', 'Ada', 'Lovelace'],
    ['Cher', 'en', 'Cher', ''],
    ['  Ana   López  ', 'es', 'Ana', 'López'],
    ['', 'es', '', ''],
    // a particle stays with the surname after it, "y" joins two surnames into one
    ['Juan de la Cruz', 'es', 'Juan', 'de la Cruz'],
    ['Ludwig van Beethoven', 'en', 'Ludwig', 'van Beethoven'],
    ['José Ortega y Gasset', 'es', 'José', 'Ortega y Gasset'],
    ['José Ortega y Gasset', 'en', 'José', 'Ortega y Gasset'],
    ['Guillermo del Toro Gómez', 'es', 'Guillermo', 'del Toro Gómez'],
    ['Ana María de los Ángeles Pérez Ruiz', 'es', 'Ana María de los Ángeles', 'Pérez Ruiz'],
    ['José María Ñúñez-Güell Oyá', 'es', 'José María', 'Ñúñez-Güell Oyá'],
  ] as const)('%s (%s) → given %s, family %s', (name, locale, given, family) => {
    expect(suggestNameParts(name, locale)).toEqual({ given, family });
  });
});

describe('cardNameParts', () => {
  it('uses what the card saved, even blank, and suggests only when neither part was saved', () => {
    const card = { name: 'María José García López' };
    expect(cardNameParts({ ...card, givenName: 'María', familyName: 'José García López' }, 'es')).toEqual({
      given: 'María',
      family: 'José García López',
    });
    expect(cardNameParts({ ...card, givenName: 'Madonna', familyName: null }, 'es')).toEqual({
      given: 'Madonna',
      family: '',
    });
    expect(cardNameParts({ ...card, givenName: null, familyName: null }, 'es')).toEqual({
      given: 'María José',
      family: 'García López',
    });
  });
});
