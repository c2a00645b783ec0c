import type { Locale } from '../../src/i18n.ts';

// The words on a card's wallet pass, in every language of the product (a Record<Locale, …>, so a missing
// language is a type error): the pass is made in the language the visitor's phone asks for.

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

export const PASS_TEXTS: Record<Locale, PassTexts> = {
  en: {
    passOf: (name) => `Business card of ${name}`,
    mobile: 'Mobile',
    workPhone: 'Work phone',
    email: 'Email',
    website: 'Website',
    address: 'Address',
    company: 'Company',
    cardPage: 'Card',
  },
  es: {
    passOf: (name) => `Tarjeta de visita de ${name}`,
    mobile: 'Móvil',
    workPhone: 'Teléfono del trabajo',
    email: 'Correo electrónico',
    website: 'Sitio web',
    address: 'Dirección',
    company: 'Empresa',
    cardPage: 'Tarjeta',
  },
};
