import { LOCALES, type Locale } from '../../src/i18n.ts';
import { translatorFor } from '../lib/server-i18n.ts';

// The words on a card's wallet pass, in every language of the product, from the server's Lingui catalog
// (locales/{locale}/server.po, through server/lib/server-i18n.ts): `npm run i18n:check` fails on one
// untranslated. The pass is made in the language the visitor's phone asks for.

export interface PassTexts {
  /** What the pass is, as VoiceOver and the lock screen say it. */
  passOf(name: string): string;
  mobile: string;
  workPhone: string;
  email: string;
  website: string;
  address: string;
  company: string;
  /** The card's page, on the back of the pass. */
  cardPage: string;
}

/** The pass's words in one language, each worked out once; the one with a value formats on each call. */
function passTexts(locale: Locale): PassTexts {
  const text = translatorFor(locale);
  return {
    passOf: (name) =>
      text(
        /*i18n*/ {
          id: 'wallet.passOf',
          message: 'Business card of {name}',
          comment: 'What a wallet pass is, as VoiceOver and the lock screen say it',
        },
        { name },
      ),
    mobile: text(
      /*i18n*/ {
        id: 'wallet.mobile',
        message: 'Mobile',
        comment: "A wallet pass's label of a mobile phone number",
      },
    ),
    workPhone: text(/*i18n*/ { id: 'wallet.workPhone', message: 'Work phone' }),
    email: text(/*i18n*/ { id: 'wallet.email', message: 'Email' }),
    website: text(/*i18n*/ { id: 'wallet.website', message: 'Website' }),
    address: text(/*i18n*/ { id: 'wallet.address', message: 'Address', comment: 'A postal address' }),
    company: text(/*i18n*/ { id: 'wallet.company', message: 'Company' }),
    cardPage: text(
      /*i18n*/ {
        id: 'wallet.cardPage',
        message: 'Card',
        comment: "The label of the card's page (its address), on the back of a wallet pass",
      },
    ),
  };
}

export const PASS_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, passTexts(locale)])) as Record<
  Locale,
  PassTexts
>;
