import type { Locale } from './i18n.ts';

// A card's given and family name, for the .vcf's N: how a contacts app files and sorts the card. Nobody can
// tell from "María José García López" alone where the given name ends, so the card suggests the parts by
// one plain rule, shows them, and the person corrects them; what they save is what is used.
//
// The rule: a particle (de, del, la, van, von, da…) stays with the word after it, and "y" joins the words
// around it ("Ortega y Gasset"). Of the parts that leaves, the last is the family name, or the last two when
// there are four parts or more; in Spanish, where a person carries two surnames, already from three. A
// single part is a given name.

/** Lower-case words that belong to the surname after them. */
const PARTICLES = new Set([
  'al',
  'bin',
  'da',
  'das',
  'de',
  'del',
  'della',
  'der',
  'di',
  'do',
  'dos',
  'du',
  'el',
  'ibn',
  'la',
  'las',
  'le',
  'los',
  'san',
  'ten',
  'ter',
  'van',
  'von',
]);

/** A conjunction that joins two surnames into one. */
const JOINING_WORDS = new Set(['y', 'i']);

export interface NameParts {
  given: string;
  family: string;
}

/** The parts of a name: words, with particles and joining words attached to their surname. */
function nameUnits(words: readonly string[]): string[] {
  const units: string[] = [];
  let pending: string[] = [];
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    const last = index === words.length - 1;
    if (index > 0 && !last && JOINING_WORDS.has(lower) && pending.length === 0 && units.length > 0) {
      // "Ortega y Gasset": the word before, the conjunction and the word after are one surname
      pending = [units.pop() ?? '', word];
      continue;
    }
    if (index > 0 && !last && PARTICLES.has(lower)) {
      pending.push(word);
      continue;
    }
    units.push([...pending, word].join(' '));
    pending = [];
  }
  return units;
}

/** How many of the parts make the family name. */
function familyUnitCount(units: number, locale: Locale): number {
  if (units < 2) return 0;
  if (units >= 4) return 2;
  return locale === 'es' && units === 3 ? 2 : 1;
}

/** The given and family name suggested for a full name (the rule above). */
export function suggestNameParts(fullName: string, locale: Locale): NameParts {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const units = nameUnits(words);
  const familyCount = familyUnitCount(units.length, locale);
  return {
    given: units.slice(0, units.length - familyCount).join(' '),
    family: units.slice(units.length - familyCount).join(' '),
  };
}

/**
 * The parts a card's N uses: the ones saved with it, or, for a card saved without (both null, as every card
 * made before the fields existed), the suggestion from its full name.
 */
export function cardNameParts(
  card: { name: string; givenName: string | null; familyName: string | null },
  locale: Locale,
): NameParts {
  if (card.givenName === null && card.familyName === null) return suggestNameParts(card.name, locale);
  return { given: card.givenName ?? '', family: card.familyName ?? '' };
}
