import { LOCALES, type Locale } from '../../src/i18n.ts';
import { translatorFor } from '../lib/server-i18n.ts';
import type { PublicProfile } from './service.ts';

// The demo card's own words in every language of the product. A person's card shows what they typed, in
// whatever language they typed it; the demo card's words are ours, and a visitor who reads the page's
// fixed texts in Spanish should read the card in Spanish too. One card serves both: it is stored with the
// English words (seeded from here), and its public page, rendered per language already (and cached so),
// swaps in the words of the page's language where the card still holds the seeded ones (an operator who
// edits the demo card keeps their edits). Names, numbers and addresses are the same in every language. The
// words come from the server's Lingui catalog (locales/{locale}/server.po): rewording the English there
// rewords the seeded card too, and a card seeded before keeps its words, untranslated.

export interface DemoTexts {
  position: string;
  /** The profile links' titles, in their order. */
  linkTitles: readonly [string, string, string];
}

/** The demo card's words in one language; the English ones are those the demo account is seeded with. */
function demoTexts(locale: Locale): DemoTexts {
  const text = translatorFor(locale);
  return {
    position: text(
      /*i18n*/ {
        id: 'demo.position',
        message: 'Head of Partnerships',
        comment: "The demo card's position (job title)",
      },
    ),
    linkTitles: [
      text(
        /*i18n*/ { id: 'demo.linkBookCall', message: 'Book a call', comment: "A demo card's link's title" },
      ),
      text(
        /*i18n*/ {
          id: 'demo.linkPortfolio',
          message: 'Our portfolio',
          comment: "A demo card's link's title",
        },
      ),
      text(
        /*i18n*/ { id: 'demo.linkLatestTalk', message: 'Latest talk', comment: "A demo card's link's title" },
      ),
    ],
  };
}

export const DEMO_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, demoTexts(locale)])) as Record<
  Locale,
  DemoTexts
>;

/** A seeded English text in `locale`, or the text itself when it is not one of them (edited since). */
function translated(text: string, english: readonly string[], words: readonly string[]): string {
  const index = english.indexOf(text);
  return index < 0 ? text : (words[index] ?? text);
}

/** The demo account's profile with the card's own words in `locale`. */
export function demoProfileIn(profile: PublicProfile, locale: Locale): PublicProfile {
  const english = DEMO_TEXTS.en;
  const words = DEMO_TEXTS[locale];
  const position = profile.card.position;
  return {
    ...profile,
    card: {
      ...profile.card,
      position: position === english.position ? words.position : position,
    },
    links: profile.links.map((link) => ({
      ...link,
      title: translated(link.title, english.linkTitles, words.linkTitles),
    })),
  };
}
