import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n.ts';
import { PASS_TEXTS, type PassTexts } from '../../server/wallet/texts.ts';

// The wallet pass's words come from the server's catalog (locales/{locale}/server.po) and are exactly the
// words of the table they were in server/wallet/texts.ts, copied here (its text with a name, for 'Ada').

const BEFORE: Record<Locale, unknown> = {
  en: {
    passOf: 'Business card of Ada',
    mobile: 'Mobile',
    workPhone: 'Work phone',
    email: 'Email',
    website: 'Website',
    address: 'Address',
    company: 'Company',
    cardPage: 'Card',
  },
  es: {
    passOf: 'Tarjeta de visita de Ada',
    mobile: 'Móvil',
    workPhone: 'Teléfono del trabajo',
    email: 'Correo electrónico',
    website: 'Sitio web',
    address: 'Dirección',
    company: 'Empresa',
    cardPage: 'Tarjeta',
  },
};

const withName = (texts: PassTexts): unknown => ({ ...texts, passOf: texts.passOf('Ada') });

describe('PASS_TEXTS', () => {
  it('has the English words', () => {
    expect(withName(PASS_TEXTS.en)).toEqual(BEFORE.en);
  });

  it('has the Spanish words', () => {
    expect(withName(PASS_TEXTS.es)).toEqual(BEFORE.es);
  });
});
