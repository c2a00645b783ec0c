import { LOCALES, type Locale } from '../../src/i18n.ts';
import { translatorFor } from '../lib/server-i18n.ts';
import type { BackgroundTexts } from './background.ts';
import type { SignatureTexts } from './signature.ts';

// The words a signature and a background carry, in every language of the product, from the server's
// Lingui catalog (locales/{locale}/server.po): a signature in the language its screen is in, a background
// in the one its download asks for.

interface KitTexts {
  signature: SignatureTexts;
  background: BackgroundTexts;
}

function kitTexts(locale: Locale): KitTexts {
  const text = translatorFor(locale);
  return {
    signature: {
      mobile: text(
        /*i18n*/ {
          id: 'cardKit.mobile',
          message: 'M',
          comment: "An e-mail signature's short label of a mobile number",
        },
      ),
      office: text(
        /*i18n*/ {
          id: 'cardKit.office',
          message: 'T',
          comment: "An e-mail signature's short label of an office number",
        },
      ),
      email: text(
        /*i18n*/ {
          id: 'cardKit.email',
          message: 'E',
          comment: "An e-mail signature's short label of an e-mail address",
        },
      ),
      scan: text(
        /*i18n*/ {
          id: 'cardKit.scanSignature',
          message: 'QR code: my digital business card',
          comment: 'The alternative text of the QR code in an e-mail signature',
        },
      ),
    },
    background: {
      scan: text(
        /*i18n*/ {
          id: 'cardKit.scanBackground',
          message: 'Scan for my card',
          comment: 'The words over the QR code of a video meeting background',
        },
      ),
    },
  };
}

export const KIT_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, kitTexts(locale)])) as Record<
  Locale,
  KitTexts
>;
